import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DistributionCommitments } from '../../application/ports/distribution-commitments.port';
import type { CashCommitment, ClaimOnEstate } from '../../domain/distribution-allowance';
import { CreditorClaimSchema } from './probate.schemas';
import { distributionResource } from '../../resources/distribution.resource';

/** The commitments on the caller's unit of work (the approval's transaction, under the case and estate-account locks). */
@Injectable()
export class OrmDistributionCommitments extends DistributionCommitments {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async approvedCash(caseId: string, excludingId: string): Promise<CashCommitment[]> {
    const rows = await this.em.find(distributionResource.schema, { caseId, kind: 'cash', status: 'approved', id: { $ne: excludingId } }, { fields: ['id', 'sourceAccountId', 'amount'] });
    return rows.map((row) => ({ distributionId: row.id, sourceAccountId: row.sourceAccountId, amount: row.amount ?? 0 }));
  }

  async giversOf(caseId: string, assetType: string, assetId: string, excludingId: string): Promise<string[]> {
    const rows = await this.em.find(
      distributionResource.schema,
      { caseId, assetType: assetType as never, assetId, status: { $in: ['approved', 'paid'] }, id: { $ne: excludingId } },
      { fields: ['id'], orderBy: { id: 'asc' } },
    );
    return rows.map((row) => row.id);
  }

  async claimsOf(caseId: string): Promise<ClaimOnEstate[]> {
    const claims = await this.em.find(CreditorClaimSchema, { caseId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return claims.map((claim) => ({ id: claim.id, status: claim.status, claimAmount: claim.claimAmount, resolutionAmount: claim.resolutionAmount }));
  }
}
