import type { InstantTransferAccount } from '../../domain/bank-account';

/** Port: a change applied to every bank account of a case at once (a use case of assets; bound to the ORM adapter). */
export abstract class BankAccountRevisions {
  /**
   * Applies `revise` to every account of the case and saves them in the caller's transaction; each account is then
   * told as `bank_account.updated` (the kernel's events skip one whose view did not move).
   */
  abstract reviseEveryAccountOf(caseId: string, revise: (account: InstantTransferAccount) => void): Promise<void>;
}
