import type { CaseRecord, ErrorDetail } from '@estate/shared-kernel/domain';
import { ValidationFailedError } from '@estate/shared-kernel/domain';
import type { FilingStatus, FilingType } from './probate-court-vocabulary';

/**
 * The moves of §10.2 as data: `draft` → `filed` → `accepted` | `rejected`; `rejected` → `filed` (a re-filing);
 * `draft` | `filed` → `withdrawn`. `accepted` and `withdrawn` are final.
 */
export const FILING_MOVES: Readonly<Record<FilingStatus, readonly FilingStatus[]>> = {
  draft: ['filed', 'withdrawn'],
  filed: ['accepted', 'rejected', 'withdrawn'],
  rejected: ['filed'],
  accepted: [],
  withdrawn: [],
};

/** §10.2: a filing may be deleted only while nothing of it reached the court's records. */
export const DELETABLE_FILING_STATUSES: readonly FilingStatus[] = ['draft', 'withdrawn'];

/**
 * A filing's writable fields as properties (`filedDate`), each present (`null` when unset): the create body, or the
 * merged result of a merge patch. Its rules read `status` and `documentIds`; the others are stored as given.
 */
export type FilingFields = { status?: FilingStatus | null; documentIds?: readonly string[] | null } & Readonly<Record<string, unknown>>;

/** The one type of filing that may name a settled accounting (`accounting_id`, contract-extensions §16.10). */
export const ACCOUNTING_FILING_TYPE: FilingType = 'accounting';

/** The dates of past facts (§10.0). */
const PAST_FACT_DATES = ['filed_date', 'response_date'] as const;

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * A document of the probate case filed with (or prepared for) the court (aggregate): its status moves and what each
 * needs. It names the fields its rules read and write — the type, the status, the dates, the rejection reason, the
 * documents and the accounting it files; its other fields (declared with the resource) are stored as given.
 */
export class Filing implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  status: FilingStatus;
  filedDate: string | null;
  responseDate: string | null;
  rejectionReason: string | null;
  documentIds: string[];
  filingType: FilingType;
  /** The settled accounting an `accounting` filing files (checked to be the case's by `FilingReferences`). */
  accountingId: string | null;

  /** A new filing in any status its fields support (`draft` by default): a filing made before the estate was entered. */
  static prepare(id: string, caseId: string, fields: FilingFields, now: Date, today: string): Filing {
    const filing = new Filing();
    Object.assign(filing, { id, caseId, createdAt: now, updatedAt: now, status: 'draft', documentIds: [] });
    filing.write(fields);
    filing.status = fields.status ?? 'draft';
    filing.assertConsistent(today);
    return filing;
  }

  /**
   * A merge patch's merged fields. A status change must be one of FILING_MOVES (else 422 on `status`); a re-filing
   * (`rejected` → `filed`) needs a new `filed_date` and clears the response fields. Returns whether anything changed.
   */
  revise(fields: FilingFields, now: Date, today: string): boolean {
    const state = () => JSON.stringify([Object.keys(fields).map((property) => this.property(property)), this.status]);
    const before = state();
    const next = fields.status ?? this.status;
    if (next !== this.status) this.assertMove(next);
    const refiling = this.status === 'rejected' && next === 'filed';
    const previousFiledDate = this.filedDate;
    this.write(fields);
    if (refiling) {
      if (this.filedDate === previousFiledDate && this.filedDate !== null) {
        throw new ValidationFailedError([{ field: 'filed_date', message: 're-filing a rejected filing needs a new filed_date', reason: 'rule' }]);
      }
      this.responseDate = null;
      this.rejectionReason = null;
    }
    this.status = next;
    this.assertConsistent(today);
    const changed = state() !== before;
    if (changed) this.updatedAt = now;
    return changed;
  }

  /** Whether `DELETE` may remove it (§10.2: court records stay). */
  deletable(): boolean {
    return DELETABLE_FILING_STATUSES.includes(this.status);
  }

  private assertMove(next: FilingStatus): void {
    if (FILING_MOVES[this.status].includes(next)) return;
    const why = FILING_MOVES[this.status].length === 0 ? `a ${this.status} filing is final` : `a ${this.status} filing cannot become ${next}`;
    throw new ValidationFailedError([{ field: 'status', message: `${why}; allowed from ${this.status}: ${FILING_MOVES[this.status].join(', ') || 'none'}`, reason: 'rule' }]);
  }

  /** What each status needs, whichever way the filing reached it, and the order and age of its dates. */
  private assertConsistent(today: string): void {
    const problems: ErrorDetail[] = [];
    const status = this.status;
    const need = (field: string, value: unknown) => {
      if (blank(value)) problems.push({ field, message: `a ${status} filing needs ${field}`, reason: 'required' });
    };
    if (status === 'filed' || status === 'accepted' || status === 'rejected') {
      need('filed_date', this.filedDate);
      if (this.documentIds.length === 0) problems.push({ field: 'document_ids', message: `a ${status} filing needs at least one document`, reason: 'required' });
    }
    if (status === 'accepted' || status === 'rejected') need('response_date', this.responseDate);
    if (status === 'rejected') need('rejection_reason', this.rejectionReason);
    if (!blank(this.accountingId) && this.filingType !== ACCOUNTING_FILING_TYPE) {
      problems.push({ field: 'accounting_id', message: `only a filing of type ${ACCOUNTING_FILING_TYPE} names an accounting; this one is ${this.filingType}`, reason: 'rule' });
    }
    if (this.filedDate !== null && this.responseDate !== null && this.responseDate < this.filedDate) {
      problems.push({ field: 'response_date', message: 'response_date must not be before filed_date', reason: 'range' });
    }
    const dates: Record<(typeof PAST_FACT_DATES)[number], string | null> = { filed_date: this.filedDate, response_date: this.responseDate };
    for (const field of PAST_FACT_DATES) {
      const value = dates[field];
      if (value !== null && value > today) problems.push({ field, message: `${field} must not be after today (${today})`, reason: 'range' });
    }
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }

  private property(name: string): unknown {
    return (this as unknown as Record<string, unknown>)[name] ?? null;
  }

  /** The fields as given, but the status (moved by the rules above) and a copy of the documents (none when `null`). */
  private write(fields: FilingFields): void {
    const { status: _status, documentIds, ...stored } = fields;
    Object.assign(this, stored);
    if (documentIds !== undefined) this.documentIds = [...(documentIds ?? [])];
  }
}
