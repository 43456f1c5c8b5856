import type { ClosableAssetKind } from '../../domain/asset-kinds';

/** The kinds of account an automated closure closes (contract-extensions §15.1): those the catalogue gives closure rules. */
export type ClosableAccountKind = ClosableAssetKind;

/** An account of the case as a closure request reads it. */
export interface ClosableAccountSnapshot {
  kind: ClosableAccountKind;
  id: string;
  /** The bank's, custodian's or carrier's name. */
  institutionName: string;
  /** The last four characters of the account (or policy) number; null when none is on record. */
  lastFour: string | null;
  /** Its `status` as stored (free text for investment and retirement accounts and policies), or null. */
  status: string | null;
  isEstateAccount: boolean;
  /** Its status says `closed`. */
  closed: boolean;
  /** Bank and financial accounts: a closure moves their status (`pending_closure`, `closed`). */
  statusTracked: boolean;
}

/**
 * Port: the accounts a closure request closes, as the probate context reads and moves them (issue 17: data, not SQL,
 * crosses). Bound by AssetsModule; every method runs in the caller's transaction, and a move is told as the account's
 * own `{key}.updated` event, as a change through its route would be.
 */
export abstract class ClosableAccounts {
  /** An account of that kind in the case, or null when the case has none with that id. */
  abstract ofCase(caseId: string, kind: ClosableAccountKind, accountId: string): Promise<ClosableAccountSnapshot | null>;

  /**
   * Moves a tracked account's `status` (bank accounts' instant-transfer summary follows); `closedDate` sets
   * `closed_date` where the kind has one. A kind whose status is not tracked is left alone.
   */
  abstract moveStatus(caseId: string, kind: ClosableAccountKind, accountId: string, status: string, closedDate?: string): Promise<void>;
}
