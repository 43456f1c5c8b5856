import type { AuthorityLevel, EstateValue, FamilySide, Kinship } from '../../domain/case-vocabulary';

/*
 * The narrow reads other contexts get of a case (issue 17): each answers plain data for a case id, in the caller's
 * transaction when one is open. The case context binds them (CaseModule); the others never see its tables or services.
 */

/** A case's authority level, or `null` when none is recorded (assets: instant-transfer eligibility, contract §8). */
export abstract class CaseAuthorityLevels {
  abstract levelOf(caseId: string): Promise<AuthorityLevel | null>;
}

/** The deceased's date of death, or `null` when no record exists yet (probate: deadlines from the date of death). */
export abstract class CaseDeceasedDates {
  abstract dateOfDeathOf(caseId: string): Promise<string | null>;
}

/** The executor's `letters_issued_date`, or `null` without an executor or the date (probate: the deadline generator). */
export abstract class CaseLettersDates {
  abstract lettersIssuedDateOf(caseId: string): Promise<string | null>;
}

/** The case's own `estate_value` (assets: the inventory shows it beside the computed one); a missing case is 404. */
export abstract class CaseEstateValues {
  abstract estateValueOf(caseId: string): Promise<EstateValue | null>;
}

/**
 * A person of the case as an identity check needs them: names, date of birth, the full SSN (decrypted: for the
 * provider's request only, never to be logged, stored elsewhere or returned), address and, for the deceased, the date
 * of death.
 */
export interface IdentitySubject {
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string | null;
  ssn: string | null;
  address: { address1: string; address2?: string | null; city: string; state: string; zip: string } | null;
  dateOfDeath: string | null;
}

/** The deceased and the executor of a case, or `null` while the case has no such record (identity verifications, §11.7). */
export abstract class CaseIdentitySubjects {
  abstract deceasedOf(caseId: string): Promise<IdentitySubject | null>;
  abstract executorOf(caseId: string): Promise<IdentitySubject | null>;
}

/** A person of the case as a distribution names its recipient (contract-extensions §12.7). */
export interface CasePerson {
  id: string;
  /** First, middle and last name and suffix, as written to people. */
  fullName: string;
  isBeneficiary: boolean;
  isDeceased: boolean;
  /** Their kinship to the deceased (contract-extensions §17.3), `null` until set. */
  kinship: Kinship | null;
}

/**
 * A person of the case, or `null` when the case has no such person (probate: distributions); and every person of the
 * case (the court: who survives, for the death taxes).
 */
export abstract class CasePersons {
  abstract personOf(caseId: string, personId: string): Promise<CasePerson | null>;
  abstract personsOf(caseId: string): Promise<CasePerson[]>;
}

/**
 * The deceased and the personal representative as a court account is captioned (contract-extensions §16.8), with the
 * representative's bond as its report states it (§16.10).
 */
export interface AccountParties {
  deceased: { fullName: string; dateOfDeath: string | null } | null;
  executor: {
    firstName: string;
    middleName: string | null;
    lastName: string;
    suffix: string | null;
    role: string;
    bond: { status: string; amount: number | null; suretyName: string | null; bondNumber: string | null };
  } | null;
}

/** How a paper reaches the executor (their own block when they file in pro per, contract-extensions §16.10). */
export interface ExecutorContact {
  address: { address1: string; address2?: string | null; city: string; state: string; zip: string } | null;
  phone: string | null;
  email: string | null;
}

/** Who an account of the estate names: no SSN or any other identifier, only names, the date of death, the role and the bond. */
export abstract class CaseAccountParties {
  abstract partiesOf(caseId: string): Promise<AccountParties>;
  /** The executor's address, phone and e-mail, for the paper they sign; `null` without an executor. */
  abstract executorContactOf(caseId: string): Promise<ExecutorContact | null>;
}

/** A person of the case as intestate succession reads them (contract-extensions §17.3). */
export interface FamilyMember {
  id: string;
  /** First, middle and last name and suffix, as written to people. */
  fullName: string;
  kinship: Kinship | null;
  throughPersonId: string | null;
  descendantOfSpouse: boolean | null;
  spouseHasOtherDescendants: boolean | null;
  side: FamilySide | null;
  isDeceased: boolean;
}

/**
 * The persons of a case in the order they were created, read in one statement: one snapshot, so a computation never
 * sees half of a family a concurrent write is changing (court: heirship).
 */
export abstract class CaseFamilies {
  abstract familyOf(caseId: string): Promise<FamilyMember[]>;
}

/** The state of the deceased's last residence (`address.state`), or `null` (court: the domicile when no probate case says). */
export abstract class CaseDeceasedResidences {
  abstract residenceStateOf(caseId: string): Promise<string | null>;
}
