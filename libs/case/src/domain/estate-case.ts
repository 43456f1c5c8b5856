import type { DisputeLevel, EstateValue, ProgressStage } from './case-vocabulary';

/** The case fields `#7` may change, as JSON field names and the properties they map to. */
export const WRITABLE_CASE_FIELDS = ['queue_assignment', 'flow_position', 'estate_value', 'progress', 'possible_dispute'] as const;
export type WritableCaseField = (typeof WRITABLE_CASE_FIELDS)[number];

const PROPERTY_OF: Record<WritableCaseField, 'queueAssignment' | 'flowPosition' | 'estateValue' | 'progress' | 'possibleDispute'> = {
  queue_assignment: 'queueAssignment',
  flow_position: 'flowPosition',
  estate_value: 'estateValue',
  progress: 'progress',
  possible_dispute: 'possibleDispute',
};

/** The root of every estate: owned by one organization; deleting it is irreversible (audit rule 4). */
export class EstateCase {
  id: string;
  organizationId: string;
  onboardingId: string | null;
  queueAssignment: string | null;
  flowPosition: string | null;
  estateValue: EstateValue | null;
  progress: ProgressStage | null;
  possibleDispute: DisputeLevel | null;
  dateOfSignUp: Date | null;
  termsAcceptedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  /** A deleted case is a tombstone: gone from the API, kept so that audit records (transfers) keep their case. */
  deletedAt: Date | null;

  /** The writable fields' current values as JSON (unset left out): the target of a merge patch. */
  writableFields(): Partial<Record<WritableCaseField, string>> {
    const fields: Partial<Record<WritableCaseField, string>> = {};
    for (const field of WRITABLE_CASE_FIELDS) {
      const value = this[PROPERTY_OF[field]];
      if (value !== null && value !== undefined) fields[field] = value;
    }
    return fields;
  }

  /** Takes the merged writable fields (absent reads as unset); true when a stored value changed. */
  assignWritable(merged: Partial<Record<WritableCaseField, unknown>>): boolean {
    let changed = false;
    for (const field of WRITABLE_CASE_FIELDS) {
      const value = (merged[field] ?? null) as never;
      if (this[PROPERTY_OF[field]] !== value) {
        this[PROPERTY_OF[field]] = value;
        changed = true;
      }
    }
    return changed;
  }

  markDeleted(now: Date): void {
    this.deletedAt = now;
    this.updatedAt = now;
  }
}
