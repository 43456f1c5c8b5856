import { caseResource } from '@estate/shared-kernel';
import { ClosureStep } from '../domain/closure-step';
import { CLOSURE_STEP_STATUSES } from '../domain/probate-vocabulary';
import { ClosureStepView, CreateClosureStepBody, PatchClosureStepBody } from '../http/dto/closure-step.dto';
import { ClosureStepSchema } from '../infrastructure/persistence/probate.schemas';
import { AddClosureStep } from '../application/add-closure-step.service';
import { ReviseClosureStep } from '../application/revise-closure-step.service';
import { RemoveClosureStep } from '../application/remove-closure-step.service';

/**
 * Closure steps with their sub-tasks: the case's closure plan is the aggregate (prerequisites, statuses as read);
 * the stored `status` is the status as read, so the `status` filter is a plain one.
 */
export const closureStepResource = caseResource<ClosureStep>({
  name: 'closure step',
  path: 'closure/steps',
  idParam: 'step_id',
  schema: ClosureStepSchema,
  kind: 'aggregate',
  useCases: { create: () => AddClosureStep, patch: () => ReviseClosureStep, delete: () => RemoveClosureStep },
  create: CreateClosureStepBody,
  patch: PatchClosureStepBody,
  view: ClosureStepView,
  filters: { status: CLOSURE_STEP_STATUSES },
  sorts: ['created_at', 'order', 'due_date'],
  tag: 'closure',
  tagDescription: 'Closure steps and their sub-tasks, and closure requests: the automated closure of an account, made of five closure steps.',
  ownSpecRoutes: [{ number: 15, method: 'patch', path: ':step_id/sub-tasks/:sub_task_id' }],
  statusChanged: true,
});
