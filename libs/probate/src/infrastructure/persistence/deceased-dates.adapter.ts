import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DeceasedDates } from '../../application/ports/deceased-dates.port';

/**
 * Reads the date of death from the case context's `deceased` row. The case context exports no read port for the
 * deceased yet; this one query is the whole of the coupling, kept behind the port so that such a port replaces it
 * by a change of binding.
 */
@Injectable()
export class DeceasedDatesAdapter extends DeceasedDates {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async dateOfDeath(caseId: string): Promise<string | null> {
    const rows = await this.em.execute<Array<{ date_of_death: string | null }>>(
      `select to_char(date_of_death, 'YYYY-MM-DD') as date_of_death from deceased where case_id = ?`,
      [caseId],
    );
    return rows[0]?.date_of_death ?? null;
  }
}
