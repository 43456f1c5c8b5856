import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { AggregateWrites, CreateUseCase, JsonObject, SingleResource } from '@estate/shared-kernel';
import { ClaimDocument, CreditorClaim } from '../domain/creditor-claim';
import { ProbateResources } from './probate-resources';

/** `POST …/probate/creditor-claims`: a claim presented against the estate. */
@Injectable()
export class FileCreditorClaim implements CreateUseCase {
  constructor(
    private readonly resources: ProbateResources,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.writes.add(this.resources.claims, scope, (clock) =>
      CreditorClaim.file(ulid(), scope.caseId, body as unknown as ClaimDocument, clock.now()),
    );
  }
}
