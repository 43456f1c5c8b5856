import { Injectable } from '@nestjs/common';
import { BankAccounts, DistributableAssets, type DistributableAssetKind } from '@estate/assets';
import { EstateClaims } from '@estate/court';
import type { Distribution } from '../../domain/distribution';
import { distributionRefusals, DistributionNotAllowed, EstateHoldings } from '../../domain/distribution-allowance';
import { DistributionCommitments } from '../ports/distribution-commitments.port';

/**
 * Contract-extensions §12.7: what the estate holds, read at approval and again at payment. Every estate account of the
 * case is held `for update` in id order before anything is read (after the case row, which the use case's unit of work
 * holds), so two concurrent approvals cannot both count the same money.
 */
@Injectable()
export class EstateHoldingsCheck {
  constructor(
    private readonly accounts: BankAccounts,
    private readonly commitments: DistributionCommitments,
    private readonly claims: EstateClaims,
    private readonly assets: DistributableAssets,
  ) {}

  async assertAllowed(distribution: Distribution): Promise<void> {
    const refusals = distributionRefusals(distribution, await this.holdingsFor(distribution));
    if (refusals.length > 0) throw new DistributionNotAllowed(refusals);
  }

  private async holdingsFor(distribution: Distribution): Promise<EstateHoldings> {
    const { caseId, id } = distribution;
    const estateAccounts = await this.accounts.estateAccountsOf(caseId, { lock: true });
    const holdings: EstateHoldings = {
      estateAccounts: estateAccounts.map((account) => ({ accountId: account.id, open: account.status === 'open', availableBalance: account.availableBalance })),
      otherApprovedCash: await this.commitments.approvedCash(caseId, id),
      claims: await this.claims.claimsOf(caseId),
    };
    if (distribution.kind === 'in_kind' && distribution.assetType && distribution.assetId) {
      const asset = await this.assets.find(caseId, distribution.assetType as DistributableAssetKind, distribution.assetId);
      holdings.asset = asset && { unavailableBecause: asset.unavailableBecause };
      holdings.assetGivenBy = await this.commitments.giversOf(caseId, distribution.assetType, distribution.assetId, id);
    }
    return holdings;
  }
}
