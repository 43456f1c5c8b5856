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

/**
 * A claim's writable fields as properties (`claimAmount`), each present (`null` when unset): the create body, or the
 * merged result of a `#13` merge patch. Its rules read `status` and `isValid`; the others are stored as given.
 */
export type ClaimFields = { status?: ClaimStatus | null; isValid?: boolean | null } & Readonly<Record<string, unknown>>;

/**
 * A creditor's claim against the estate (aggregate): its status moves and what `paid` needs. It names the fields its
 * rules read and write — the status, `isValid` and the resolution `paid` needs; its other fields (declared with the
 * resource) are stored as given.
 */
export class CreditorClaim implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  status: ClaimStatus;
  resolutionAmount: number | null;
  resolutionDate: string | null;
  isValid: boolean;

  /** A new claim in any status its fields support (`pending` by default); `paid` needs its resolution. */
  static file(id: string, caseId: string, fields: ClaimFields, now: Date): CreditorClaim {
    const claim = new CreditorClaim();
    Object.assign(claim, { id, caseId, createdAt: now, updatedAt: now, status: 'pending', isValid: false });
    claim.write(fields);
    claim.status = fields.status ?? 'pending';
    claim.assertResolved();
    return claim;
  }

  /**
   * `#13`: the merged fields after a merge patch (a status the patch removed, `null`, stays as it is). A status change
   * must be one of CLAIM_MOVES; a final claim keeps its status (moving it again is 422). Returns whether anything changed.
   */
  revise(fields: ClaimFields, now: Date): boolean {
    const state = () => JSON.stringify([Object.keys(fields).map((property) => this.property(property)), this.status, this.isValid]);
    const before = state();
    const next = fields.status ?? this.status;
    if (next !== this.status) this.assertMove(next);
    this.write(fields);
    this.status = next;
    this.assertResolved();
    const changed = state() !== before;
    if (changed) this.updatedAt = now;
    return changed;
  }

  private assertMove(next: ClaimStatus): void {
    if (CLAIM_MOVES[this.status].includes(next)) return;
    const why = FINAL_CLAIM_STATUSES.includes(this.status) ? `a ${this.status} claim is final` : `a ${this.status} claim cannot become ${next}`;
    throw new ValidationFailedError([{ field: 'status', message: `${why}; allowed from ${this.status}: ${CLAIM_MOVES[this.status].join(', ') || 'none'}`, reason: 'rule' }]);
  }

  private assertResolved(): void {
    if (this.status !== 'paid') return;
    const problems: ErrorDetail[] = [];
    if ((this.resolutionAmount ?? null) === null) problems.push({ field: 'resolution_amount', message: 'a paid claim needs resolution_amount', reason: 'required' });
    if ((this.resolutionDate ?? null) === null) problems.push({ field: 'resolution_date', message: 'a paid claim needs resolution_date', reason: 'required' });
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }

  private property(name: string): unknown {
    return (this as unknown as Record<string, unknown>)[name] ?? null;
  }

  /** The fields as given, but the status (moved by the rules above); `isValid` is false when unset. */
  private write(fields: ClaimFields): void {
    const { status: _status, isValid, ...stored } = fields;
    Object.assign(this, stored);
    if (isValid !== undefined) this.isValid = isValid ?? false;
  }
}
