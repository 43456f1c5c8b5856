import type { CaseRecord } from '@estate/shared-kernel/domain';
import { ErrorDetail, ValidationFailedError } from '@estate/shared-kernel/domain';
import type { ClaimStatus } from './probate-vocabulary';

/**
 * The claim moves of `#13` (accept, reject, mark paid; withdraw) as data. `paid`, `rejected` and `withdrawn` are final
 * (contract §3.1); an accepted claim may still be paid, withdrawn or rejected on a later finding.
 */
export const CLAIM_MOVES: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  pending: ['accepted', 'rejected', 'paid', 'withdrawn'],
  accepted: ['paid', 'rejected', 'withdrawn'],
  rejected: [],
  paid: [],
  withdrawn: [],
};

export const FINAL_CLAIM_STATUSES: readonly ClaimStatus[] = ['rejected', 'paid', 'withdrawn'];

export interface ClaimAddress {
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  zip: string;
}

/** The claim's JSON document (create body, or the merged result of a `#13` merge patch). */
export interface ClaimDocument {
  creditor_name: string;
  creditor_address?: ClaimAddress | null;
  creditor_phone?: string | null;
  creditor_email?: string | null;
  claim_amount: number;
  claim_date: string;
  claim_type?: string | null;
  debt_description?: string | null;
  account_number?: string | null;
  status?: ClaimStatus | null;
  resolution_amount?: number | null;
  resolution_date?: string | null;
  resolution_notes?: string | null;
  priority_order?: number | null;
  is_valid?: boolean | null;
  statute_of_limitations_expires?: string | null;
}

const FIELDS: Array<[keyof ClaimDocument, keyof CreditorClaim]> = [
  ['creditor_name', 'creditorName'],
  ['creditor_address', 'creditorAddress'],
  ['creditor_phone', 'creditorPhone'],
  ['creditor_email', 'creditorEmail'],
  ['claim_amount', 'claimAmount'],
  ['claim_date', 'claimDate'],
  ['claim_type', 'claimType'],
  ['debt_description', 'debtDescription'],
  ['account_number', 'accountNumber'],
  ['resolution_amount', 'resolutionAmount'],
  ['resolution_date', 'resolutionDate'],
  ['resolution_notes', 'resolutionNotes'],
  ['priority_order', 'priorityOrder'],
  ['statute_of_limitations_expires', 'statuteOfLimitationsExpires'],
];

/** A creditor's claim against the estate (aggregate): its status moves and what `paid` needs. */
export class CreditorClaim implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  creditorName: string;
  creditorAddress: ClaimAddress | null;
  creditorPhone: string | null;
  creditorEmail: string | null;
  claimAmount: number;
  claimDate: string;
  claimType: string | null;
  debtDescription: string | null;
  accountNumber: string | null;
  status: ClaimStatus;
  resolutionAmount: number | null;
  resolutionDate: string | null;
  resolutionNotes: string | null;
  priorityOrder: number | null;
  isValid: boolean;
  statuteOfLimitationsExpires: string | null;

  /** A new claim in any status its fields support (`pending` by default); `paid` needs its resolution. */
  static file(id: string, caseId: string, document: ClaimDocument, now: Date): CreditorClaim {
    const claim = new CreditorClaim();
    Object.assign(claim, { id, caseId, createdAt: now, updatedAt: now, status: 'pending', isValid: false });
    claim.write(document);
    claim.status = document.status ?? 'pending';
    claim.assertResolved();
    return claim;
  }

  /**
   * `#13`: the merged document after a merge patch. A status change must be one of CLAIM_MOVES; a final claim keeps
   * its status (moving it again is 422). Returns whether anything changed.
   */
  revise(document: ClaimDocument, now: Date): boolean {
    const before = JSON.stringify(this.document());
    const next = document.status ?? this.status;
    if (document.status === null) throw new ValidationFailedError([{ field: 'status', message: 'status cannot be null', reason: 'required' }]);
    if (next !== this.status) this.assertMove(next);
    this.write(document);
    this.status = next;
    this.assertResolved();
    const changed = JSON.stringify(this.document()) !== before;
    if (changed) this.updatedAt = now;
    return changed;
  }

  /** The claim's fields as JSON (unmasked): the document a merge patch applies to. */
  document(): ClaimDocument {
    const document: Record<string, unknown> = {};
    for (const [field, property] of FIELDS) {
      const value = this[property];
      if (value !== null && value !== undefined) document[field] = structuredClone(value);
    }
    document.status = this.status;
    document.is_valid = this.isValid;
    return document as unknown as ClaimDocument;
  }

  private assertMove(next: ClaimStatus): void {
    if (CLAIM_MOVES[this.status].includes(next)) return;
    const why = FINAL_CLAIM_STATUSES.includes(this.status) ? `a ${this.status} claim is final` : `a ${this.status} claim cannot become ${next}`;
    throw new ValidationFailedError([{ field: 'status', message: `${why}; allowed from ${this.status}: ${CLAIM_MOVES[this.status].join(', ') || 'none'}`, reason: 'rule' }]);
  }

  private assertResolved(): void {
    if (this.status !== 'paid') return;
    const problems: ErrorDetail[] = [];
    if (this.resolutionAmount === null) problems.push({ field: 'resolution_amount', message: 'a paid claim needs resolution_amount', reason: 'required' });
    if (this.resolutionDate === null) problems.push({ field: 'resolution_date', message: 'a paid claim needs resolution_date', reason: 'required' });
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }

  private write(document: ClaimDocument): void {
    const target = this as unknown as Record<string, unknown>;
    for (const [field, property] of FIELDS) target[property] = document[field] ?? null;
    this.isValid = document.is_valid ?? false;
  }
}
