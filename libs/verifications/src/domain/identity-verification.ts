import { ConflictError, nextProviderTry, ValidationFailedError, type CaseRecord, type ErrorDetail } from '@estate/shared-kernel/domain';
import {
  ACTIVE_STATUSES,
  CHECKS_OF_METHOD,
  METHODS_OF_SUBJECT,
  SESSION_METHODS,
  VERIFICATION_CHECKS,
  type CheckStatus,
  type FailureCode,
  type VerificationCheck,
  type VerificationMethod,
  type VerificationStatus,
  type VerificationSubject,
} from './verification-vocabulary';

/** Contract-extensions §11.7: the result as the service shows it (no raw identity data: outcomes and check names only). */
export interface VerificationResult {
  outcome: 'pass' | 'fail';
  checks: Array<{ check: VerificationCheck; status: CheckStatus }>;
  failure_code: FailureCode | null;
}

/** What the provider reported once it decided. */
export interface ProviderOutcome {
  status: 'verified' | 'failed';
  checks: Array<{ check: VerificationCheck; status: CheckStatus }>;
  failureCode: FailureCode | null;
}

/** What the rules need to know of the subject's record: which facts it holds (names are required on both records). */
export interface SubjectFacts {
  ssn: string | null;
  dateOfBirth: string | null;
  dateOfDeath: string | null;
  address: object | null;
}

/** §10.0: `document_ids` holds at most 20 items, with no duplicates. */
export const MAX_DOCUMENT_IDS = 20;

/** A verified identity holds for a year after the check (§11.7 `expires_at`). */
const VALID_FOR_YEARS = 1;

/**
 * An identity verification of the deceased or the executor (contract-extensions §11.7), advanced by the identity
 * provider in the background: `pending` → `processing` → `verified` | `failed`, or `cancelled` from either of the
 * first two by the cancel route. Only the provider's steps set the outcome; a `PATCH` writes `notes` and may add
 * documents. It keeps no identity data of its own: the provider holds the captures. It names every field of its
 * declaration: `start` writes each, and the provider's steps the outcome.
 */
