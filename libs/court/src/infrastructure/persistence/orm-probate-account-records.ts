import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords } from '@estate/shared-kernel';
import { ProbateAccountRecords, ProbateAccountRecordsReader } from '../../application/ports/probate-account-records.port';
import { creditorClaimResource } from '../../resources/creditor-claim.resource';
import { probateCaseResource } from '../../resources/probate-case.resource';

/** The court's records an account reads, through MikroORM on the caller's unit of work. */
@Injectable()
export class OrmProbateAccountRecords extends ProbateAccountRecordsReader {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ofCase(caseId: string): Promise<ProbateAccountRecords> {
    const probate = await this.em.findOne(probateCaseResource.schema, { caseId });
    const scope = { caseId };
    const creditorClaims = await findRecords(this.em, creditorClaimResource.schema, [scope]);
    return {
      probateCase: probate && { courtName: probate.courtName ?? null, countyName: probate.countyName ?? null, state: probate.state, caseNumber: probate.caseNumber ?? null },
      creditorClaims,
    };
  }
}
