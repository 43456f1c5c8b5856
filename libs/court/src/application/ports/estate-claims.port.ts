import type { ClaimStatus } from '../../domain/probate-vocabulary';

/** A creditor claim as what it asks of the estate (UPC §3-807): its status and amounts. */
export interface ClaimOnEstate {
  id: string;
  status: ClaimStatus;
  claimAmount: number;
  resolutionAmount: number | null;
}

/**
 * Port of the court for the distributions of the closing context (contract-extensions §12.7): the creditor claims of a
 * case, oldest first, read in the caller's transaction (an approval's, under the case and estate-account locks).
 */
export abstract class EstateClaims {
  abstract claimsOf(caseId: string): Promise<ClaimOnEstate[]>;
}
