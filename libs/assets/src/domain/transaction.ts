import type { AccountingCategory, TransactionRelatedType, WrittenBy } from '@estate/accounting/rules';
import type { CaseRecord } from '@estate/shared-kernel/domain';

/**
 * A transaction of a bank account: an audit record (audit rule 1: never deleted; only `is_flagged`, `notes` and its
 * classification change, `#17`). `runningBalance` is stored and kept right by the transaction resource's write hooks.
 */
export class Transaction implements CaseRecord {
  id: string;
  caseId: string;
  bankAccountId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  date: string;
  postedDate: string | null;
  effectiveDate: string | null;
  type: string | null;
  /** A debit is negative. */
  amount: number;
  runningBalance: number;
  description: string;
  merchantName: string | null;
  referenceNumber: string | null;
  checkNumber: string | null;
  category: string | null;
  isRecurring: boolean;
  isFlagged: boolean;
  flagReason: string | null;
  notes: string | null;
  /** What it is in the court's account (contract-extensions §16.2); always set, by default from the sign. */
  accountingCategory: AccountingCategory;
  /** The record it names (an asset sold, a claim paid, the transfer or distribution that wrote it), both or neither. */
  relatedType: TransactionRelatedType | null;
  relatedId: string | null;
  /** The service's writer of the row (a transfer's settlement or return, a distribution's payment); null for a client's. */
  writtenBy: WrittenBy | null;
}
