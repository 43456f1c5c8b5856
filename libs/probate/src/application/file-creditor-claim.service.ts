import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { CaseResourceReader, Clock, CreateUseCase, JsonObject, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import { ClaimDocument, CreditorClaim } from '../domain/creditor-claim';
import { ProbateResources } from './probate-resources';

/** `POST …/probate/creditor-claims`: a claim presented against the estate. */
@Injectable()
export class FileCreditorClaim implements CreateUseCase {
  constructor(
    private readonly resources: ProbateResources,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const claim = CreditorClaim.file(ulid(), scope.caseId, body as unknown as ClaimDocument, this.clock.now());
        em.persist(claim);
        await em.flush();
        return this.reader.present(this.resources.claims, claim);
      },
      { caseId: scope.caseId },
    );
  }
}
