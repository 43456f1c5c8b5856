import type { BankAccountStatus, BankAccountType, OwnershipType } from '../domain/bank-account-vocabulary';
import type { InstantTransferSummary } from '../domain/bank-account';
import type { IneligibilityReason } from '../domain/instant-transfer-eligibility';

/** Why an account is not eligible for instant transfer, with the case's authority level the policy read. */
export interface IneligibilityExplanation {
  reasons: IneligibilityReason[];
  authorityLevel: string | null;
}

/** An account's two balances, as stored (null when unset). */
export interface AccountBalances {
  currentBalance: number | null;
  availableBalance: number | null;
}

/** One bank account as another context (transfers) reads it: the full account number and the summary included. */
export interface BankAccountSnapshot {
  id: string;
  caseId: string;
  institutionName: string;
  institutionRoutingNumber: string | null;
  accountType: BankAccountType;
  /** In full: only for the ACH network adapter; never put it in a response. */
  accountNumber: string;
  ownershipType: OwnershipType;
  status: BankAccountStatus;
  currentBalance: number | null;
  availableBalance: number | null;
  currency: string;
  isEstateAccount: boolean;
  closureMethod: string | null;
  instantTransfer: InstantTransferSummary;
}

/**
 * The narrow port `@estate/assets` offers the coming transfers context (architecture: "transfers reads bank accounts
 * through a read port of assets"). Reads and the few summary writes run in the caller's transaction. A veto on
 * deleting an account ("an account with an active transfer cannot be deleted") is registered with the kernel's
 * `RecordDeletionVetoes` against the exported `bankAccountResource`.
 */
export abstract class BankAccounts {
  /** An account of the case, or null when the case has no such account; `lock` holds its row `for update` first. */
  abstract ofCase(caseId: string, accountId: string, options?: { lock?: boolean }): Promise<BankAccountSnapshot | null>;

  /** The case's estate account (`is_estate_account: true`, the oldest if several), or null. */
  abstract estateAccountOf(caseId: string): Promise<BankAccountSnapshot | null>;

  /**
   * Every estate account of the case (`is_estate_account: true`, any status), in id order; `lock` holds their rows
   * `for update` in that order first, so that checks of what the estate holds (distributions, §12.7) cannot interleave.
   */
  abstract estateAccountsOf(caseId: string, options?: { lock?: boolean }): Promise<BankAccountSnapshot[]>;

  /** The eligibility policy's reasons against the account as it is now (empty when eligible), for a refusal to name them. */
  abstract ineligibilityOf(account: BankAccountSnapshot): Promise<IneligibilityExplanation>;

  /** Sets (or clears, with null) `instant_transfer.active_transfer_id`. */
  abstract setActiveTransfer(caseId: string, accountId: string, transferId: string | null): Promise<void>;

  /** Adds a settled amount to `instant_transfer.transferred_amount` and sets `closure_method` to `instant_transfer`. */
  abstract recordSettledTransfer(caseId: string, accountId: string, amount: number): Promise<void>;

  /**
   * Moves `current_balance` by `delta` and `available_balance` by `availableDelta` (by default the same): a
   * settlement, its hold's release, its return, a distribution's payment, a transaction on an estate account. Unset
   * balances stay unset, except on an estate account, whose ledger is complete: there an unset balance counts as 0.
   * Answers the balances after the move.
   */
  abstract adjustBalances(caseId: string, accountId: string, delta: number, availableDelta?: number): Promise<AccountBalances>;
}
