import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { RecurringPaymentStatus, RecurringPaymentType } from './bank-account-vocabulary';

/** A payment that recurs on a bank account (a pension deposit, an autopay): a plain record. */
export class RecurringPayment implements CaseRecord {
  id: string;
  caseId: string;
  bankAccountId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  payeeName: string;
  type: RecurringPaymentType;
  amount: number;
  frequency: string;
  nextPaymentDate: string | null;
  lastPaymentDate: string | null;
  status: RecurringPaymentStatus;
  cancellationDate: string | null;
  cancelledBy: string | null;
  notes: string | null;
}
