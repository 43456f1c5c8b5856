import type { AuthorityLevel, EstateValue } from '../../domain/case-vocabulary';

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

/** The case's own `estate_value` (assets: the inventory shows it beside the computed one); a missing case is 404. */
export abstract class CaseEstateValues {
  abstract estateValueOf(caseId: string): Promise<EstateValue | null>;
}
