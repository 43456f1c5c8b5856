import { ConflictError, ErrorDetail, nextProviderTry, ValidationFailedError, type CaseRecord } from '@estate/shared-kernel/domain';
import type { FaxFailureReason, FaxStatus } from './comms-vocabulary';

/** Contract-extensions §11.5: `to_number` in E.164. */
export const E164 = /^\+[1-9]\d{7,14}$/;
export const MAX_FAX_DOCUMENTS = 10;
export const MAX_FAX_PAGES = 100;
/** The documents a fax can carry: their pages can be counted, and fax machines print both. */
export const FAXABLE_CONTENT_TYPES: readonly string[] = ['application/pdf', 'image/tiff'];

/**
 * The moves of contract-extensions §11.5 as data: the processor sends (`sending`), then the provider delivers or fails
 * it; a provider may refuse a queued fax before sending (`failed`); a user may cancel a queued one.
 */
export const FAX_MOVES: Readonly<Record<FaxStatus, readonly FaxStatus[]>> = {
  queued: ['sending', 'failed', 'cancelled'],
  sending: ['delivered', 'failed'],
  delivered: [],
  failed: [],
  cancelled: [],
};

/** A document as the fax's rules read it. */
export interface FaxableDocument {
  id: string;
  contentType: string;
  /** Null when unknown: such a document cannot be faxed (the fax's pages would be unknown). */
  pageCount: number | null;
}

/** The institution contact a fax names, as its rules read it. */
export interface FaxRecipientContact {
  id: string;
  /** `contact_methods.fax`, as the contact stores it (free text). */
  fax: string | null;
}

/** What `POST …/faxes` asks for (the body, validated by the declaration's create body). */
export interface FaxRequest {
  to_number?: string | null;
  document_ids: string[];
  institution_contact_id?: string | null;
  cover_page?: boolean | null;
  cover_page_note?: string | null;
  notes?: string | null;
}

/** What the rules found of the request's references in the case: its documents that exist, and the contact if it does. */
export interface FaxReferences {
  documents: readonly FaxableDocument[];
  contact: FaxRecipientContact | null;
}

export interface FaxOrigin {
  id: string;
  caseId: string;
  /** `FAX_FROM_NUMBER`. */
  fromNumber: string;
  /** The user who sends it. */
  sentBy: string;
}

/** A contact's fax number written for people (`+1 (312) 555-0100`) in E.164: separators dropped. */
export function faxNumberOf(written: string): string {
  return written.replace(/[\s().\-/]/g, '');
}

/**
 * A fax of documents of the case to one number (contract-extensions §11.5): an aggregate, because its status moves
 * are rules (only the processor moves it, a user may only cancel it while queued) and its creation checks its
 * documents and pages. The provider's outcome is recorded by the moves below; every other field is fixed once queued
 * except `notes`. It names every field of its declaration: `queue` writes each.
 */
export class Fax implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  toNumber: string;
  fromNumber: string;
  institutionContactId: string | null;
  documentIds: string[];
  coverPage: boolean;
  coverPageNote: string | null;
  status: FaxStatus;
  pages: number;
  /** 0 until the provider reports what it sent. */
  pagesSent: number;
  failureReason: FaxFailureReason | null;
  confirmationNumber: string | null;
  providerFaxId: string | null;
  queuedAt: Date;
  sendingAt: Date | null;
  deliveredAt: Date | null;
  failedAt: Date | null;
  sentBy: string;
  notes: string | null;
  /** When the processor should ask the provider next; null once nothing more is to be asked (final status). */
  nextCheckAt: Date | null;
  /** Failed provider calls in a row (contract-extensions §11.4: after 5 the fax fails with `provider_unavailable`). */
  providerAttempts: number;

  /**
   * A new fax in `queued`, or `422` naming every problem: each document (`document_ids[i]`) must be a distinct PDF or
   * TIFF of the case with a known page count; `to_number` is required unless the contact named has a fax number (then
   * copied); the pages, with the cover page (default on), are at most 100.
   */
  static queue(origin: FaxOrigin, request: FaxRequest, references: FaxReferences, now: Date): Fax {
    const problems: ErrorDetail[] = [];
    const pages = pagesOf(request, references.documents, problems);
    const toNumber = recipientOf(request, references.contact, problems);
    if (problems.length > 0) throw new ValidationFailedError(problems);
    const fax = new Fax();
    Object.assign(fax, {
      id: origin.id,
      caseId: origin.caseId,
      createdAt: now,
      updatedAt: now,
      toNumber,
      fromNumber: origin.fromNumber,
      institutionContactId: request.institution_contact_id ?? null,
      documentIds: [...request.document_ids],
      coverPage: request.cover_page ?? true,
      coverPageNote: request.cover_page_note ?? null,
      status: 'queued',
      pages,
      pagesSent: 0,
      failureReason: null,
      confirmationNumber: null,
      providerFaxId: null,
      queuedAt: now,
      sendingAt: null,
      deliveredAt: null,
      failedAt: null,
      sentBy: origin.sentBy,
      notes: request.notes ?? null,
      nextCheckAt: now,
      providerAttempts: 0,
    });
    return fax;
  }

  /** `POST …/faxes/{id}/cancel`: only a queued fax (`409 invalid_state` otherwise, and nothing changes). */
  cancel(now: Date): void {
    if (!FAX_MOVES[this.status].includes('cancelled')) {
      const message = `A ${this.status} fax cannot be cancelled; only a queued one can.`;
      throw new ConflictError('invalid_state', message, [{ field: 'status', message, reason: 'conflict' }]);
    }
    this.moveTo('cancelled', now);
  }

  /** `PATCH`: `notes` is the only writable field. Answers whether it changed. */
  reviseNotes(notes: string | null, now: Date): boolean {
    if (notes === this.notes) return false;
    this.notes = notes;
    this.updatedAt = now;
    return true;
  }

  /** The provider took the fax and is dialling. */
  startSending(providerFaxId: string, now: Date): void {
    this.moveTo('sending', now);
    this.providerAttempts = 0;
    this.providerFaxId = providerFaxId;
    this.sendingAt = now;
  }

  /** The provider sent every page. */
  deliver(pagesSent: number, confirmationNumber: string, now: Date): void {
    this.moveTo('delivered', now);
    this.pagesSent = pagesSent;
    this.confirmationNumber = confirmationNumber;
    this.deliveredAt = now;
  }

  /** The provider refused it (from `queued`) or could not complete it (from `sending`), after `pagesSent` pages. */
  fail(reason: FaxFailureReason, pagesSent: number, now: Date, providerFaxId: string | null = null): void {
    this.moveTo('failed', now);
    this.failureReason = reason;
    this.pagesSent = pagesSent;
    this.providerFaxId ??= providerFaxId;
    this.failedAt = now;
  }

  /** A provider call failed: try again after 1, 2, 4, 8 s; the fifth failure fails the fax with `provider_unavailable`. */
  providerUnreachable(now: Date): void {
    this.providerAttempts += 1;
    const next = nextProviderTry(this.providerAttempts, now);
    if (next === null) this.fail('provider_unavailable', this.pagesSent, now);
    else this.nextCheckAt = next;
  }

  private moveTo(next: FaxStatus, now: Date): void {
    if (!FAX_MOVES[this.status].includes(next)) throw new Error(`a ${this.status} fax cannot become ${next}`);
    this.status = next;
    this.updatedAt = now;
    this.nextCheckAt = FAX_MOVES[next].some((after) => after !== 'cancelled') ? now : null;
  }
}

