import { caseResource, field } from '@estate/shared-kernel';
import { CreateGoal } from '../application/create-goal.service';
import { ReviseGoal } from '../application/revise-goal.service';
import { GOAL_CATEGORIES, GOAL_STATUSES } from '../domain/case-vocabulary';
import { Goal, goalIsOverdue } from '../domain/goal';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * Goals of a case (contract-extensions §12.8): an aggregate (`completed_at` follows the status; `assigned_to` must be
 * a user who can reach the case, through the `CaseReach` port the people context answers). `is_overdue` is computed
 * from the stored status and due date and today's date by the clock, on every read and list row, and enters the ETag;
 * the filters and sorts are on stored columns only. `POST` needs only `title`; a merge patch writes the same fields.
 */
export const goalResource = caseResource({
  name: 'goal',
  path: 'goals',
  idParam: 'goal_id',
  table: 'goals',
  entity: Goal,
  kind: 'aggregate',
  useCases: { create: () => CreateGoal, patch: () => ReviseGoal, delete: 'whole' },
  fields: {
    title: field.string({ required: true, description: 'What is to be done.', example: 'Order ten certified death certificates' }),
    description: field.text({ column: { type: 'text' }, description: 'More about it.', example: 'Banks, insurers and the DMV each keep one.' }),
    category: field.enum(GOAL_CATEGORIES, { column: { length: 20 }, description: 'What the goal is about.', example: 'administrative' }),
    status: field.enum(GOAL_STATUSES, {
      column: { length: 20, nullable: false },
      description: 'pending (the default), in_progress, completed or skipped; any move is allowed. Entering completed sets completed_at, leaving it clears it.',
      example: 'in_progress',
    }),
    dueDate: field.date({ description: 'When it should be done.', example: '2026-12-15' }),
    completedAt: field.dateTime({ readOnly: true, description: 'When the goal entered completed; null while it is not completed.', example: null }),
    assignedTo: field.string({
      min: 26,
      max: 26,
      pattern: ULID,
      description: "The user it is assigned to: a member of the case's organization, or a collaborator (or guest) of the case.",
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0VS',
    }),
    order: field.integer({ description: 'Its place in the checklist (sort_by=order).', example: 3 }),
    notes: field.text({ column: { type: 'text' }, description: 'Free-text notes.', example: 'The funeral home ordered five already.' }),
    isOverdue: field.boolean({ computed: true, required: true, description: 'Computed: due_date is before today (UTC) and the goal is pending or in_progress.', example: false }),
  },
  filters: { status: GOAL_STATUSES, assigned_to: { kind: 'equals' }, category: GOAL_CATEGORIES },
  sorts: ['created_at', 'due_date', 'order'],
  tagDescription: "The case's checklist: goals of the family or the executor, who they are assigned to and when they are due.",
  statusChanged: true,
  present: (record, view, context) => ({ ...view, is_overdue: goalIsOverdue(record, context.today) }),
  readTimeState: (record, context) => String(goalIsOverdue(record, context.today)),
});
