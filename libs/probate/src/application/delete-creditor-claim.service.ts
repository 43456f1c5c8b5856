import { Injectable } from '@nestjs/common';
import { assertIfMatch, CaseResourceReader, RemoveUseCase, UnitOfWork } from '@estate/shared-kernel';
import { creditorClaimResource } from '../resources/creditor-claim.resource';

@Injectable()
export class DeleteCreditorClaim implements RemoveUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<void> {
    return this.uow.run(
      async (em) => {
        const claim = await this.reader.load(creditorClaimResource, scope, id);
        assertIfMatch(ifMatch, this.reader.etag(creditorClaimResource, claim));
        em.remove(claim);
        await em.flush();
      },
      { caseId: scope.caseId },
    );
  }
}
