import { Injectable } from '@nestjs/common';
import { AggregateWrites, RemoveUseCase } from '@estate/shared-kernel';
import { ProbateResources } from './probate-resources';

@Injectable()
export class DeleteDeadline implements RemoveUseCase {
  constructor(
    private readonly resources: ProbateResources,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<void> {
    return this.writes.remove(this.resources.deadlines, scope, id, ifMatch);
  }
}
