import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ProbateCaseStates } from '../../application/ports/probate-case-states.port';
import { probateCaseResource } from '../../resources/probate-case.resource';

/** Reads the probate case's `state` in the caller's transaction (the filings' form rule, the notary's commission state). */
@Injectable()
export class OrmProbateCaseStates extends ProbateCaseStates {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async stateOf(caseId: string): Promise<string | null> {
    const probate = await this.em.findOne(probateCaseResource.schema, { caseId });
    return probate?.state ?? null;
  }

  async placeOf(caseId: string): Promise<{ state: string; countyName: string | null } | null> {
    const probate = await this.em.findOne(probateCaseResource.schema, { caseId });
    return probate ? { state: probate.state, countyName: probate.countyName ?? null } : null;
  }
}
