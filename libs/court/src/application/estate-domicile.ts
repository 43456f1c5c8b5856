import { Injectable } from '@nestjs/common';
import { CaseDeceasedResidences } from '@estate/case';
import { domicileOf } from '../domain/domicile';
import { ProbateCaseStates } from './ports/probate-case-states.port';

/**
 * The estate's domicile (contract-extensions §17.2) as a case records it: the named state, else the probate case's,
 * else the deceased's last residence's. Each source is read only when the ones before it are silent.
 */
@Injectable()
export class EstateDomicile {
  constructor(
    private readonly probateCases: ProbateCaseStates,
    private readonly residences: CaseDeceasedResidences,
  ) {}

  async of(caseId: string, named: string | null = null): Promise<string | null> {
    if (named !== null) return named;
    const probateCaseState = await this.probateCases.stateOf(caseId);
    return domicileOf(null, probateCaseState, probateCaseState === null ? await this.residences.residenceStateOf(caseId) : null);
  }
}