/** Σ page_count of the documents, plus the cover page; each document's problem is named by its position. */
function pagesOf(request: FaxRequest, documents: readonly FaxableDocument[], problems: ErrorDetail[]): number {
  const ids = request.document_ids;
  if (ids.length < 1 || ids.length > MAX_FAX_DOCUMENTS) {
    problems.push({ field: 'document_ids', message: `document_ids must name 1 to ${MAX_FAX_DOCUMENTS} documents`, reason: 'range' });
    return 0;
  }
  const byId = new Map(documents.map((document) => [document.id, document]));
  let pages = request.cover_page ?? true ? 1 : 0;
  let counted = true;
  ids.forEach((id, index) => {
    const field = `document_ids[${index}]`;
    const first = ids.indexOf(id);
    const document = byId.get(id);
    let problem: Omit<ErrorDetail, 'field'> | undefined;
    if (first !== index) problem = { message: `${field} names the same document as document_ids[${first}]`, reason: 'conflict' };
    else if (!document) problem = { message: `${field} must name a document of this case`, reason: 'rule' };
    else if (!FAXABLE_CONTENT_TYPES.includes(document.contentType)) {
      problem = { message: `${field} is ${document.contentType}; only PDF and TIFF documents can be faxed`, reason: 'rule' };
    } else if (document.pageCount === null) problem = { message: `${field} has no known page_count, so its pages cannot be faxed`, reason: 'rule' };
    if (problem) {
      problems.push({ field, ...problem });
      counted = false;
    } else pages += document!.pageCount!;
  });
  if (counted && pages > MAX_FAX_PAGES) {
    const cover = request.cover_page ?? true ? ' with the cover page' : '';
    problems.push({ field: 'document_ids', message: `the fax would have ${pages} pages${cover}; at most ${MAX_FAX_PAGES}`, reason: 'range' });
  }
  return pages;
}

/** `to_number` as sent, else the named contact's fax number (which must then be E.164 once its separators are dropped). */
function recipientOf(request: FaxRequest, contact: FaxRecipientContact | null, problems: ErrorDetail[]): string {
  const contactId = request.institution_contact_id ?? null;
  if (contactId !== null && contact === null) {
    problems.push({ field: 'institution_contact_id', message: 'institution_contact_id must name an institution contact of this case, or be null', reason: 'rule' });
    return '';
  }
  if (request.to_number) return request.to_number;
  if (!contact) {
    problems.push({ field: 'to_number', message: 'to_number is required unless institution_contact_id names a contact with a fax number', reason: 'required' });
    return '';
  }
  if (!contact.fax) {
    problems.push({ field: 'to_number', message: 'to_number is required: the institution contact has no contact_methods.fax to copy', reason: 'required' });
    return '';
  }
  const number = faxNumberOf(contact.fax);
  if (!E164.test(number)) {
    problems.push({
      field: 'institution_contact_id',
      message: `the institution contact's fax number "${contact.fax}" is not an E.164 number (+ then 8 to 15 digits); send to_number`,
      reason: 'rule',
    });
    return '';
  }
  return number;
}
