import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { AggregateWrites, CaseResource, CreateUseCase, InjectResource, JsonObject, SingleResource } from '@estate/shared-kernel';
import { DeadlineChanges, ProbateDeadline } from '../domain/probate-deadline';

type NewDeadline = DeadlineChanges & { title: string; type: ProbateDeadline['type']; due_date: string };

/** `POST …/probate/deadlines`: a deadline entered by hand (its body already validated by the DTO). */
@Injectable()
export class CreateDeadline implements CreateUseCase {
  constructor(
    @InjectResource('probate deadline') private readonly deadlines: CaseResource<ProbateDeadline>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.writes.add(this.deadlines, scope, (clock) =>
      ProbateDeadline.create(ulid(), scope.caseId, body as unknown as NewDeadline, clock.now(), clock.today()),
    );
  }
}
