import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { OwnershipType } from './bank-account-vocabulary';
import type { FinancialAccountKind, FinancialAccountStatus } from './financial-account-vocabulary';

/**
 * An account of the deceased that none of the specific kinds (bank, investment, retirement, life insurance, debt)
 * fits (contract-extensions §12.1): an annuity, a payment app, a safe deposit box… Plain data.
 */
export class FinancialAccount implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  accountKind: FinancialAccountKind;
  institutionName: string;
  /** Full number in memory, encrypted at rest, masked in every response. */
  accountNumber: string | null;
  accountTitle: string | null;
  ownershipType: OwnershipType | null;
  status: FinancialAccountStatus;
  balance: number | null;
  balanceAsOf: string | null;
  dateOfDeathValue: number | null;
  institutionContactId: string | null;
  notes: string | null;
}
