import type { Counted } from './accounting-period';
import type { PropertyLine } from './accounting-lines';
import type { AccountingRecords, AccountingTransaction, CalendarDate } from './accounting-records';

/** The latest settled accounting before the period: its end, and its ending property (this one's beginning). */
export interface PreviousAccounting {
  to: CalendarDate;
  propertyOnHandEnd: readonly PropertyLine[];
}

/** What one computation needs (contract-extensions §16.4–§16.6). The period is assumed valid (`assertPeriod`). */
export interface AccountingInput {
  from: CalendarDate;
  to: CalendarDate;
  /** Today in UTC: a bank account is reported at its `current_balance` when `to` is today. */
  today: CalendarDate;
  dateOfDeath: CalendarDate;
  /** `null` for the first account. */
  previous: PreviousAccounting | null;
  /** What the settled accountings ending before `from` counted, together (nothing for the first account). */
  countedBefore: Counted;
  records: AccountingRecords;
}

/** Order of lines (§16.8): date, then creation, then id. */
export function byDateCreationId<T extends { date: CalendarDate; createdAt: Date; id: string }>(a: T, b: T): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Each bank account's transactions, in ledger order (whatever order they come in). */
export function ledgersOf(transactions: readonly AccountingTransaction[]): Map<string, AccountingTransaction[]> {
  const ledgers = new Map<string, AccountingTransaction[]>();
  for (const transaction of transactions) {
    const ledger = ledgers.get(transaction.bankAccountId);
    if (ledger) ledger.push(transaction);
    else ledgers.set(transaction.bankAccountId, [transaction]);
  }
  for (const ledger of ledgers.values()) ledger.sort(byDateCreationId);
  return ledgers;
}
