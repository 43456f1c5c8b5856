import { Injectable } from '@nestjs/common';
import { CaseDeceasedDates, CaseIdentitySubjects } from '@estate/case';
import { DeceasedDates } from '../../application/ports/deceased-dates.port';

/** The date of death and the deceased's address through the case context's narrow read ports (never its tables). */
@Injectable()
export class DeceasedDatesAdapter extends DeceasedDates {
  constructor(
    private readonly deceased: CaseDeceasedDates,
    private readonly subjects: CaseIdentitySubjects,
  ) {
    super();
  }

  dateOfDeath(caseId: string): Promise<string | null> {
    return this.deceased.dateOfDeathOf(caseId);
  }

  async addressStateOf(caseId: string): Promise<string | null> {
    return (await this.subjects.deceasedOf(caseId))?.address?.state ?? null;
  }
}
