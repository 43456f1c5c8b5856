import { Injectable } from '@nestjs/common';
import { CaseDeceasedDates } from '@estate/case';
import { DeceasedDates } from '../../application/ports/deceased-dates.port';

/** The date of death through the case context's narrow read port (never its tables). */
@Injectable()
export class DeceasedDatesAdapter extends DeceasedDates {
  constructor(private readonly deceased: CaseDeceasedDates) {
    super();
  }

  dateOfDeath(caseId: string): Promise<string | null> {
    return this.deceased.dateOfDeathOf(caseId);
  }
}
