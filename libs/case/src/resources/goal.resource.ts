import { caseResource } from '@estate/shared-kernel';
import { CreateGoal } from '../application/create-goal.service';
import { ReviseGoal } from '../application/revise-goal.service';
import { GOAL_CATEGORIES, GOAL_STATUSES } from '../domain/case-vocabulary';
import { Goal, goalIsOverdue } from '../domain/goal';
import { CreateGoalBody, GoalView, PatchGoalBody } from '../http/dto/goal.dto';
import { GoalSchema } from '../infrastructure/persistence/goal.schema';

/**
 * Goals of a case (contract-extensions §12.8): an aggregate (`completed_at` follows the status; `assigned_to` must be
 * a user who can reach the case, through the `CaseReach` port the people context answers). `is_overdue` is computed
 * from the stored status and due date and today's date by the clock, on every read and list row, and enters the ETag;
 * the filters and sorts are on stored columns only.
 */
export const goalResource = caseResource<Goal>({
  name: 'goal',
  path: 'goals',
  idParam: 'goal_id',
  schema: GoalSchema,
  kind: 'aggregate',
  useCases: { create: () => CreateGoal, patch: () => ReviseGoal, delete: 'whole' },
  create: CreateGoalBody,
  patch: PatchGoalBody,
  view: GoalView,
  filters: { status: GOAL_STATUSES, assigned_to: { kind: 'equals' }, category: GOAL_CATEGORIES },
  sorts: ['created_at', 'due_date', 'order'],
  tagDescription: "The case's checklist: goals of the family or the executor, who they are assigned to and when they are due.",
  statusChanged: true,
  present: (record, view, context) => ({ ...view, is_overdue: goalIsOverdue(record, context.today) }),
  readTimeState: (record, context) => String(goalIsOverdue(record, context.today)),
});
