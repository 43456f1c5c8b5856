import type { DisputeLevel, EstateValue, ProgressStage } from './case-vocabulary';

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

  /** Takes a merge patch's merged writable fields (property-keyed); true when a stored value changed. */
  revise(fields: Readonly<Record<string, unknown>>): boolean {
    const target = this as unknown as Record<string, unknown>;
    const changed = Object.entries(fields).some(([property, value]) => (target[property] ?? null) !== value);
    Object.assign(this, fields);
    return changed;
  }

  markDeleted(now: Date): void {
    this.deletedAt = now;
    this.updatedAt = now;
  }
}
