import type { CaseRecord, ErrorDetail } from '@estate/shared-kernel/domain';
import { ValidationFailedError } from '@estate/shared-kernel/domain';
import type { ClaimDocument, ClaimStatus, UnclaimedPropertyType } from './unclaimed-property-vocabulary';

/**
 * The moves of `claim_status` (contract-extensions §12.5) as data: `discovered` → `claim_filed` → `under_review` →
 * `approved` → `paid`; `claim_filed` or `under_review` → `denied` or `expired`; `denied` or `expired` → `claim_filed`
 * (a new claim). `paid` is final.
 */
export const CLAIM_MOVES: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  discovered: ['claim_filed'],
  claim_filed: ['under_review', 'denied', 'expired'],
  under_review: ['approved', 'denied', 'expired'],
  approved: ['paid'],
  paid: [],
  denied: ['claim_filed'],
  expired: ['claim_filed'],
};

/** The JSON document of an unclaimed property (the create body, or the merged result of a merge patch). */
export interface UnclaimedPropertyDocument {
  state: string;
  holder_name: string;
  property_type: UnclaimedPropertyType;
  property_description?: string | null;
  reported_amount?: number | null;
  owner_name_on_record?: string | null;
  state_property_id?: string | null;
  claim_status?: ClaimStatus | null;
  claim_number?: string | null;
  claim_url?: string | null;
  claim_filed_date?: string | null;
  claim_approved_date?: string | null;
  claim_paid_date?: string | null;
  claim_paid_amount?: number | null;
  denial_reason?: string | null;
  required_documents?: ClaimDocument[] | null;
  document_ids?: string[] | null;
  search_id?: string | null;
  notes?: string | null;
}

type ScalarField = Exclude<keyof UnclaimedPropertyDocument, 'claim_status' | 'required_documents' | 'document_ids'>;

const FIELDS: Array<[ScalarField, keyof UnclaimedProperty]> = [
  ['state', 'state'],
  ['holder_name', 'holderName'],
  ['property_type', 'propertyType'],
  ['property_description', 'propertyDescription'],
  ['reported_amount', 'reportedAmount'],
  ['owner_name_on_record', 'ownerNameOnRecord'],
  ['state_property_id', 'statePropertyId'],
  ['claim_number', 'claimNumber'],
  ['claim_url', 'claimUrl'],
  ['claim_filed_date', 'claimFiledDate'],
  ['claim_approved_date', 'claimApprovedDate'],
  ['claim_paid_date', 'claimPaidDate'],
  ['claim_paid_amount', 'claimPaidAmount'],
  ['denial_reason', 'denialReason'],
  ['search_id', 'searchId'],
  ['notes', 'notes'],
];

/**
 * What a claim in each status needs, whichever way it got there (a move into it, a create, or a later patch that
 * would clear one): the fields of every step the claim went through to reach it.
 */
const NEEDS: Readonly<Record<ClaimStatus, ReadonlyArray<keyof UnclaimedPropertyDocument>>> = {
  discovered: [],
  claim_filed: ['claim_filed_date'],
  under_review: ['claim_filed_date'],
  approved: ['claim_filed_date', 'claim_approved_date'],
  paid: ['claim_filed_date', 'claim_approved_date', 'claim_paid_amount', 'claim_paid_date'],
  denied: ['claim_filed_date', 'denial_reason'],
  expired: ['claim_filed_date'],
};

/** Dates of past facts (contract-extensions §10.0's `claim_*_date`), in the order a claim reaches them. */
const CLAIM_DATES = ['claim_filed_date', 'claim_approved_date', 'claim_paid_date'] as const;

/** What a new claim starts without: the outcome of the claim before it. */
const OUTCOME_FIELDS: ReadonlyArray<keyof UnclaimedProperty> = ['denialReason', 'claimApprovedDate', 'claimPaidDate', 'claimPaidAmount'];

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * Money or property a holder reported to a state's unclaimed-property program (contract-extensions §12.5): an
 * aggregate, because its claim moves along a fixed list and each step needs its facts.
 */
