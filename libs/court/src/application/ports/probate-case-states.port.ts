/** The state of a case's probate case (contract-extensions §10.1), read in the caller's transaction; null when it has none. */
export abstract class ProbateCaseStates {
  abstract stateOf(caseId: string): Promise<string | null>;
  /** The probate case's state and county name (the EIN's principal place of business by default); null when none. */
  abstract placeOf(caseId: string): Promise<{ state: string; countyName: string | null } | null>;
}
