import type { OwnershipType } from './bank-account-vocabulary';
import type { FinancialAccountKind, FinancialAccountStatus } from './financial-account-vocabulary';

/**
 * What the inventory and the court accounting read of a financial account (contract-extensions §12.1: an account of
 * the deceased that none of the specific kinds fits; the record has more: its declaration).
 */
export interface FinancialAccountFacts {
  id: string;
  accountKind: FinancialAccountKind;
  institutionName: string;
  /** Full number in memory, encrypted at rest, masked in every response. */
  accountNumber: string | null;
  ownershipType: OwnershipType | null;
  status: FinancialAccountStatus;
  balance: number | null;
  dateOfDeathValue: number | null;
  createdAt: Date;
}
