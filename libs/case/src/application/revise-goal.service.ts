import { Injectable } from '@nestjs/common';
import {
  AggregateWrites,
  applyMergePatch,
  asJsonObject,
  CaseResource,
  InjectResource,
  JsonObject,
  PatchUseCase,
  SingleResource,
  toCamelCase,
  validateAgainst,
  ValidationFailedError,
  writableDocument,
  writableFieldsOf,
} from '@estate/shared-kernel';
import type { Goal, GoalFields } from '../domain/goal';
import { GoalAssignees } from './goal-assignees';

/** Merge patch of a goal (contract-extensions §12.8): any field, any status move. */
@Injectable()
export class ReviseGoal implements PatchUseCase {
  constructor(
    @InjectResource('goal') private readonly goals: CaseResource<Goal>,
    private readonly writes: AggregateWrites,
    private readonly assignees: GoalAssignees,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.goals, scope, id, ifMatch, async (goal, clock) => {
      // A merge patch's null would clear the status (RFC 7396): a goal always has one.
      if (patch.status === null) throw new ValidationFailedError([{ field: 'status', message: 'status cannot be null', reason: 'required' }]);
      const merged = applyMergePatch(asJsonObject(writableDocument(goal, this.goals.createFields, toCamelCase)), patch);
      await validateAgainst(this.goals.create, merged);
      const fields = writableFieldsOf<GoalFields>(this.goals, merged);
      await this.assignees.check(scope.caseId, fields.assignedTo as string | null, goal.assignedTo);
      goal.revise(fields, clock.now());
    });
  }
}