export class IdentityVerification implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  subject: VerificationSubject;
  method: VerificationMethod;
  status: VerificationStatus;
  sessionUrl: string | null;
  result: VerificationResult | null;
  checkedAt: Date | null;
  expiresAt: Date | null;
  documentIds: string[];
  initiatedBy: string | null;
  notes: string | null;
  // The provider's side, kept out of the view.
  provider: string | null;
  providerReference: string | null;
  /** When the provider is next to be asked; null once the outcome is known (or the verification cancelled). */
  nextCheckAt: Date | null;
  /** Failed provider calls in a row (§11.4: after 5 the verification fails with `provider_unavailable`). */
  providerAttempts: number;

  static start(
    fields: { id: string; caseId: string; subject: VerificationSubject; method: VerificationMethod; documentIds: string[]; notes: string | null; initiatedBy: string | null },
    now: Date,
  ): IdentityVerification {
    const verification = new IdentityVerification();
    Object.assign(verification, {
      ...fields,
      createdAt: now,
      updatedAt: now,
      status: 'pending',
      sessionUrl: null,
      result: null,
      checkedAt: null,
      expiresAt: null,
      provider: null,
      providerReference: null,
      nextCheckAt: now,
      providerAttempts: 0,
    });
    return verification;
  }

  /** §11.7: a method verifies one kind of subject (`kba` the executor, `death_record_match` the deceased). */
  static methodProblems(subject: VerificationSubject, method: VerificationMethod): ErrorDetail[] {
    const fitting = METHODS_OF_SUBJECT[subject];
    if (fitting.includes(method)) return [];
    return [{ field: 'method', message: `${method} does not verify the ${subject}; the ${subject}'s methods are ${fitting.join(', ')}`, reason: 'rule' }];
  }

  /**
   * §11.7: what each method needs of its subject's record (`null`: the case has none), and of the documents it names
   * (`documentTypes`, by item; `undefined` for an id that names no document of the case). Details name the subject's
   * missing field as `{subject}.{field}` (set it on that record first) and a body item as `document_ids[i]`.
   */
  static requirementProblems(
    subject: VerificationSubject,
    method: VerificationMethod,
    facts: SubjectFacts | null,
    documentTypes: ReadonlyArray<string | undefined>,
  ): ErrorDetail[] {
    const problems: ErrorDetail[] = documentTypes.flatMap((type, index) =>
      type === undefined ? [{ field: `document_ids[${index}]`, message: `document_ids[${index}] must name a document of this case`, reason: 'rule' as const }] : [],
    );
    if (facts === null) return [...problems, { field: 'subject', message: `the case has no ${subject} record yet: create it first (PUT …/${subject})`, reason: 'rule' }];
    const needs = (field: keyof SubjectFacts, name: string): ErrorDetail[] =>
      facts[field] === null ? [{ field: `${subject}.${name}`, message: `${method} needs the ${subject}'s ${name}; it is not recorded`, reason: 'rule' }] : [];
    switch (method) {
      case 'death_record_match':
        problems.push(...needs('ssn', 'ssn'), ...needs('dateOfDeath', 'date_of_death'));
        break;
      case 'death_certificate_review':
        if (!documentTypes.includes('death_certificate')) {
          problems.push({ field: 'document_ids', message: 'death_certificate_review needs a document_ids item of type death_certificate', reason: 'rule' });
        }
        break;
      case 'kba':
        problems.push(...needs('ssn', 'ssn'), ...needs('address', 'address'));
        break;
      case 'id_number':
        problems.push(...needs('dateOfBirth', 'date_of_birth'), ...needs('ssn', 'ssn'));
        break;
      case 'document_check':
        break;
    }
    return problems;
  }

  /** §10.0: at most 20 items (the body's limit), none twice. */
  static documentIdsProblems(documentIds: readonly string[]): ErrorDetail[] {
    return documentIds.flatMap((id, index) =>
      documentIds.indexOf(id) < index ? [{ field: `document_ids[${index}]`, message: `document_ids[${index}] repeats ${id}`, reason: 'rule' as const }] : [],
    );
  }

  /** Under way (`pending`, `processing`): another verification of the same subject must wait for it (409). */
  isActive(): boolean {
    return ACTIVE_STATUSES.includes(this.status);
  }

  /** `POST …/{id}/cancel`: from `pending` or `processing` only; otherwise 409 invalid_state and nothing changes. */
  cancel(now: Date): void {
    if (!this.isActive()) {
      throw new ConflictError('invalid_state', `A ${this.status} identity verification cannot be cancelled; only a pending or processing one can.`, [
        { field: 'status', message: `status is ${this.status}; cancel needs pending or processing`, reason: 'conflict' },
      ]);
    }
    this.status = 'cancelled';
    this.nextCheckAt = null;
    this.updatedAt = now;
  }

  /**
   * What a `PATCH` of `document_ids` adds: the new list must keep every item the verification has (documents are added,
   * never taken away) and repeat none. Changes nothing; the caller checks the additions name documents of the case.
   */
  additionsOf(documentIds: readonly string[] | null | undefined): string[] {
    if (documentIds === undefined) return [];
    if (documentIds === null) throw new ValidationFailedError([{ field: 'document_ids', message: 'document_ids cannot be cleared: documents are added, never removed', reason: 'rule' }]);
    const problems: ErrorDetail[] = [
      ...this.documentIds.filter((id) => !documentIds.includes(id)).map((id) => ({ field: 'document_ids', message: `document_ids may only grow: ${id} would be removed`, reason: 'rule' as const })),
      ...IdentityVerification.documentIdsProblems(documentIds),
    ];
    if (problems.length > 0) throw new ValidationFailedError(problems);
    return documentIds.filter((id) => !this.documentIds.includes(id));
  }

  /** `PATCH`: `notes` and the documents `additionsOf` allowed. */
  revise(changes: { notes?: string | null; document_ids?: string[] | null }, now: Date): void {
    const added = this.additionsOf(changes.document_ids);
    const notesChange = changes.notes !== undefined && changes.notes !== this.notes;
    if (added.length > 0) this.documentIds = [...this.documentIds, ...added];
    if (notesChange) this.notes = changes.notes ?? null;
    if (added.length > 0 || notesChange) this.updatedAt = now;
  }

  /** The provider took the request: the subject may now act at `session_url` (for `kba` and `document_check`). */
  recordStarted(provider: string, reference: string, sessionUrl: string | null, now: Date): void {
    this.status = 'processing';
    this.provider = provider;
    this.providerReference = reference;
    this.sessionUrl = SESSION_METHODS.includes(this.method) ? sessionUrl : null;
    this.providerAttempts = 0;
    this.nextCheckAt = now;
  }

  /** The provider decided: the checks as it ran them (in the vocabulary's order), `expires_at` a year on if verified. */
  recordOutcome(outcome: ProviderOutcome, now: Date): void {
    // The method's own checks in its order, then any other the provider ran, in the vocabulary's.
    const own = CHECKS_OF_METHOD[this.method];
    const rank = (check: VerificationCheck) => (own.includes(check) ? own.indexOf(check) : own.length + VERIFICATION_CHECKS.indexOf(check));
    const checks = [...outcome.checks].sort((a, b) => rank(a.check) - rank(b.check));
    this.status = outcome.status;
    this.result = { outcome: outcome.status === 'verified' ? 'pass' : 'fail', checks, failure_code: outcome.status === 'verified' ? null : outcome.failureCode };
    this.checkedAt = now;
    this.expiresAt = outcome.status === 'verified' ? plusYears(now, VALID_FOR_YEARS) : null;
    this.providerAttempts = 0;
    this.nextCheckAt = null;
  }

  /**
   * A provider call failed: try again after 1, 2, 4, 8 s; after the fifth failure the verification fails with
   * `provider_unavailable`, no check run (and no `checked_at`: the provider never checked).
   */
  recordProviderUnavailable(now: Date): void {
    this.providerAttempts += 1;
    this.nextCheckAt = nextProviderTry(this.providerAttempts, now);
    if (this.nextCheckAt !== null) return;
    this.status = 'failed';
    this.result = { outcome: 'fail', checks: CHECKS_OF_METHOD[this.method].map((check) => ({ check, status: 'not_checked' })), failure_code: 'provider_unavailable' };
    this.checkedAt = null;
    this.expiresAt = null;
  }
}

function plusYears(at: Date, years: number): Date {
  const next = new Date(at.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}
