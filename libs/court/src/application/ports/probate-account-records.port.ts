import type { RecordFields } from '@estate/shared-kernel';
import type { CreditorClaim } from '../../domain/creditor-claim';

/** The probate case as a court account is captioned (contract-extensions §10.1): court, county, state and number. */
export interface ProbateCaption {
  courtName: string | null;
  countyName: string | null;
  state: string;
  caseNumber: string | null;
}

/*
 * The records' fields an account reads: those their domain classes name (their rules' fields, `RecordFields<…>`) and,
 * stated here as the port's own, those of their declarations the classes leave to the declarations. The adapter fills
 * them from the declarations' records, so a difference from the declarations is a type error there.
 */

/** A creditor claim as an account reads it. */
export type AccountCreditorClaim = RecordFields<CreditorClaim> & { creditorName: string; accountNumber: string | null; claimAmount: number; claimDate: string };

/** What the court keeps that an account of the estate reads. */
export interface ProbateAccountRecords {
  /** `null` while the case has no probate case. */
  probateCase: ProbateCaption | null;
  /** The records' fields, as read (no entities: an account only reads them). */
  creditorClaims: ReadonlyArray<AccountCreditorClaim>;
}

/**
 * Port of the court for the court accounting (contract-extensions §16): the probate case and the creditor claims of a
 * case, as data, in the caller's transaction.
 */
export abstract class ProbateAccountRecordsReader {
  abstract ofCase(caseId: string): Promise<ProbateAccountRecords>;
}
