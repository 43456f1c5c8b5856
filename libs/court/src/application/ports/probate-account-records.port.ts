import type { RecordFields } from '@estate/shared-kernel';
import type { CreditorClaim } from '../../domain/creditor-claim';

/** The attorney of record as a paper names them (contract-extensions §10.1, §16.10). */
export interface ProbateAttorney {
  name: string | null;
  firm: string | null;
  barNumber: string | null;
  email: string | null;
  phone: string | null;
  address: { address1: string; address2?: string | null; city: string; state: string; zip: string } | null;
}

/** The probate case as a court account is captioned (contract-extensions §10.1): court, county, state and number. */
export interface ProbateCaption {
  courtName: string | null;
  countyName: string | null;
  state: string;
  caseNumber: string | null;
}

/** What a paper filed in the probate case names beside its caption (contract-extensions §16.10). */
export interface ProbatePaperFacts {
  /** The state by name, from the reference file (§10.4). */
  stateName: string | null;
  /** The statute the state's accounts are made under, where the reference file cites one; else `null`. */
  accountStatute: string | null;
  attorney: ProbateAttorney | null;
  hearingDate: string | null;
  /** `HH:MM`, when recorded. */
  hearingTime: string | null;
  hearingDepartment: string | null;
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
  /** What a paper of the case names beside its caption: its attorney, hearing and state; `null` without a probate case. */
  abstract paperOf(caseId: string): Promise<ProbatePaperFacts | null>;
  /** A state's (or DC's) name by its USPS code, from the reference file (§10.4); `null` for another code. */
  abstract stateName(code: string): string | null;
}
