import { ConflictError, ErrorDetail, toCamelCase, toSnakeCase, ValidationFailedError, type CaseRecord } from '@estate/shared-kernel/domain';
import {
  DistributionAssetType,
  DistributionKind,
  DistributionStage,
  DistributionStatus,
  DistributionType,
  UNRECORDED_ASSET_TYPES,
} from './distribution-vocabulary';

/** The moves of contract-extensions §12.7 as data; each is an action route (`approve`, `pay`, `cancel`). */
export const DISTRIBUTION_MOVES: Readonly<Record<DistributionStatus, readonly DistributionStatus[]>> = {
  planned: ['approved', 'cancelled'],
  approved: ['paid', 'cancelled'],
  paid: [],
  cancelled: [],
};

/** §12.7: a distribution may be deleted only while nothing of it was committed or paid. */
export const DELETABLE_DISTRIBUTION_STATUSES: readonly DistributionStatus[] = ['planned', 'cancelled'];

/** What `PATCH` may still write once a distribution is approved or paid: its notes and receipt. */
export const WRITABLE_AFTER_APPROVAL = ['notes', 'receipt_signed', 'receipt_date', 'receipt_document_id'] as const;

/**
 * A distribution's writable fields as properties (`sourceAccountId`), each present (`null` when unset): the create
 * body, or the merged result of a merge patch. Its rules read those named here; the others are stored as given.
 */
export type DistributionFields = {
  kind?: DistributionKind | null;
  assetType?: DistributionAssetType | null;
  stage?: DistributionStage | null;
  receiptSigned?: boolean | null;
  taxReported?: boolean | null;
} & Readonly<Record<string, unknown>>;

/** What a field left unset (`null`) is stored as. */
const DEFAULTS = { stage: 'interim', receiptSigned: false, taxReported: false } as const;

const CASH_ONLY: readonly string[] = ['amount', 'source_account_id'];
const IN_KIND_ONLY: readonly string[] = ['asset_type', 'asset_id', 'asset_description', 'value'];

const given = (value: unknown) => value !== null && value !== undefined;

/**
 * The shape a distribution's kind asks for (§12.7): cash names an `amount` (> 0, checked by the DTO) and its source
 * account; in kind names the `asset_type`, the `value` and, unless the asset has no record of its own, the `asset_id`.
 * A field of the other kind is refused rather than ignored, so that a client never believes it was recorded.
 */
export function kindProblems(fields: DistributionFields): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const value = (field: string) => fields[toCamelCase(field)];
  const required = (field: string, why: string) => {
    if (!given(value(field))) problems.push({ field, message: `${field} is required ${why}`, reason: 'required' });
  };
  const refused = (list: readonly string[], kind: DistributionKind) => {
    for (const field of list) {
      if (given(value(field))) problems.push({ field, message: `${field} applies only to ${kind} distributions`, reason: 'rule' });
    }
  };
  if (fields.kind === 'cash') {
    required('amount', 'for a cash distribution');
    required('source_account_id', 'for a cash distribution (an open estate account of the case)');
    refused(IN_KIND_ONLY, 'in_kind');
  } else {
    required('asset_type', 'for an in_kind distribution');
    required('value', 'for an in_kind distribution (the asset’s value at distribution)');
    refused(CASH_ONLY, 'cash');
    const unrecorded = fields.assetType && UNRECORDED_ASSET_TYPES.includes(fields.assetType);
    if (fields.assetType && !unrecorded) required('asset_id', `for an asset_type of ${fields.assetType}`);
    if (unrecorded && given(fields.assetId)) {
      problems.push({ field: 'asset_id', message: `asset_id must be null for an asset_type of ${fields.assetType} (it has no record of its own)`, reason: 'rule' });
    }
  }
  return problems;
}

function invalidState(message: string): ConflictError {
  return new ConflictError('invalid_state', message, [{ field: 'status', message, reason: 'conflict' }]);
}

/**
 * What the estate gives a person of the case, in cash or in kind (aggregate, contract-extensions §12.7): its shape per
 * kind, its moves (approve, pay, cancel) and what may still be written in each status. Whether the estate can afford it
 * is the allowance policy's (`distributionRefusals`), checked by the use cases at approval and again at payment. It
 * names the fields its rules and that policy read and write: the kind's shape (`kindProblems`), the type and stage,
 * those with a default, the recipient's name and the moves' stamps; its other fields (declared with the resource) are
 * stored as given.
 */
