import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BusinessSnapshot, CaseBusinesses } from '../application/ports/case-businesses.port';
import { businessResource } from '../resources/business.resource';

/** The CaseBusinesses port on MikroORM, in the caller's transaction (the EIN decrypted by its column type). */
@Injectable()
export class OrmCaseBusinesses extends CaseBusinesses {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ofCase(caseId: string, businessId: string): Promise<BusinessSnapshot | null> {
    const business = await this.em.findOne(businessResource.schema, { caseId, id: businessId });
    return business ? { id: business.id, businessName: business.businessName, ein: business.ein ?? null } : null;
  }
}
