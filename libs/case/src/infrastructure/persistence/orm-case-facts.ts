import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords, NotFoundError } from '@estate/shared-kernel';
import {
  AccountParties,
  ExecutorContact,
  CaseAccountParties,
  CaseAuthorityLevels,
  CaseDeceasedDates,
  CaseDeceasedResidences,
  CaseFamilies,
  CaseEstateValues,
  CaseIdentitySubjects,
  CaseLettersDates,
  CasePerson,
  CasePersons,
  FamilyMember,
  IdentitySubject,
} from '../../application/ports/case-facts.port';
import { Authority } from '../../domain/authority';
import type { AuthorityLevel, EstateValue, FamilySide, Kinship } from '../../domain/case-vocabulary';
import { Deceased } from '../../domain/deceased';
import { deceasedResource } from '../../resources/deceased.resource';
import { executorResource } from '../../resources/executor.resource';
import { personResource } from '../../persons/person.resource';

/**
 * The case facts other contexts read, on the caller's unit of work. The estate value is one column by primary key, as a
 * plain statement on the caller's connection: loading a partial `EstateCase` into the identity map would hand a later
 * full load of the same case a half-filled entity.
 */
@Injectable()
export class OrmCaseFacts
  implements CaseAuthorityLevels, CaseDeceasedDates, CaseLettersDates, CaseEstateValues, CaseIdentitySubjects, CasePersons, CaseAccountParties, CaseFamilies, CaseDeceasedResidences
{
  constructor(private readonly em: EntityManager) {}

  /** The authority level on the unit of work: the caller's transaction sees the authority it is changing. */
  async levelOf(caseId: string): Promise<AuthorityLevel | null> {
    const authority = await this.em.findOne(Authority, { caseId }, { fields: ['level'] });
    return authority?.level ?? null;
  }

  async dateOfDeathOf(caseId: string): Promise<string | null> {
    const deceased = await this.em.findOne(deceasedResource.schema, { caseId }, { fields: ['dateOfDeath'] });
    return deceased?.dateOfDeath ?? null;
  }

  /** The whole executor (see `deceasedOf`): only its letters date leaves. */
  async lettersIssuedDateOf(caseId: string): Promise<string | null> {
    const executor = await this.em.findOne(executorResource.schema, { caseId });
    return executor?.lettersIssuedDate ?? null;
  }

  /** Whole records (a partial one in the identity map would hand a later load of it half its fields). */
  async deceasedOf(caseId: string): Promise<IdentitySubject | null> {
    const deceased = await this.em.findOne(deceasedResource.schema, { caseId });
    return deceased && { ...subjectOf(deceased), dateOfDeath: deceased.dateOfDeath };
  }

  async executorOf(caseId: string): Promise<IdentitySubject | null> {
    const executor = await this.em.findOne(executorResource.schema, { caseId });
    return executor && { ...subjectOf(executor), dateOfDeath: null };
  }

  async personOf(caseId: string, personId: string): Promise<CasePerson | null> {
    const person = await this.em.findOne(personResource.schema, { caseId, id: personId });
    return person && casePersonOf(person);
  }

  async personsOf(caseId: string): Promise<CasePerson[]> {
    const persons = await this.em.find(personResource.schema, { caseId }, { orderBy: { id: 'asc' } });
    return persons.map(casePersonOf);
  }

  /** One plain statement, no entity: the rows as they stood when it ran. Ties of a millisecond fall to the id. */
  async familyOf(caseId: string): Promise<FamilyMember[]> {
    const persons = await findRecords(this.em, personResource.schema, [{ caseId }], { orderBy: { createdAt: 'asc', id: 'asc' } });
    return persons.map((person) => ({
      id: person.id,
      fullName: fullNameOf(person),
      kinship: (person.kinship ?? null) as Kinship | null,
      throughPersonId: person.throughPersonId ?? null,
      descendantOfSpouse: person.descendantOfSpouse ?? null,
      spouseHasOtherDescendants: person.spouseHasOtherDescendants ?? null,
      side: (person.side ?? null) as FamilySide | null,
      isDeceased: person.isDeceased === true,
    }));
  }

  /** The whole record (see `deceasedOf`); only its address's state leaves. */
  async residenceStateOf(caseId: string): Promise<string | null> {
    const deceased = await this.em.findOne(deceasedResource.schema, { caseId });
    return deceased?.address?.state ?? null;
  }

  /** Whole records too (see `deceasedOf`); only names, the date of death and the role leave. */
  async partiesOf(caseId: string): Promise<AccountParties> {
    const deceased = await this.em.findOne(deceasedResource.schema, { caseId });
    const executor = await this.em.findOne(executorResource.schema, { caseId });
    return {
      deceased: deceased && { fullName: deceased.fullName ?? Deceased.displayName(deceased.firstName, deceased.middleName, deceased.lastName), dateOfDeath: deceased.dateOfDeath ?? null },
      executor: executor && {
        firstName: executor.firstName,
        middleName: executor.middleName,
        lastName: executor.lastName,
        suffix: executor.suffix,
        role: executor.role,
        bond: { status: executor.bondStatus ?? 'not_required', amount: executor.bondAmount ?? null, suretyName: executor.suretyName ?? null, bondNumber: executor.bondNumber ?? null },
      },
    };
  }

  async executorContactOf(caseId: string): Promise<ExecutorContact | null> {
    const executor = await this.em.findOne(executorResource.schema, { caseId });
    return executor && { address: executor.address ?? null, phone: executor.phone ?? null, email: executor.email ?? null };
  }

  async estateValueOf(caseId: string): Promise<EstateValue | null> {
    const [row] = await this.em.execute<Array<{ estate_value: EstateValue | null }>>(
      'select estate_value from cases where id = ? and deleted_at is null',
      [caseId],
    );
    if (!row) throw new NotFoundError('case');
    return row.estate_value;
  }
}

function fullNameOf(person: { firstName: string; middleName: string | null; lastName: string; suffix: string | null }): string {
  return [person.firstName, person.middleName, person.lastName, person.suffix].filter(Boolean).join(' ');
}

function subjectOf(person: Omit<IdentitySubject, 'dateOfDeath'>): Omit<IdentitySubject, 'dateOfDeath'> {
  const { firstName, middleName, lastName, dateOfBirth, ssn, address } = person;
  return { firstName, middleName, lastName, dateOfBirth, ssn, address };
}

function casePersonOf(person: { id: string; firstName: string; middleName?: string | null; lastName: string; suffix?: string | null; isBeneficiary: boolean; isDeceased: boolean; kinship?: string | null }): CasePerson {
  const fullName = [person.firstName, person.middleName, person.lastName, person.suffix].filter(Boolean).join(' ');
  return { id: person.id, fullName, isBeneficiary: person.isBeneficiary, isDeceased: person.isDeceased, kinship: (person.kinship ?? null) as Kinship | null };
}
