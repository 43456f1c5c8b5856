import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { GoalCategory, GoalStatus } from './case-vocabulary';

/** The JSON document of a goal (the create body, or the merged result of a merge patch). */
export interface GoalDocument {
  title: string;
  description?: string | null;
  category?: GoalCategory | null;
  status?: GoalStatus | null;
  due_date?: string | null;
  assigned_to?: string | null;
  order?: number | null;
  notes?: string | null;
}

const FIELDS: Array<[Exclude<keyof GoalDocument, 'status'>, keyof Goal]> = [
  ['title', 'title'],
  ['description', 'description'],
  ['category', 'category'],
  ['due_date', 'dueDate'],
  ['assigned_to', 'assignedTo'],
  ['order', 'order'],
  ['notes', 'notes'],
];

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
 * entering `completed` stamps `completedAt` and leaving it clears it.
 */
export class Goal implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  title: string;
  description: string | null;
  category: GoalCategory | null;
  status: GoalStatus;
  dueDate: string | null;
  completedAt: Date | null;
  assignedTo: string | null;
  order: number | null;
  notes: string | null;

  static create(id: string, caseId: string, document: GoalDocument, now: Date): Goal {
    const goal = new Goal();
    Object.assign(goal, { id, caseId, createdAt: now, updatedAt: now, status: 'pending', completedAt: null });
    goal.write(document);
    goal.move(document.status ?? 'pending', now);
    return goal;
  }

  /** A merge patch's merged document; returns whether anything changed. */
  revise(document: GoalDocument, now: Date): boolean {
    const before = JSON.stringify([this.document(), this.completedAt]);
    this.write(document);
    this.move(document.status ?? this.status, now);
    const changed = JSON.stringify([this.document(), this.completedAt]) !== before;
    if (changed) this.updatedAt = now;
    return changed;
  }

  /** The goal's writable fields as JSON: the document a merge patch applies to. */
  document(): GoalDocument {
    const document: Record<string, unknown> = {};
    for (const [field, property] of FIELDS) {
      const value = this[property];
      if (value !== null && value !== undefined) document[field] = value;
    }
    document.status = this.status;
    return document as unknown as GoalDocument;
  }

  private move(next: GoalStatus, now: Date): void {
    if (next === 'completed' && this.status !== 'completed') this.completedAt = now;
    if (next !== 'completed') this.completedAt = null;
    this.status = next;
  }

  private write(document: GoalDocument): void {
    const target = this as unknown as Record<string, unknown>;
    for (const [field, property] of FIELDS) target[property] = document[field] ?? null;
  }
}
