import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { AggregateWrites, CaseResource, CreateUseCase, InjectResource, JsonObject, SingleResource, writableFieldsOf } from '@estate/shared-kernel';
import { ClaimFields, CreditorClaim } from '../domain/creditor-claim';

/** `POST …/probate/creditor-claims`: a claim presented against the estate. */
@Injectable()
export class FileCreditorClaim implements CreateUseCase {
  constructor(
    @InjectResource('creditor claim') private readonly claims: CaseResource<CreditorClaim>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.writes.add(this.claims, scope, (clock) =>
      CreditorClaim.file(ulid(), scope.caseId, writableFieldsOf<ClaimFields>(this.claims, body), clock.now()),
    );
  }
}
