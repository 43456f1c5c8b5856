import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { BankAccountType, InstantTransferEligibility, OwnershipType } from './bank-account-vocabulary';
import type { EligibilityFacts } from './instant-transfer-eligibility';

/** What the inventory and the court accounting read of a bank account (the record has more: its declaration). */
export interface BankAccountFacts {
  id: string;
  institutionName: string;
  accountType: BankAccountType;
  /** Full number in memory, encrypted at rest, masked in every response. */
  accountNumber: string;
  ownershipType: OwnershipType;
  currency: string;
  currentBalance: number | null;
  createdAt: Date;
}

/**
 * The `instant_transfer` summary (specification, Bank account) as an account stores it, flat: only the eligibility
 * policy (`instant-transfer-eligibility.ts`) and the transfers context change it.
 */
export interface StoredInstantTransfer {
  instantTransferEligibility: InstantTransferEligibility;
  instantTransferMaxAmount: number;
  instantTransferActiveTransferId: string | null;
  instantTransferTransferredAmount: number;
  instantTransferEvaluatedAt: Date;
}

/** A bank account as the eligibility policy keeps its summary: the facts it decides on and the summary it stores. */
export interface InstantTransferAccount extends CaseRecord, Omit<EligibilityFacts, 'instantTransferTransferredAmount'>, StoredInstantTransfer {}

/** The `instant_transfer` object as the API shows it. */
export interface InstantTransferSummary {
  eligibility: InstantTransferEligibility;
  max_transfer_amount: number;
  active_transfer_id: string | null;
  transferred_amount: number;
  evaluated_at: string;
}

export function instantTransferSummaryOf(account: StoredInstantTransfer): InstantTransferSummary {
  return {
    eligibility: account.instantTransferEligibility,
    max_transfer_amount: account.instantTransferMaxAmount,
    active_transfer_id: account.instantTransferActiveTransferId ?? null,
    transferred_amount: account.instantTransferTransferredAmount ?? 0,
    evaluated_at: account.instantTransferEvaluatedAt.toISOString(),
  };
}
