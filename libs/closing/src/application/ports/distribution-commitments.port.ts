import type { CashCommitment, ClaimOnEstate } from '../../domain/distribution-allowance';

/** What the case's other distributions and its creditor claims already ask of the estate (probate's own records). */
export abstract class DistributionCommitments {
  /** `approved` cash distributions of the case other than `excludingId`. */
  abstract approvedCash(caseId: string, excludingId: string): Promise<CashCommitment[]>;

  /** Ids of the `approved` or `paid` distributions other than `excludingId` that give this asset. */
  abstract giversOf(caseId: string, assetType: string, assetId: string, excludingId: string): Promise<string[]>;

  abstract claimsOf(caseId: string): Promise<ClaimOnEstate[]>;
}
