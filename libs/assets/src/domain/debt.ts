import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { DebtCondition, DebtType, NotificationStatus, ResponsibilityCode } from './debt-vocabulary';

/** A credit card, loan or other debt of the deceased: a plain record, no rules of its own. */
export class Debt implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  debtType: DebtType;
  creditorName: string;
  /** Full number in memory, encrypted at rest, masked in every response. */
  accountNumber: string | null;
  condition: DebtCondition | null;
  responsibility: ResponsibilityCode | null;
  balance: number | null;
  creditLimit: number | null;
  minimumPayment: number | null;
  interestRate: number | null;
  isJointAccount: boolean;
  jointHolderName: string | null;
  collectionAgency: string | null;
  originalCreditor: string | null;
  creditBureauSource: string | null;
  lastPaymentDate: string | null;
  notificationStatus: NotificationStatus | null;
  notificationDate: string | null;
  institutionContactId: string | null;
  notes: string | null;
}
