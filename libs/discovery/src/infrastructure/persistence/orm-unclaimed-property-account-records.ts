import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords } from '@estate/shared-kernel';
import { AccountUnclaimedProperty, UnclaimedPropertyAccountReader } from '../../application/ports/unclaimed-property-account-records.port';
import { unclaimedPropertyResource } from '../../resources/unclaimed-property.resource';

/** The unclaimed property an account reads, through MikroORM on the caller's unit of work. */
@Injectable()
export class OrmUnclaimedPropertyAccountRecords extends UnclaimedPropertyAccountReader {
  constructor(private readonly em: EntityManager) {
    super();
  }

  ofCase(caseId: string): Promise<AccountUnclaimedProperty[]> {
    return findRecords(this.em, unclaimedPropertyResource.schema, [{ caseId }]);
  }
}
