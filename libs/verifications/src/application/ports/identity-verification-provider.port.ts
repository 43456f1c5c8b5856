import type { IdentitySubject } from '@estate/case';
import type { CheckStatus, FailureCode, VerificationCheck, VerificationMethod, VerificationSubject } from '../../domain/verification-vocabulary';

/**
 * The person to verify, as their record of the case holds them (the case context's `IdentitySubject`): names, date of
 * birth, the full SSN (for the provider's request only), address and, for the deceased, the date of death.
 */
export type IdentityFacts = IdentitySubject;

export interface IdentityVerificationRequest {
  /** Our verification id: providers keep it as a reference (and a simulator derives its own from it). */
  verificationId: string;
  subject: VerificationSubject;
  method: VerificationMethod;
  person: IdentityFacts;
  /** The documents the verification names, by id and type (a death certificate to review). */
  documents: ReadonlyArray<{ id: string; type: string }>;
}

/** The provider took the request: its reference, and where the subject acts (`kba`, `document_check`), else null. */
export interface StartedVerification {
  reference: string;
  sessionUrl: string | null;
}

/** The provider's decision; `null` from `outcome` while it has none yet. */
export interface VerificationOutcome {
  status: 'verified' | 'failed';
  checks: Array<{ check: VerificationCheck; status: CheckStatus }>;
  failureCode: FailureCode | null;
}

/**
 * The identity-verification port (contract-extensions §11.4, §11.7). `start` hands the request to the provider (a
 * `pending` verification becomes `processing`); `outcome` asks whether it has decided. No provider call runs inside an
 * HTTP request: the verification processor makes both in the background. `IDV_PROVIDER` selects the adapter
 * (`simulator` by default). An adapter that cannot reach its provider throws; the processor retries, then fails the
 * verification with `provider_unavailable`. Adapters never log what they are sent.
 */
export abstract class IdentityVerificationProvider {
  /** Kept on the verification (not shown). */
  abstract readonly name: string;
  abstract start(request: IdentityVerificationRequest): Promise<StartedVerification>;
  abstract outcome(request: IdentityVerificationRequest & { reference: string }): Promise<VerificationOutcome | null>;
}
