import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { GoalStatus } from './case-vocabulary';

/**
 * A goal's writable fields as properties (`dueDate`), each present (`null` when unset): the create body, or the merged
 * result of a merge patch. Only `status` has a rule; the others are stored as given.
 */
export type GoalFields = { status?: GoalStatus | null } & Readonly<Record<string, unknown>>;

/** The statuses of a goal still to be done: only these can be overdue. */
const OPEN_STATUSES: readonly GoalStatus[] = ['pending', 'in_progress'];

/**
 * Contract-extensions §12.8: a goal is overdue while it is still open (`pending`, `in_progress`) and its `due_date` is
 * before today (UTC). Computed when read, never stored, so it is right on every read whatever day it is.
 */
export function goalIsOverdue(goal: { status: GoalStatus; dueDate: string | null }, today: string): boolean {
  return goal.dueDate !== null && goal.dueDate < today && OPEN_STATUSES.includes(goal.status);
}

/**
 * A checklist item of the family or the executor (contract-extensions §12.8). Any status may follow any other;
 * entering `completed` stamps `completedAt` and leaving it clears it. Its other fields (declared with the resource)
 * are stored as given; only those its rules read are named here.
 */
export class Goal implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  status: GoalStatus;
  dueDate: string | null;
  completedAt: Date | null;
  assignedTo: string | null;

  static create(id: string, caseId: string, fields: GoalFields, now: Date): Goal {
    const goal = new Goal();
    Object.assign(goal, { id, caseId, createdAt: now, updatedAt: now, status: 'pending', completedAt: null });
    goal.write(fields);
    goal.move(fields.status ?? 'pending', now);
    return goal;
  }

  /** A merge patch's merged fields; returns whether anything changed. */
  revise(fields: GoalFields, now: Date): boolean {
    const state = () => JSON.stringify([Object.keys(fields).map((property) => this.property(property)), this.completedAt]);
    const before = state();
    this.write(fields);
    this.move(fields.status ?? this.status, now);
    const changed = state() !== before;
    if (changed) this.updatedAt = now;
    return changed;
  }

  private property(name: string): unknown {
    return (this as unknown as Record<string, unknown>)[name] ?? null;
  }

  private move(next: GoalStatus, now: Date): void {
    if (next === 'completed' && this.status !== 'completed') this.completedAt = now;
    if (next !== 'completed') this.completedAt = null;
    this.status = next;
  }

  private write(fields: GoalFields): void {
    const { status: _status, ...stored } = fields;
    Object.assign(this, stored);
  }
}
