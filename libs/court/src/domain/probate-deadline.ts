import type { CaseRecord } from '@estate/shared-kernel/domain';
import { ErrorDetail, ValidationFailedError } from '@estate/shared-kernel/domain';
import type { DeadlineRuleRef, GeneratedDeadline } from './deadline-generator';
import type { DeadlineStatus, DeadlineType } from './probate-vocabulary';

/** What is stored: an open deadline is `upcoming`; `overdue` is how an open deadline past its due date reads. */
export type StoredDeadlineStatus = 'upcoming' | 'completed' | 'waived';

/** The writable fields of a deadline (`#14` body), as a merge patch or a create body: absent = unchanged. */
export interface DeadlineChanges {
  title?: string;
  description?: string | null;
  type?: DeadlineType;
  due_date?: string;
  completed_date?: string | null;
  status?: DeadlineStatus | null;
  is_court_ordered?: boolean | null;
  reminder_days_before?: number | null;
}

/**
 * A generated deadline reminds this many days ahead unless the user changes it: a statutory date someone has to be
 * told about in time (the `.ics` alarm and the `deadline.reminder` event). A rescheduling keeps the user's choice.
 */
export const GENERATED_REMINDER_DAYS_BEFORE = 14;

/** A deadline's status as read, from its stored fields (a row read for presenting has no methods). */
export function deadlineStatusOn(deadline: Pick<ProbateDeadline, 'status' | 'dueDate'>, today: string): DeadlineStatus {
  if (deadline.status === 'completed' || deadline.status === 'waived') return deadline.status;
  return deadline.dueDate < today ? 'overdue' : 'upcoming';
}

/**
 * A probate deadline (aggregate). Its rules: setting `completed_date` completes it (`#14`); completing it without a
 * date completes it today; reopening (`upcoming` or `overdue` written) clears the date; a waived deadline has no
 * completion date; and an open deadline whose due date has passed reads `overdue` (issue 9) — computed when read,
 * never stored, so no job has to flip it at midnight. It names every field of its declaration: `create` writes each,
 * and the merge patch and the rescheduling compare and write them.
 */
export class ProbateDeadline implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  title: string;
  description: string | null;
  type: DeadlineType;
  dueDate: string;
  completedDate: string | null;
  status: StoredDeadlineStatus;
  isCourtOrdered: boolean;
  reminderDaysBefore: number | null;
  /** The jurisdiction rule a generated deadline came from; `null` for one entered by hand. */
  rule: DeadlineRuleRef | null;
  /** The generator's template key: one generated deadline per key and case. */
  generatedKey: string | null;

  static create(id: string, caseId: string, body: DeadlineChanges & Pick<Required<DeadlineChanges>, 'title' | 'type' | 'due_date'>, now: Date, today: string): ProbateDeadline {
    const deadline = new ProbateDeadline();
    Object.assign(deadline, {
      id,
      caseId,
      createdAt: now,
      updatedAt: now,
      title: body.title,
      description: null,
      type: body.type,
      dueDate: body.due_date,
      completedDate: null,
      status: 'upcoming',
      isCourtOrdered: false,
      reminderDaysBefore: null,
      rule: null,
      generatedKey: null,
    });
    deadline.apply(body, today);
    deadline.updatedAt = now;
    return deadline;
  }

  static generate(id: string, caseId: string, generated: GeneratedDeadline, now: Date): ProbateDeadline {
    const deadline = ProbateDeadline.create(
      id,
      caseId,
      { title: generated.title, type: generated.type, due_date: generated.dueDate, description: generated.description, reminder_days_before: GENERATED_REMINDER_DAYS_BEFORE },
      now,
      '',
    );
    deadline.rule = generated.rule;
    deadline.generatedKey = generated.key;
    return deadline;
  }

  /** `#14`: a merge patch of the writable fields, with the completion rules above. Returns whether anything changed. */
  update(changes: DeadlineChanges, now: Date, today: string): boolean {
    const before = this.snapshot();
    this.apply(changes, today);
    const changed = this.snapshot() !== before;
    if (changed) this.updatedAt = now;
    return changed;
  }

  /**
   * Generating again with other inputs moves a generated deadline that is not completed to the new date and rule
   * (a waived one keeps its status); a completed one is history and stays as it was.
   */
  reschedule(generated: GeneratedDeadline, now: Date): boolean {
    if (this.status === 'completed') return false;
    const before = this.snapshot();
    this.dueDate = generated.dueDate;
    this.type = generated.type;
    this.title = generated.title;
    this.description = generated.description;
    if (JSON.stringify(Object.entries(this.rule ?? {}).sort()) !== JSON.stringify(Object.entries(generated.rule).sort())) this.rule = generated.rule;
    const changed = this.snapshot() !== before;
    if (changed) this.updatedAt = now;
    return changed;
  }

  /** The status as read: `overdue` once the due date is before today (by the clock) and the deadline is open. */
  statusOn(today: string): DeadlineStatus {
    return deadlineStatusOn(this, today);
  }

  private apply(changes: DeadlineChanges, today: string): void {
    const problems: ErrorDetail[] = [];
    if (changes.title !== undefined) this.title = changes.title;
    if (changes.description !== undefined) this.description = changes.description;
    if (changes.type !== undefined) this.type = changes.type;
    if (changes.due_date !== undefined) this.dueDate = changes.due_date;
    if (changes.is_court_ordered !== undefined) this.isCourtOrdered = changes.is_court_ordered ?? false;
    if (changes.reminder_days_before !== undefined) this.reminderDaysBefore = changes.reminder_days_before;

    const status = changes.status;
    const completedDate = changes.completed_date;
    if (status === null) problems.push({ field: 'status', message: 'status cannot be null', reason: 'required' });
    if (completedDate && status && status !== 'completed') {
      problems.push({ field: 'completed_date', message: `completed_date is set only on a completed deadline, not on a ${status} one`, reason: 'rule' });
    }
    if (problems.length > 0) throw new ValidationFailedError(problems);

    if (completedDate) {
      // Setting the completion date is how a deadline is marked complete (#14).
      this.status = 'completed';
      this.completedDate = completedDate;
    } else if (status === 'completed') {
      this.status = 'completed';
      if (completedDate === null || !this.completedDate) this.completedDate = today;
    } else if (status === 'waived') {
      this.status = 'waived';
      this.completedDate = null;
    } else if (status === 'upcoming' || status === 'overdue') {
      this.status = 'upcoming';
      this.completedDate = null;
    } else if (completedDate === null && this.status === 'completed') {
      // Clearing the completion date reopens the deadline.
      this.status = 'upcoming';
      this.completedDate = null;
    } else if (completedDate === null) {
      this.completedDate = null;
    }
  }

  private snapshot(): string {
    // The rule is compared key by key in a fixed order: jsonb gives its keys back in an order of its own.
    const rule = this.rule ? Object.entries(this.rule).sort(([a], [b]) => a.localeCompare(b)) : null;
    return JSON.stringify([this.title, this.description, this.type, this.dueDate, this.completedDate, this.status, this.isCourtOrdered, this.reminderDaysBefore, rule]);
  }
}
