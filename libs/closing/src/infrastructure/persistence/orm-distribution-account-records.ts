import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords } from '@estate/shared-kernel';
import { AccountDistribution, DistributionAccountReader } from '../../application/ports/distribution-account-records.port';
import { distributionResource } from '../../resources/distribution.resource';

/** The distributions an account reads, through MikroORM on the caller's unit of work. */
@Injectable()
export class OrmDistributionAccountRecords extends DistributionAccountReader {
  constructor(private readonly em: EntityManager) {
    super();
  }

  ofCase(caseId: string): Promise<AccountDistribution[]> {
    return findRecords(this.em, distributionResource.schema, [{ caseId }]);
  }
}
