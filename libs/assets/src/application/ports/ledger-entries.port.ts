/** A ledger entry another context's work calls for: the money a transfer moved on one account of the case. */
export interface TransferLedgerEntry {
  caseId: string;
  bankAccountId: string;
  /** The banking date the entry is dated, posted and effective on (`YYYY-MM-DD`). */
  date: string;
  /** `ach_debit`, `ach_credit` or `ach_return`. */
  type: string;
  /** Signed: negative leaves the account. */
  amount: number;
  description: string;
  /** The transfer's ACH trace number. */
  referenceNumber: string | null;
  /** The transfer that moved the money: the entry's `related_id` (contract-extensions §16.2). */
  transferId: string;
}

/** The debit a cash distribution's payment writes on its source account (contract-extensions §12.7). */
export interface DistributionLedgerEntry {
  caseId: string;
  bankAccountId: string;
  /** `paid_date`. */
  date: string;
  /** Positive: the amount paid out (the entry is its negative). */
  amount: number;
  /** `Distribution to {recipient_name}`. */
  description: string;
  /** The distribution paid: the entry's `related_id` (contract-extensions §16.2). */
  distributionId: string;
}

/**
 * Port: the accounts' ledgers as other contexts write to them (issue 17). Entries are posted as the account's
 * transactions (category `transfer`) in the caller's transaction, with their running balances and their
 * `transaction.created` event exactly as a transaction created through the API. They are the service's own rows
 * (contract-extensions §16.2): classified by their writer, naming the record that wrote them, and fixed.
 */
export abstract class LedgerEntries {
  /**
   * Posts the entry. An account erased with its case since keeps its ledger (transactions are audit records): the entry
   * is appended to it without an event. False only when the account never had a ledger row.
   */
  abstract postTransferEntry(entry: TransferLedgerEntry): Promise<boolean>;

  /**
   * Posts a distribution's payment as a transaction of `type` `distribution` and lowers the account's
   * `current_balance` and `available_balance` by the amount, in the caller's transaction. Answers the transaction's id.
   */
  abstract postDistributionPayment(entry: DistributionLedgerEntry): Promise<string>;
}
