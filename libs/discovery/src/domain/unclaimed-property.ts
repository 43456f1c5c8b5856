import type { CaseRecord, ErrorDetail } from '@estate/shared-kernel/domain';
import { toCamelCase, ValidationFailedError } from '@estate/shared-kernel/domain';
import type { ClaimDocument, ClaimStatus } from './unclaimed-property-vocabulary';

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

/**
 * The writable fields of an unclaimed property as properties (`holderName`), each present (`null` when unset): the
 * create body, or the merged result of a merge patch. Its rules read those named here; the others are stored as given.
 */
export type UnclaimedPropertyFields = {
  claimStatus?: ClaimStatus | null;
  claimFiledDate?: string | null;
  requiredDocuments?: readonly ClaimDocument[] | null;
  documentIds?: readonly string[] | null;
} & Readonly<Record<string, unknown>>;

/**
 * What a claim in each status needs, whichever way it got there (a move into it, a create, or a later patch that
 * would clear one): the fields of every step the claim went through to reach it.
 */
const NEEDS: Readonly<Record<ClaimStatus, readonly string[]>> = {
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
 * aggregate, because its claim moves along a fixed list and each step needs its facts. It names the fields its rules
 * read and write — the claim's status, its dates, outcome and URL (`NEEDS`, `OUTCOME_FIELDS`) and the two lists; its
 * other fields (declared with the resource) are stored as given.
 */
export class UnclaimedProperty implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  claimStatus: ClaimStatus;
  claimUrl: string | null;
  claimFiledDate: string | null;
  claimApprovedDate: string | null;
  claimPaidDate: string | null;
  claimPaidAmount: number | null;
  denialReason: string | null;
  requiredDocuments: ClaimDocument[];
  documentIds: string[];

  /** A new record, `discovered` unless the body records a claim already under way (then its facts must be there). */
  static discover(id: string, caseId: string, fields: UnclaimedPropertyFields, now: Date, today: string): UnclaimedProperty {
    const property = new UnclaimedProperty();
    Object.assign(property, { id, caseId, createdAt: now, updatedAt: now, claimStatus: 'discovered', requiredDocuments: [], documentIds: [] });
    property.write(fields);
    property.claimStatus = fields.claimStatus ?? 'discovered';
    property.assertConsistent(today);
    return property;
  }

  /**
   * A merge patch's merged fields. A change of `claim_status` must be one of CLAIM_MOVES (else 422 on
   * `claim_status`). A new claim (`denied`/`expired` → `claim_filed`) needs a `claim_filed_date` other than the last
   * claim's and starts without the last claim's outcome. Returns whether anything changed.
   */
  revise(fields: UnclaimedPropertyFields, now: Date, today: string): boolean {
    const touched = [...new Set([...Object.keys(fields), ...OUTCOME_FIELDS, 'claimStatus'])];
    const previous = Object.fromEntries(touched.map((property) => [property, this.property(property)]));
    const before = JSON.stringify(previous);
    const next = fields.claimStatus ?? this.claimStatus;
    if (next !== this.claimStatus) this.assertMove(next);
    const newClaim = (this.claimStatus === 'denied' || this.claimStatus === 'expired') && next === 'claim_filed';
    const filedDate = fields.claimFiledDate === undefined ? this.claimFiledDate : fields.claimFiledDate;
    if (newClaim && filedDate !== null && filedDate === this.claimFiledDate) {
      throw new ValidationFailedError([{ field: 'claim_filed_date', message: `a new claim needs its own claim_filed_date (the last claim was filed on ${this.claimFiledDate})`, reason: 'rule' }]);
    }
    this.write(fields);
    if (newClaim) {
      const target = this as unknown as Record<string, unknown>;
      for (const property of OUTCOME_FIELDS) target[property] = null;
    }
    this.claimStatus = next;
    try {
      this.assertConsistent(today);
    } catch (error) {
      // A refused revision leaves the record as it was.
      Object.assign(this, previous);
      throw error;
    }
    const changed = JSON.stringify(Object.fromEntries(touched.map((property) => [property, this.property(property)]))) !== before;
    if (changed) this.updatedAt = now;
    return changed;
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
    const value = (field: string) => this.property(toCamelCase(field));
    for (const field of NEEDS[this.claimStatus]) {
      if (blank(value(field))) problems.push({ field, message: `${field} is required for a claim that is ${this.claimStatus}`, reason: 'required' });
    }
    const dates = CLAIM_DATES.map((field) => [field, value(field) as string | null] as const).filter((date): date is readonly [(typeof CLAIM_DATES)[number], string] => date[1] !== null);
    dates.forEach(([field, value], index) => {
      const [earlierField, earlier] = dates[index - 1] ?? [];
      if (value! > today) problems.push({ field, message: `${field} must not be after today (${today})`, reason: 'range' });
      else if (earlier !== undefined && value! < earlier) problems.push({ field, message: `${field} must not be before ${earlierField} (${earlier})`, reason: 'range' });
    });
    if ((this.claimUrl ?? null) !== null && !isHttpsUrl(this.claimUrl!)) problems.push({ field: 'claim_url', message: 'claim_url must be an https URL with a host', reason: 'format' });
    this.requiredDocuments.forEach((item, index) => {
      const first = this.requiredDocuments.indexOf(item);
      if (first !== index) problems.push({ field: `required_documents[${index}]`, message: `required_documents[${index}] repeats required_documents[${first}] (${item})`, reason: 'conflict' });
    });
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }

  private property(name: string): unknown {
    return (this as unknown as Record<string, unknown>)[name] ?? null;
  }

  /** The fields as given, but the claim's status (moved by the rules above) and copies of the lists (empty when `null`). */
  private write(fields: UnclaimedPropertyFields): void {
    const { claimStatus: _claimStatus, requiredDocuments, documentIds, ...stored } = fields;
    Object.assign(this, stored);
    if (requiredDocuments !== undefined) this.requiredDocuments = [...(requiredDocuments ?? [])];
    if (documentIds !== undefined) this.documentIds = [...(documentIds ?? [])];
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
