import { Injectable } from '@nestjs/common';
import { Clock, SingletonDerivation } from '@estate/shared-kernel';
import { EstateEin } from '../domain/estate-ein';
import { EstatePartiesReader } from './ports/estate-parties.port';

/** Fills the EIN's defaults and computed fields from the deceased and the executor on every write (§10.6). */
@Injectable()
export class EstateEinDefaults implements SingletonDerivation<EstateEin> {
  constructor(
    private readonly parties: EstatePartiesReader,
    private readonly clock: Clock,
  ) {}

  async derive(ein: EstateEin): Promise<void> {
    EstateEin.derive(ein, await this.parties.partiesOf(ein.caseId), this.clock.today());
  }
}