export class UnclaimedProperty implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  state: string;
  holderName: string;
  propertyType: UnclaimedPropertyType;
  propertyDescription: string | null;
  reportedAmount: number | null;
  ownerNameOnRecord: string | null;
  statePropertyId: string | null;
  claimStatus: ClaimStatus;
  claimNumber: string | null;
  claimUrl: string | null;
  claimFiledDate: string | null;
  claimApprovedDate: string | null;
  claimPaidDate: string | null;
  claimPaidAmount: number | null;
  denialReason: string | null;
  requiredDocuments: ClaimDocument[];
  documentIds: string[];
  searchId: string | null;
  notes: string | null;

  /** A new record, `discovered` unless the body records a claim already under way (then its facts must be there). */
  static discover(id: string, caseId: string, document: UnclaimedPropertyDocument, now: Date, today: string): UnclaimedProperty {
    const property = new UnclaimedProperty();
    Object.assign(property, { id, caseId, createdAt: now, updatedAt: now, claimStatus: 'discovered', requiredDocuments: [], documentIds: [] });
    property.write(document);
    property.claimStatus = document.claim_status ?? 'discovered';
    property.assertConsistent(today);
    return property;
  }

  /**
   * A merge patch's merged document. A change of `claim_status` must be one of CLAIM_MOVES (else 422 on
   * `claim_status`). A new claim (`denied`/`expired` → `claim_filed`) needs a `claim_filed_date` other than the last
   * claim's and starts without the last claim's outcome. Returns whether anything changed.
   */
  revise(document: UnclaimedPropertyDocument, now: Date, today: string): boolean {
    const previous = this.document();
    const before = JSON.stringify(previous);
    const next = document.claim_status ?? this.claimStatus;
    if (next !== this.claimStatus) this.assertMove(next);
    const newClaim = (this.claimStatus === 'denied' || this.claimStatus === 'expired') && next === 'claim_filed';
    if (newClaim && (document.claim_filed_date ?? null) !== null && document.claim_filed_date === this.claimFiledDate) {
      throw new ValidationFailedError([{ field: 'claim_filed_date', message: `a new claim needs its own claim_filed_date (the last claim was filed on ${this.claimFiledDate})`, reason: 'rule' }]);
    }
    this.write(document);
    if (newClaim) {
      const target = this as unknown as Record<string, unknown>;
      for (const property of OUTCOME_FIELDS) target[property] = null;
    }
    this.claimStatus = next;
    try {
      this.assertConsistent(today);
    } catch (error) {
      // A refused revision leaves the record as it was.
      this.write(previous);
      this.claimStatus = previous.claim_status as ClaimStatus;
      throw error;
    }
    const changed = JSON.stringify(this.document()) !== before;
    if (changed) this.updatedAt = now;
    return changed;
  }

  /** The record's fields as JSON: the document a merge patch applies to. */
  document(): UnclaimedPropertyDocument {
    const document: Record<string, unknown> = {};
    for (const [field, property] of FIELDS) {
      const value = this[property];
      if (value !== null && value !== undefined) document[field] = value;
    }
    document.claim_status = this.claimStatus;
    document.required_documents = [...this.requiredDocuments];
    document.document_ids = [...this.documentIds];
    return document as unknown as UnclaimedPropertyDocument;
  }

  private assertMove(next: ClaimStatus): void {
    const allowed = CLAIM_MOVES[this.claimStatus];
    if (allowed.includes(next)) return;
    const why = allowed.length === 0 ? `a ${this.claimStatus} claim is final` : `a ${this.claimStatus} claim cannot become ${next}`;
    throw new ValidationFailedError([{ field: 'claim_status', message: `${why}; allowed from ${this.claimStatus}: ${allowed.join(', ') || 'none'}`, reason: 'rule' }]);
  }

  /** What the status needs, the order and age of the claim's dates, the claim address and the lists' items. */
  private assertConsistent(today: string): void {
    const problems: ErrorDetail[] = [];
    const document = this.document() as unknown as Record<string, unknown>;
    for (const field of NEEDS[this.claimStatus]) {
      if (blank(document[field])) problems.push({ field, message: `${field} is required for a claim that is ${this.claimStatus}`, reason: 'required' });
    }
    const dates = CLAIM_DATES.map((field) => [field, document[field] as string | undefined] as const).filter(([, value]) => value !== undefined);
    dates.forEach(([field, value], index) => {
      const [earlierField, earlier] = dates[index - 1] ?? [];
      if (value! > today) problems.push({ field, message: `${field} must not be after today (${today})`, reason: 'range' });
      else if (earlier !== undefined && value! < earlier) problems.push({ field, message: `${field} must not be before ${earlierField} (${earlier})`, reason: 'range' });
    });
    if (this.claimUrl !== null && !isHttpsUrl(this.claimUrl)) problems.push({ field: 'claim_url', message: 'claim_url must be an https URL with a host', reason: 'format' });
    this.requiredDocuments.forEach((item, index) => {
      const first = this.requiredDocuments.indexOf(item);
      if (first !== index) problems.push({ field: `required_documents[${index}]`, message: `required_documents[${index}] repeats required_documents[${first}] (${item})`, reason: 'conflict' });
    });
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }

  private write(document: UnclaimedPropertyDocument): void {
    const target = this as unknown as Record<string, unknown>;
    for (const [field, property] of FIELDS) target[property] = document[field] ?? null;
    this.requiredDocuments = [...(document.required_documents ?? [])];
    this.documentIds = [...(document.document_ids ?? [])];
  }
}

/** `https:` with a host: where a claim is followed up on the state's site. */
export function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}
