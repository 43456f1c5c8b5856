import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ProbateAccountRecords, ProbateAccountRecordsReader } from '../../application/ports/probate-account-records.port';
import { creditorClaimResource } from '../../resources/creditor-claim.resource';
import { probateCaseResource } from '../../resources/probate-case.resource';
import { unclaimedPropertyResource } from '../../resources/unclaimed-property.resource';
import { distributionResource } from '../../resources/distribution.resource';

/** The probate records an account reads, through MikroORM on the caller's unit of work. */
@Injectable()
export class OrmProbateAccountRecords extends ProbateAccountRecordsReader {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ofCase(caseId: string): Promise<ProbateAccountRecords> {
    const probate = await this.em.findOne(probateCaseResource.schema, { caseId });
    const creditorClaims = await this.em.find(creditorClaimResource.schema, { caseId });
    const unclaimedProperty = await this.em.find(unclaimedPropertyResource.schema, { caseId });
    const distributions = await this.em.find(distributionResource.schema, { caseId });
    return {
      probateCase: probate && { courtName: probate.courtName ?? null, countyName: probate.countyName ?? null, state: probate.state, caseNumber: probate.caseNumber ?? null },
      creditorClaims,
      unclaimedProperty,
      distributions,
    };
  }
}
