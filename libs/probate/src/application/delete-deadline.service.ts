import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, RemoveUseCase } from '@estate/shared-kernel';
import type { ProbateDeadline } from '../domain/probate-deadline';

@Injectable()
export class DeleteDeadline implements RemoveUseCase {
  constructor(
    @InjectResource('probate deadline') private readonly deadlines: CaseResource<ProbateDeadline>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<void> {
    return this.writes.remove(this.deadlines, scope, id, ifMatch);
  }
}
