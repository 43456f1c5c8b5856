import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, RemoveUseCase } from '@estate/shared-kernel';
import type { CreditorClaim } from '../domain/creditor-claim';

@Injectable()
export class DeleteCreditorClaim implements RemoveUseCase {
  constructor(
    @InjectResource('creditor claim') private readonly claims: CaseResource<CreditorClaim>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<void> {
    return this.writes.remove(this.claims, scope, id, ifMatch);
  }
}
