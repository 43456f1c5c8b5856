import type { RecordFields } from '@estate/shared-kernel';
import type { CreditorClaim } from '../../domain/creditor-claim';
import type { Distribution } from '../../domain/distribution';
import type { UnclaimedProperty } from '../../domain/unclaimed-property';

/** The probate case as a court account is captioned (contract-extensions §10.1): court, county, state and number. */
export interface ProbateCaption {
  courtName: string | null;
  countyName: string | null;
  state: string;
  caseNumber: string | null;
}

/** What the probate context keeps that an account of the estate reads. */
export interface ProbateAccountRecords {
  /** `null` while the case has no probate case. */
  probateCase: ProbateCaption | null;
  /** The records' fields, as read (no entities: an account only reads them). */
  creditorClaims: ReadonlyArray<RecordFields<CreditorClaim>>;
  unclaimedProperty: ReadonlyArray<RecordFields<UnclaimedProperty>>;
  distributions: ReadonlyArray<RecordFields<Distribution>>;
}

/**
 * Port of the probate context for the court accounting (contract-extensions §16): the probate case, the creditor claims,
 * the unclaimed property and the distributions of a case, as data, in the caller's transaction.
 */
export abstract class ProbateAccountRecordsReader {
  abstract ofCase(caseId: string): Promise<ProbateAccountRecords>;
}
