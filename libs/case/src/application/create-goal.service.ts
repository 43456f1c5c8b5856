import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { AggregateWrites, CaseResource, CreateUseCase, InjectResource, JsonObject, SingleResource, writableFieldsOf } from '@estate/shared-kernel';
import { Goal, GoalFields } from '../domain/goal';
import { GoalAssignees } from './goal-assignees';

/** `POST /v1/cases/{case_id}/goals` (contract-extensions §12.8). */
@Injectable()
export class CreateGoal implements CreateUseCase {
  constructor(
    @InjectResource('goal') private readonly goals: CaseResource<Goal>,
    private readonly writes: AggregateWrites,
    private readonly assignees: GoalAssignees,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.writes.add(this.goals, scope, async (clock) => {
      const fields = writableFieldsOf<GoalFields>(this.goals, body);
      await this.assignees.check(scope.caseId, fields.assignedTo as string | null);
      return Goal.create(ulid(), scope.caseId, fields, clock.now());
    });
  }
}
