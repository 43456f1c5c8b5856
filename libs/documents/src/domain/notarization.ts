import type { CaseRecord } from '@estate/shared-kernel/domain';
import { ConflictError, nextProviderTry } from '@estate/shared-kernel/domain';
import type { NotarialActType, NotarizationFailureReason, NotarizationStatus, SignerStatus } from './notarization-vocabulary';

/**
 * Contract-extensions §11.6's moves as data: the main line `pending_signers` → `pending_notary` (every signer passed
 * KBA and credential analysis) → `in_session` → `completed`, and the side exits of an open notarization. The provider
 * reports the main line and `declined`/`failed`; the clock makes `expired`; the API makes `cancelled`.
 */
export const NOTARIZATION_MOVES: Readonly<Record<NotarizationStatus, readonly NotarizationStatus[]>> = {
  pending_signers: ['pending_notary', 'declined', 'failed', 'expired', 'cancelled'],
  pending_notary: ['in_session', 'declined', 'failed', 'expired', 'cancelled'],
  in_session: ['completed', 'declined', 'failed', 'expired'],
  completed: [],
  declined: [],
  failed: [],
  expired: [],
  cancelled: [],
};

/** `POST …/{id}/cancel` is allowed from these only (contract-extensions §11.6); elsewhere `409 invalid_state`. */
export const CANCELLABLE: readonly NotarizationStatus[] = ['pending_signers', 'pending_notary'];

/** A notarization is open for 7 days (`expires_at`). */
export const NOTARIZATION_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** How long the provider keeps the session's recording: `journal.recording_retained_until` = `performed_at` + 10 years. */
export const RECORDING_RETENTION_YEARS = 10;

/** A signer as the API shows it (the JSON item of `signers`). */
export interface NotarizationSigner {
  name: string;
  email: string;
  phone: string | null;
  person_id: string | null;
  status: SignerStatus;
  signed_at: string | null;
}

/** The notary who joined the session (`notary`). */
export interface NotaryFacts {
  name: string;
  commission_state: string;
  commission_number: string;
  commission_expires_on: string | null;
}

/** The RON journal facts (`journal`); the recording itself stays with the provider. */
export interface NotarizationJournal {
  performed_at: string;
  identity_method: string;
  recording_retained_until: string;
}

/** What `POST …/notarizations` asks for, validated. */
export interface NotarizationRequest {
  document_id: string;
  title: string;
  signers: ReadonlyArray<{ name: string; email: string; phone?: string | null; person_id?: string | null }>;
  act_type?: NotarialActType | null;
  notes?: string | null;
}

/** What the provider reports of a transaction, in the notarization's terms. */
export interface NotarizationProgress {
  status: Exclude<NotarizationStatus, 'cancelled'>;
  /** Each signer's status, in the order the signers were given. */
  signers: readonly SignerStatus[];
  /** Set when a notary joins. */
  notary?: NotaryFacts | null;
  /** How the signers' identities were proven, reported with `completed` (the journal's `identity_method`). */
  identityMethod?: string | null;
  failureReason?: NotarizationFailureReason | null;
  /** The provider expects nothing before this time (no signer has acted yet): ask it again then, not sooner. */
  quietUntil?: Date | null;
}

const FINAL: readonly NotarizationStatus[] = ['completed', 'declined', 'failed', 'expired', 'cancelled'];

/** `at` plus whole calendar years; 29 February lands on 28 February of a common year. */
export function plusYears(at: Date, years: number): Date {
  const later = new Date(at.getTime());
  later.setUTCFullYear(at.getUTCFullYear() + years);
  if (later.getUTCMonth() !== at.getUTCMonth()) later.setUTCDate(0);
  return later;
}

/**
 * A remote online notarization of a PDF of the case (contract-extensions §11.6), advanced by the notary provider in
 * the background (§11.4): the provider invites the signers, proves their identities, seats a notary, performs the act
 * and hands back the notarized PDF, which becomes a new document of the case. The aggregate keeps the move list, the
 * signers' progress, the 7-day expiry, the provider's failed tries and what `completed` records. It names every field
 * of its declaration: `initiate` writes each.
 */
