import { caseResource, field } from '@estate/shared-kernel';
import { ClosureStep } from '../domain/closure-step';
import { CLOSURE_STEP_STATUSES, WRITABLE_CLOSURE_STEP_STATUSES } from '../domain/closure-vocabulary';
import { SubTaskBody, SubTaskView } from '../http/dto/closure-step.dto';
import { AddClosureStep } from '../application/add-closure-step.service';
import { ReviseClosureStep } from '../application/revise-closure-step.service';
import { RemoveClosureStep } from '../application/remove-closure-step.service';

/**
 * Closure steps with their sub-tasks: the case's closure plan is the aggregate (prerequisites, statuses as read);
 * the stored `status` is the status as read, so the `status` filter is a plain one.
 */
export const closureStepResource = caseResource({
  name: 'closure step',
  path: 'closure/steps',
  idParam: 'step_id',
  table: 'closure_steps',
  entity: ClosureStep,
  kind: 'aggregate',
  useCases: { create: () => AddClosureStep, patch: () => ReviseClosureStep, delete: () => RemoveClosureStep },
  fields: {
    stepType: field.string({ required: true, description: 'Kind of step, free text (1–200 characters).', example: 'close_bank_account' }),
    title: field.string({ required: true, description: 'What the step is.', example: 'Close the checking account at First Bank' }),
    description: field.text({ column: { type: 'text' }, description: 'Details.', example: 'After the final statement arrives.' }),
    status: field.enum(WRITABLE_CLOSURE_STEP_STATUSES, {
      // Stored is the status as read (`blocked` included), which the column's check allows and MikroORM 7 checks on flush.
      column: { length: 20, nullable: false, items: [...CLOSURE_STEP_STATUSES] },
      description: 'not_started by default; completed only for a step without sub-tasks; blocked is computed from depends_on.',
      example: 'not_started',
      // Read, the status is the plan's: blocked while a prerequisite is open.
      view: { enum: CLOSURE_STEP_STATUSES, nullable: false, required: true, description: 'Status as read: blocked while a prerequisite is open.' },
    }),
    order: field.integer({ min: 0, max: 10000, column: { fieldName: 'step_order' }, description: 'Position in the closure plan.', example: 1 }),
    dependsOn: field.stringArray({ column: { type: 'string[]', columnType: 'text[]' }, description: 'Ids of prerequisite steps of the same case (no cycles).', example: [] }),
    blockedReason: field.text({ readOnly: true, column: { type: 'text' }, description: 'Why the step is blocked; null otherwise.', example: null }),
    assignedTo: field.string({ description: 'Who does it.', example: 'Grace Okafor' }),
    dueDate: field.date({ description: 'Day it should be done.', example: '2027-02-01' }),
    completedDate: field.date({ description: 'Day it was done; set to today when the step comes to read completed without one.', example: '2027-01-28' }),
    notes: field.text({ column: { type: 'text' }, description: 'Notes.', example: 'Bank asked for letters testamentary.' }),
    subTasks: field.objectArray(() => SubTaskBody, {
      description: 'Sub-tasks; the step reads completed when all are.',
      view: { type: [SubTaskView], nullable: false, required: true, description: 'Sub-tasks.' },
    }),
    // The status last set by a write (the plan computes the status as read from it) and why a step is held: never shown.
    setStatus: field.string({ hidden: true, required: true, column: { length: 20 } }),
    heldReason: field.text({ hidden: true, column: { type: 'text' } }),
  },
  filters: { status: CLOSURE_STEP_STATUSES },
  sorts: ['created_at', 'order', 'due_date'],
  tag: 'closure',
  tagDescription: 'Closure steps and their sub-tasks, and closure requests: the automated closure of an account, made of five closure steps.',
  ownSpecRoutes: [{ number: 15, method: 'patch', path: ':step_id/sub-tasks/:sub_task_id' }],
  statusChanged: true,
});
