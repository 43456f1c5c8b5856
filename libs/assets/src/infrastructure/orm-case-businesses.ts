import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords } from '@estate/shared-kernel';
import { BusinessSnapshot, CaseBusinesses } from '../application/ports/case-businesses.port';
import { businessResource } from '../resources/business.resource';

/** The CaseBusinesses port: the business's fields through its declaration's statement, in the caller's transaction (the EIN decrypted by its column type). */
@Injectable()
export class OrmCaseBusinesses extends CaseBusinesses {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ofCase(caseId: string, businessId: string): Promise<BusinessSnapshot | null> {
    const [business] = await findRecords(this.em, businessResource.schema, [{ caseId, id: businessId }]);
    return business ? { id: business.id, businessName: business.businessName, ein: business.ein ?? null } : null;
  }
}
