import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { BankAccountStatus, BankAccountType, InstantTransferEligibility, OwnershipType } from './bank-account-vocabulary';
import type { StoredAddress } from './institution-contact';

/**
 * A bank account of the deceased (or the case's estate account). Plain data except its stored `instant_transfer`
 * summary, which only the eligibility policy (`instant-transfer-eligibility.ts`) and the transfers context change.
 */
export class BankAccount implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  institutionName: string;
  institutionRoutingNumber: string | null;
  accountType: BankAccountType;
  /** Full number in memory, encrypted at rest, masked in every response. */
  accountNumber: string;
  accountTitle: string | null;
  ownershipType: OwnershipType;
  status: BankAccountStatus;
  currentBalance: number | null;
  availableBalance: number | null;
  currency: string;
  interestRate: number | null;
  maturityDate: string | null;
  openedDate: string | null;
  closedDate: string | null;
  branchName: string | null;
  branchAddress: StoredAddress | null;
  branchPhone: string | null;
  onlineAccess: boolean;
  hasOverdraftProtection: boolean;
  isEstateAccount: boolean;
  closureMethod: string | null;
  // The `instant_transfer` summary (specification, Bank account), stored flat.
  instantTransferEligibility: InstantTransferEligibility;
  instantTransferMaxAmount: number;
  instantTransferActiveTransferId: string | null;
  instantTransferTransferredAmount: number;
  instantTransferEvaluatedAt: Date;
  notes: string | null;
}

/** The `instant_transfer` object as the API shows it. */
export interface InstantTransferSummary {
  eligibility: InstantTransferEligibility;
  max_transfer_amount: number;
  active_transfer_id: string | null;
  transferred_amount: number;
  evaluated_at: string;
}

export function instantTransferSummaryOf(account: BankAccount): InstantTransferSummary {
  return {
    eligibility: account.instantTransferEligibility,
    max_transfer_amount: account.instantTransferMaxAmount,
    active_transfer_id: account.instantTransferActiveTransferId ?? null,
    transferred_amount: account.instantTransferTransferredAmount ?? 0,
    evaluated_at: account.instantTransferEvaluatedAt.toISOString(),
  };
}
