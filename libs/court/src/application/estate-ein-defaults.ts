import { Injectable } from '@nestjs/common';
import { Clock, SingletonDerivation } from '@estate/shared-kernel';
import { EstateEin } from '../domain/estate-ein';
import { EstatePartiesReader } from './ports/estate-parties.port';
import { ProbateCaseStates } from './ports/probate-case-states.port';

/**
 * Fills the EIN's defaults and computed fields from the deceased, the executor and the probate case on every write
 * (§10.6), reading them in the write's transaction.
 */
@Injectable()
export class EstateEinDefaults implements SingletonDerivation<EstateEin> {
  constructor(
    private readonly parties: EstatePartiesReader,
    private readonly probateCases: ProbateCaseStates,
    private readonly clock: Clock,
  ) {}

  async derive(ein: EstateEin): Promise<void> {
    const parties = await this.parties.partiesOf(ein.caseId);
    const probate = await this.probateCases.placeOf(ein.caseId);
    EstateEin.derive(ein, { ...parties, probate }, this.clock.today());
  }
}
