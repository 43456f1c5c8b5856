import { Injectable } from '@nestjs/common';
import { CasePersons } from '@estate/case';
import { SurvivingBeneficiary, SurvivingRelatives } from '../../application/ports/estate-tax-facts.port';

/** Who survives, from the persons of the case and their kinship, through the case context's read port (never its tables). */
@Injectable()
export class CaseSurvivingRelatives extends SurvivingRelatives {
  constructor(private readonly persons: CasePersons) {
    super();
  }

  async survivorsOf(caseId: string): Promise<{ spouseSurvives: boolean; beneficiaries: SurvivingBeneficiary[] }> {
    const living = (await this.persons.personsOf(caseId)).filter((person) => !person.isDeceased);
    return {
      spouseSurvives: living.some((person) => person.kinship === 'spouse'),
      beneficiaries: living.filter((person) => person.isBeneficiary).map((person) => ({ name: person.fullName, kinship: person.kinship })),
    };
  }
}
