import type { CashCommitment } from '../../domain/distribution-allowance';

/** What the case's other distributions already ask of the estate (the creditor claims are the court's: `EstateClaims`). */
export abstract class DistributionCommitments {
  /** `approved` cash distributions of the case other than `excludingId`. */
  abstract approvedCash(caseId: string, excludingId: string): Promise<CashCommitment[]>;

  /** Ids of the `approved` or `paid` distributions other than `excludingId` that give this asset. */
  abstract giversOf(caseId: string, assetType: string, assetId: string, excludingId: string): Promise<string[]>;
}