export class Distribution implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  /** Copied from the person at creation (and when a planned distribution names another person). */
  recipientName: string;
  distributionType: DistributionType;
  stage: DistributionStage;
  kind: DistributionKind;
  amount: number | null;
  sourceAccountId: string | null;
  assetType: DistributionAssetType | null;
  assetId: string | null;
  assetDescription: string | null;
  value: number | null;
  status: DistributionStatus;
  approvedAt: Date | null;
  approvedBy: string | null;
  paidDate: string | null;
  /** The ledger debit written on payment (cash only). */
  transactionId: string | null;
  receiptSigned: boolean;
  taxReported: boolean;

  /** A new distribution in `planned`, or `422` naming every field its kind needs or refuses. */
  static plan(id: string, caseId: string, fields: DistributionFields, recipientName: string, now: Date): Distribution {
    const problems = kindProblems(fields);
    if (problems.length > 0) throw new ValidationFailedError(problems);
    const distribution = new Distribution();
    Object.assign(distribution, {
      id,
      caseId,
      createdAt: now,
      updatedAt: now,
      status: 'planned',
      approvedAt: null,
      approvedBy: null,
      paidDate: null,
      transactionId: null,
    });
    distribution.write(fields, recipientName);
    return distribution;
  }

  /**
   * `PATCH` (§12.7): every create field while `planned`; once approved or paid only the notes and the receipt (a
   * cancelled one keeps its notes writable). A field that may no longer change is `422` on that field.
   */
  revise(fields: DistributionFields, recipientName: string, now: Date): void {
    if (this.status !== 'planned') {
      const writable: readonly string[] = this.status === 'cancelled' ? ['notes'] : WRITABLE_AFTER_APPROVAL;
      const current = this as unknown as Record<string, unknown>;
      // The fields stored as given first, then those with a default, each by its JSON name.
      const properties = [...Object.keys(fields).filter((property) => !(property in DEFAULTS)), ...Object.keys(DEFAULTS).filter((property) => property in fields)];
      const locked = properties
        .filter((property) => !writable.includes(toSnakeCase(property)) && (fields[property] ?? null) !== (current[property] ?? null))
        .map(toSnakeCase);
      if (locked.length > 0) {
        throw new ValidationFailedError(
          locked.map((field) => ({
            field,
            message: `${field} can only change while the distribution is planned; it is ${this.status} (${writable.join(', ')} may still change)`,
            reason: 'rule' as const,
          })),
        );
      }
    } else {
      const problems = kindProblems({ ...this, ...fields });
      if (problems.length > 0) throw new ValidationFailedError(problems);
    }
    this.write(fields, recipientName);
    this.updatedAt = now;
  }

  /** `POST …/approve`: `planned` → `approved`, by whom and when. */
  approve(approvedBy: string | null, now: Date): void {
    this.assertMove('approved', 'approved', 'only a planned one can');
    this.status = 'approved';
    this.approvedAt = now;
    this.approvedBy = approvedBy;
    this.updatedAt = now;
  }

  /** `POST …/pay`: `approved` → `paid` on `paidDate`; a cash payment names the ledger debit it wrote. */
  pay(paidDate: string, transactionId: string | null, now: Date): void {
    this.assertMove('paid', 'paid', 'only an approved one can');
    this.status = 'paid';
    this.paidDate = paidDate;
    this.transactionId = transactionId;
    this.updatedAt = now;
  }

  /** `POST …/cancel`: `planned` or `approved` → `cancelled`. */
  cancel(now: Date): void {
    this.assertMove('cancelled', 'cancelled', 'only a planned or approved one can');
    this.status = 'cancelled';
    this.updatedAt = now;
  }

  /** Whether the move to `status` is one the current status allows (the use cases check before they do any work). */
  assertMove(status: DistributionStatus, verb: string, which: string): void {
    if (!DISTRIBUTION_MOVES[this.status].includes(status)) throw invalidState(`A ${this.status} distribution cannot be ${verb}; ${which}.`);
  }

  assertDeletable(): void {
    if (DELETABLE_DISTRIBUTION_STATUSES.includes(this.status)) return;
    throw invalidState(`A ${this.status} distribution cannot be deleted; only ${DELETABLE_DISTRIBUTION_STATUSES.join(' or ')} ones can (cancel it first).`);
  }

  /** The fields as given; one with a default (`DEFAULTS`) takes it when unset. */
  private write(fields: DistributionFields, recipientName: string): void {
    Object.assign(this, fields);
    const target = this as unknown as Record<string, unknown>;
    for (const [property, value] of Object.entries(DEFAULTS)) target[property] ??= value;
    this.recipientName = recipientName;
  }
}
