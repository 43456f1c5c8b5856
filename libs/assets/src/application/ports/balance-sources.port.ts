/** A balance recorded by hand, as the history reads it. */
export interface RecordedBalancePoint {
  date: string;
  balance: number;
  availableBalance: number | null;
}

/** The running balance after the last transaction of a day. */
export interface LedgerDay {
  date: string;
  runningBalance: number;
}

/** What a balance history (contract §12.3) reads of the assets' own tables, on the connection the caller holds. */
export abstract class BalanceSources {
  /** Whether the bank account is one of the case's. */
  abstract accountExists(caseId: string, accountId: string): Promise<boolean>;
  /** The earliest date of the account's transactions and recorded points, or null when it has neither. */
  abstract firstDate(accountId: string): Promise<string | null>;
  /** The points recorded from `from` to `to`, oldest first. */
  abstract recorded(accountId: string, from: string, to: string): Promise<RecordedBalancePoint[]>;
  /**
   * One entry per day with transactions from `from` to `to` — the running balance after the day's last transaction
   * (ledger order: `date`, then creation) — preceded by the last such day before `from`, if any; oldest first.
   */
  abstract ledger(accountId: string, from: string, to: string): Promise<LedgerDay[]>;
}
