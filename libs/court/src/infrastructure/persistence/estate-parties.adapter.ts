import { Injectable } from '@nestjs/common';
import { CaseIdentitySubjects, type IdentitySubject } from '@estate/case';
import { EstatePartiesReader } from '../../application/ports/estate-parties.port';
import type { EstateParties } from '../../domain/estate-ein';

const fullNameOf = (person: IdentitySubject) => [person.firstName, person.middleName, person.lastName].filter(Boolean).join(' ');

/** The deceased and the executor through the case context's narrow read port (never its tables). */
@Injectable()
export class EstatePartiesAdapter extends EstatePartiesReader {
  constructor(private readonly subjects: CaseIdentitySubjects) {
    super();
  }

  async partiesOf(caseId: string): Promise<EstateParties> {
    const [deceased, executor] = await Promise.all([this.subjects.deceasedOf(caseId), this.subjects.executorOf(caseId)]);
    return {
      deceased: deceased && { fullName: fullNameOf(deceased), ssn: deceased.ssn, dateOfDeath: deceased.dateOfDeath },
      executor: executor && { fullName: fullNameOf(executor), ssn: executor.ssn },
    };
  }
}
