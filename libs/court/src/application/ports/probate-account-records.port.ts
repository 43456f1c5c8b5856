import type { RecordFields } from '@estate/shared-kernel';
import type { CreditorClaim } from '../../domain/creditor-claim';
import type { Distribution } from '../../domain/distribution';
import type { UnclaimedProperty } from '../../domain/unclaimed-property';
import type { UnclaimedPropertyType } from '../../domain/unclaimed-property-vocabulary';

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

/** An unclaimed property as an account reads it. */
export type AccountUnclaimedProperty = RecordFields<UnclaimedProperty> & {
  state: string;
  holderName: string;
  propertyType: UnclaimedPropertyType;
  statePropertyId: string | null;
};

/** A distribution as an account reads it (`personId` is `null` once the person it named was deleted). */
export type AccountDistribution = RecordFields<Distribution> & { personId: string | null };

/** What the probate context keeps that an account of the estate reads. */
export interface ProbateAccountRecords {
  /** `null` while the case has no probate case. */
  probateCase: ProbateCaption | null;
  /** The records' fields, as read (no entities: an account only reads them). */
  creditorClaims: ReadonlyArray<AccountCreditorClaim>;
  unclaimedProperty: ReadonlyArray<AccountUnclaimedProperty>;
  distributions: ReadonlyArray<AccountDistribution>;
}

/**
 * Port of the probate context for the court accounting (contract-extensions §16): the probate case, the creditor claims,
 * the unclaimed property and the distributions of a case, as data, in the caller's transaction.
 */
export abstract class ProbateAccountRecordsReader {
  abstract ofCase(caseId: string): Promise<ProbateAccountRecords>;
}
