import { caseResource, field } from '@estate/shared-kernel';
import { deadlineStatusOn, ProbateDeadline } from '../domain/probate-deadline';
import { DEADLINE_STATUSES, DEADLINE_TYPES } from '../domain/probate-vocabulary';
import { DeadlineRuleView } from '../http/dto/deadline.dto';
import { CreateDeadline } from '../application/create-deadline.service';
import { UpdateDeadline } from '../application/update-deadline.service';

/** The stored columns behind each status as read: `overdue` is an open deadline due before today (by the clock). */
function statusCondition(value: string, today: string): Record<string, unknown> {
  if (value === 'overdue') return { status: 'upcoming', dueDate: { $lt: today } };
  if (value === 'upcoming') return { status: 'upcoming', dueDate: { $gte: today } };
  return { status: value };
}

/**
 * Probate deadlines: an aggregate (completion rules), read through the kernel; `title`, `type` and `due_date` are
 * required; `#14` is its merge patch of the same fields.
 */
export const probateDeadlineResource = caseResource({
  name: 'probate deadline',
  // The published document has always named its classes CreateDeadlineBody, PatchDeadlineBody and DeadlineView.
  typeName: 'deadline',
  eventKey: 'deadline',
  path: 'probate/deadlines',
  idParam: 'deadline_id',
  table: 'probate_deadlines',
  entity: ProbateDeadline,
  kind: 'aggregate',
  useCases: { create: () => CreateDeadline, patch: () => UpdateDeadline, delete: 'whole' },
  fields: {
    title: field.string({ required: true, description: 'What is due.', example: 'File the inventory and appraisal' }),
    description: field.text({ column: { type: 'text' }, description: 'Details of the deadline.', example: 'Inventory and appraisal of the estate (DE-160).' }),
    type: field.enum(DEADLINE_TYPES, { required: true, description: 'Kind of deadline.', example: 'inventory' }),
    dueDate: field.date({ required: true, description: 'The day it is due.', example: '2027-03-15' }),
    completedDate: field.date({ description: 'The day it was completed; setting it completes the deadline (#14).', example: '2027-03-01' }),
    status: field.enum(DEADLINE_STATUSES, {
      // Always set by the aggregate (`upcoming` when the body leaves it out); `overdue` is only ever read, never stored.
      column: { length: 20, nullable: false },
      description:
        'upcoming by default; completed when completed_date is set; an open deadline past its due date reads overdue (writing upcoming or overdue reopens it).',
      example: 'completed',
    }),
    isCourtOrdered: field.boolean({ description: 'Whether a court ordered it; false when unset.', example: true }),
    reminderDaysBefore: field.integer({
      min: 0,
      max: 3650,
      description: 'Days before the due date to remind: the .ics alarm and the deadline.reminder event. Generated deadlines default to 14; null for none.',
      example: 14,
    }),
    rule: field.object(() => DeadlineRuleView, {
      readOnly: true,
      view: { type: DeadlineRuleView, nullable: true },
      description: 'For a generated deadline, the rule it came from; null for one entered by hand.',
    }),
    // The generator's template key: one generated deadline per key and case.
    generatedKey: field.string({ hidden: true, max: 60 }),
  },
  filters: {
    type: DEADLINE_TYPES,
    status: { kind: 'computed', values: DEADLINE_STATUSES, where: (value, context) => statusCondition(value, context.today) },
  },
  sorts: ['created_at', 'due_date'],
  specRoutes: { patch: 14 },
  tag: 'probate',
  tagDescription: 'Probate deadlines and creditor claims.',
  statusChanged: true,
  // The scheduler's: `deadline.reminder` ahead of `due_date`, `deadline.overdue` the day after (contract §14.2).
  alsoEmits: ['reminder', 'overdue'],
  present: (record, view, context) => ({ ...view, status: deadlineStatusOn(record, context.today) }),
  readTimeState: (record, context) => deadlineStatusOn(record, context.today),
});
