import type { CaseRecord } from '@estate/shared-kernel/domain';

/**
 * A transaction of a bank account: an audit record (audit rule 1: never deleted; only `is_flagged` and `notes`
 * change, `#17`). `runningBalance` is stored and kept right by the transaction resource's write hooks.
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
}
