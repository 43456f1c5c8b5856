import { caseResource } from '@estate/shared-kernel';
import { deadlineStatusOn, ProbateDeadline } from '../domain/probate-deadline';
import { DEADLINE_STATUSES, DEADLINE_TYPES } from '../domain/probate-vocabulary';
import { CreateDeadlineBody, DeadlineView, PatchDeadlineBody } from '../http/dto/deadline.dto';
import { ProbateDeadlineSchema } from '../infrastructure/persistence/probate.schemas';
import { CreateDeadline } from '../application/create-deadline.service';
import { UpdateDeadline } from '../application/update-deadline.service';

/** The stored columns behind each status as read: `overdue` is an open deadline due before today (by the clock). */
function statusCondition(value: string, today: string): Record<string, unknown> {
  if (value === 'overdue') return { status: 'upcoming', dueDate: { $lt: today } };
  if (value === 'upcoming') return { status: 'upcoming', dueDate: { $gte: today } };
  return { status: value };
}

/** Probate deadlines: an aggregate (completion rules), read through the kernel; `#14` is its merge patch. */
export const probateDeadlineResource = caseResource<ProbateDeadline>({
  name: 'probate deadline',
  eventKey: 'deadline',
  path: 'probate/deadlines',
  idParam: 'deadline_id',
  schema: ProbateDeadlineSchema,
  kind: 'aggregate',
  useCases: { create: () => CreateDeadline, patch: () => UpdateDeadline, delete: 'whole' },
  create: CreateDeadlineBody,
  patch: PatchDeadlineBody,
  view: DeadlineView,
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
