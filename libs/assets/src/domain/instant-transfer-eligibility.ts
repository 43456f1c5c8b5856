import type { BankAccountStatus, BankAccountType, InstantTransferEligibility, OwnershipType } from './bank-account-vocabulary';

/** The most one instant transfer may move out of one account (contract §8). */
export const MAX_INSTANT_TRANSFER_AMOUNT = 250_000;

/** Authority levels that allow an instant transfer (contract §8: `level_2` or higher). */
const SUFFICIENT_LEVELS: readonly string[] = ['level_2', 'level_3'];

/** What the policy looks at: the account's own facts. */
export interface EligibilityFacts {
  accountType: BankAccountType;
  ownershipType: OwnershipType;
  status: BankAccountStatus;
  isEstateAccount: boolean;
  availableBalance: number | null;
  /** What settled instant transfers have already moved out (returns deducted); absent means none. */
  instantTransferTransferredAmount?: number | null;
}

/** Why an account is not eligible; the transfers context may show these in `transfer_not_allowed` details. */
export type IneligibilityReason =
  | 'not_held_by_deceased_alone'
  | 'not_open'
  | 'estate_account'
  | 'no_available_balance'
  | 'insufficient_authority';

export interface EligibilityDecision {
  eligibility: InstantTransferEligibility;
  maxTransferAmount: number;
  reasons: IneligibilityReason[];
}

/**
 * Contract §8, as a pure function of the account and the case's authority level: `eligible` when the account is held
 * by the deceased alone (`ownership_type` `individual`), its `status` is `open`, it is not an estate account, its
 * `available_balance` is positive and the authority level is `level_2` or higher. Joint, payable-on-death,
 * transfer-on-death and trust accounts pass outside the estate, so they are never eligible; an account whose
 * `account_type` says joint, trust or estate is treated the same even if its `ownership_type` says `individual`.
 * `max_transfer_amount` is the lesser of the available balance and 250,000.00 less what settled transfers already moved,
 * and 0 when ineligible: settled money has already left the available balance, so it is never subtracted twice, and the
 * answer depends on these values alone (the same after any edit that changes none of them).
 */
export function decideInstantTransferEligibility(account: EligibilityFacts, authorityLevel: string | null): EligibilityDecision {
  const reasons: IneligibilityReason[] = [];
  if (account.ownershipType !== 'individual' || account.accountType === 'joint_account' || account.accountType === 'trust_account') {
    reasons.push('not_held_by_deceased_alone');
  }
  if (account.status !== 'open') reasons.push('not_open');
  if (account.isEstateAccount || account.accountType === 'estate_account') reasons.push('estate_account');
  if (account.availableBalance === null || !(account.availableBalance > 0)) reasons.push('no_available_balance');
  if (authorityLevel === null || !SUFFICIENT_LEVELS.includes(authorityLevel)) reasons.push('insufficient_authority');
  if (reasons.length > 0) return { eligibility: 'ineligible', maxTransferAmount: 0, reasons };
  // Cents, so that the cap less the transferred amount is exact; the result is one of two two-decimal numbers.
  const capLeft = (Math.round(MAX_INSTANT_TRANSFER_AMOUNT * 100) - Math.round((account.instantTransferTransferredAmount ?? 0) * 100)) / 100;
  return { eligibility: 'eligible', maxTransferAmount: Math.max(0, Math.min(account.availableBalance as number, capLeft)), reasons };
}
