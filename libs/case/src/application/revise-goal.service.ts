import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, mergedPatch, PatchUseCase, SingleResource } from '@estate/shared-kernel';
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
      const { fields } = await mergedPatch<GoalFields>(this.goals, goal, patch, { notNull: ['status'] });
      await this.assignees.check(scope.caseId, fields.assignedTo as string | null, goal.assignedTo);
      goal.revise(fields, clock.now());
    });
  }
}
