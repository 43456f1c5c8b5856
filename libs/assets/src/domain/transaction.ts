import type { AccountingCategory, TransactionRelatedType, WrittenBy } from './transaction-classification';
import type { CaseRecord } from '@estate/shared-kernel/domain';

/**
 * What the ledger and the court accounting read of a transaction of a bank account (the record has more: its
 * declaration). An audit record (audit rule 1: never deleted; only `is_flagged`, `notes` and its classification
 * change, `#17`).
 */
export interface TransactionFacts extends CaseRecord {
  bankAccountId: string;
  date: string;
  /** A debit is negative. */
  amount: number;
  description: string;
  merchantName: string | null;
  /** What it is in the court's account (contract-extensions §16.2); always set, by default from the sign. */
  accountingCategory: AccountingCategory;
  /** The record it names (an asset sold, a claim paid, the transfer or distribution that wrote it), both or neither. */
  relatedType: TransactionRelatedType | null;
  relatedId: string | null;
  /** The service's writer of the row (a transfer's settlement or return, a distribution's payment); null for a client's. */
  writtenBy: WrittenBy | null;
}
