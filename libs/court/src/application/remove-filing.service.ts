import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, ConflictError, InjectResource, RemoveUseCase } from '@estate/shared-kernel';
import { DELETABLE_FILING_STATUSES, Filing } from '../domain/filing';

/** `DELETE …/probate/filings/{id}` (contract-extensions §10.2): only a draft or withdrawn filing; court records stay. */
@Injectable()
export class RemoveFiling implements RemoveUseCase {
  constructor(
    @InjectResource('filing') private readonly filings: CaseResource<Filing>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<void> {
    return this.writes.remove(this.filings, scope, id, ifMatch, async (filing) => {
      if (filing.deletable()) return;
      const message = `A ${filing.status} filing is part of the court's record and cannot be deleted; only ${DELETABLE_FILING_STATUSES.join(' or ')} filings can.`;
      throw new ConflictError('invalid_state', message, [{ field: 'status', message, reason: 'conflict' }]);
    });
  }
}
