import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords } from '@estate/shared-kernel';
import type { PaidUnclaimedProperty } from '@estate/assets';
import { unclaimedPropertyResource } from '../../resources/unclaimed-property.resource';

/** The paid unclaimed-property claims of a case, for the estate inventory (contract-extensions §12.5), on the caller's unit of work. */
@Injectable()
export class PaidUnclaimedPropertyReader {
  constructor(private readonly em: EntityManager) {}

  async paidOf(caseId: string): Promise<PaidUnclaimedProperty[]> {
    const paid = await findRecords(this.em, unclaimedPropertyResource.schema, [{ caseId, claimStatus: 'paid' }], { orderBy: { createdAt: 'asc', id: 'asc' } });
    return paid.map(({ id, holderName, propertyType, state, claimNumber, claimPaidAmount, createdAt }) => ({ id, holderName, propertyType, state, claimNumber, claimPaidAmount, createdAt }));
  }
}
