import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords } from '@estate/shared-kernel';
import { ClaimOnEstate, EstateClaims } from '../../application/ports/estate-claims.port';
import { creditorClaimResource } from '../../resources/creditor-claim.resource';

/** The creditor claims, read as plain fields through the kernel's statements on the caller's connection. */
@Injectable()
export class OrmEstateClaims extends EstateClaims {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async claimsOf(caseId: string): Promise<ClaimOnEstate[]> {
    const claims = await findRecords(this.em, creditorClaimResource.schema, [{ caseId }], { orderBy: { createdAt: 'asc', id: 'asc' } });
    return claims.map((claim) => ({ id: claim.id, status: claim.status, claimAmount: claim.claimAmount, resolutionAmount: claim.resolutionAmount }));
  }
}