export class Notarization implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  documentId: string;
  title: string;
  actType: NotarialActType;
  status: NotarizationStatus;
  sessionUrl: string | null;
  notarizedDocumentId: string | null;
  signers: NotarizationSigner[];
  notary: NotaryFacts | null;
  journal: NotarizationJournal | null;
  expiresAt: Date;
  failureReason: NotarizationFailureReason | null;
  initiatedBy: string;
  notes: string | null;
  /** The provider's own reference of the transaction; null until it accepted it. */
  providerTransactionId: string | null;
  /** When the provider is to be asked next; null once the notarization is final. */
  nextCheckAt: Date | null;
  /** Failed provider calls in a row (contract §11.4: after 5 the notarization fails with `provider_unavailable`). */
  providerAttempts: number;

  static initiate(id: string, caseId: string, request: NotarizationRequest, initiatedBy: string, now: Date): Notarization {
    const notarization = new Notarization();
    Object.assign(notarization, {
      id,
      caseId,
      createdAt: now,
      updatedAt: now,
      documentId: request.document_id,
      title: request.title,
      actType: request.act_type ?? 'acknowledgment',
      status: 'pending_signers',
      sessionUrl: null,
      notarizedDocumentId: null,
      // The provider's invitation goes out with the first step; the signers are invited from the start.
      signers: request.signers.map((signer) => ({
        name: signer.name,
        email: signer.email,
        phone: signer.phone ?? null,
        person_id: signer.person_id ?? null,
        status: 'invited',
        signed_at: null,
      })),
      notary: null,
      journal: null,
      expiresAt: new Date(now.getTime() + NOTARIZATION_LIFETIME_MS),
      failureReason: null,
      initiatedBy,
      notes: request.notes ?? null,
      providerTransactionId: null,
      nextCheckAt: now,
      providerAttempts: 0,
    });
    return notarization;
  }

  isOpen(): boolean {
    return !FINAL.includes(this.status);
  }

  /** `PATCH`: `title` and `notes` only (the DTO refuses every other field). */
  revise(changes: { title?: string; notes?: string | null }, now: Date): void {
    const before = JSON.stringify([this.title, this.notes]);
    if (changes.title !== undefined) this.title = changes.title;
    if (changes.notes !== undefined) this.notes = changes.notes;
    if (JSON.stringify([this.title, this.notes]) !== before) this.updatedAt = now;
  }

  /** `POST …/cancel`: from `pending_signers` or `pending_notary` only, else `409 invalid_state` and nothing changes. */
  cancel(now: Date): void {
    if (!CANCELLABLE.includes(this.status)) {
      throw new ConflictError('invalid_state', `The notarization is ${this.status}; only one in pending_signers or pending_notary can be cancelled.`, [
        { field: 'status', message: `status is ${this.status}; cancel needs pending_signers or pending_notary`, reason: 'conflict' },
      ]);
    }
    this.moveTo('cancelled', now);
  }

  /** An open notarization whose `expires_at` has come expires; answers whether it did. */
  expireIfDue(now: Date): boolean {
    if (!this.isOpen() || now.getTime() < this.expiresAt.getTime()) return false;
    this.moveTo('expired', now);
    return true;
  }

  /**
   * The provider accepted the transaction and invited the signers. A provider that lapses it sooner than 7 days
   * (`expiresAt`: the simulator's `expire`, §11.4) moves `expires_at` to that time; one that has already come expires
   * the notarization now.
   */
  opened(transactionId: string, sessionUrl: string, now: Date, quietUntil?: Date | null, expiresAt?: Date | null): void {
    this.providerTransactionId = transactionId;
    this.sessionUrl = sessionUrl;
    this.providerAttempts = 0;
    if (expiresAt && expiresAt.getTime() < this.expiresAt.getTime()) this.expiresAt = expiresAt;
    this.nextCheckAt = this.nextCheckAfter(now, quietUntil);
    this.expireIfDue(now);
  }

  /**
   * What the provider reported, applied: the signers' statuses (a signer who signs is stamped `signed_at`), the notary
   * who joined, the status move, and on `completed` the notarized document and the journal.
   */
  record(progress: NotarizationProgress, now: Date, notarizedDocumentId: string | null = null): void {
    if (progress.status !== this.status && !NOTARIZATION_MOVES[this.status].includes(progress.status)) {
      throw new Error(`the notary provider reported ${this.status} → ${progress.status}, which is not an allowed move`);
    }
    if (progress.status === 'completed' && notarizedDocumentId === null) throw new Error('a completed notarization needs its notarized document');
    this.signers = this.signers.map((signer, index) => {
      const status = progress.signers[index] ?? signer.status;
      return { ...signer, status, signed_at: signer.signed_at ?? (status === 'signed' ? now.toISOString() : null) };
    });
    if (progress.notary) this.notary = { ...progress.notary };
    if (progress.failureReason) this.failureReason = progress.failureReason;
    if (progress.status === 'completed') {
      this.notarizedDocumentId = notarizedDocumentId;
      this.journal = {
        performed_at: now.toISOString(),
        identity_method: progress.identityMethod ?? 'unknown',
        recording_retained_until: plusYears(now, RECORDING_RETENTION_YEARS).toISOString(),
      };
    }
    this.providerAttempts = 0;
    if (progress.status !== this.status) this.moveTo(progress.status, now);
    else this.nextCheckAt = this.nextCheckAfter(now, progress.quietUntil);
  }

  /** The provider's notarized file cannot be kept (over 25 MiB): the notarization fails, saying why. */
  failWith(reason: NotarizationFailureReason, now: Date): void {
    this.failureReason = reason;
    this.moveTo('failed', now);
  }

  /** A provider call failed: ask again after 1, 2, 4, 8 s; after the fifth failure the notarization fails. */
  providerUnavailable(now: Date): void {
    this.providerAttempts += 1;
    const next = nextProviderTry(this.providerAttempts, now);
    if (next === null) this.failWith('provider_unavailable', now);
    else this.nextCheckAt = next;
  }

  private nextCheckAfter(now: Date, quietUntil?: Date | null): Date {
    // Never past the expiry: the step due then expires what is still open.
    const at = quietUntil && quietUntil.getTime() > now.getTime() ? quietUntil : now;
    return at.getTime() > this.expiresAt.getTime() ? this.expiresAt : at;
  }

  private moveTo(next: NotarizationStatus, now: Date): void {
    if (!NOTARIZATION_MOVES[this.status].includes(next)) throw new Error(`a ${this.status} notarization cannot move to ${next}`);
    this.status = next;
    this.updatedAt = now;
    this.nextCheckAt = FINAL.includes(next) ? null : this.nextCheckAfter(now);
  }
}
