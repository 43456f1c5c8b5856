import { Injectable } from '@nestjs/common';
import { ClosableAccounts } from '@estate/assets';
import { currentActor, SingleResource } from '@estate/shared-kernel';
import { ClosureRequestWrites } from './closure-request-writes';
import { ClosureTransfers } from './ports/closure-transfers.port';

/**
 * `POST …/closure/requests/{request_id}/cancel` (contract-extensions §15.1), in one transaction with the case row
 * held: an open request becomes `cancelled` (a final one: `409 invalid_state`), its steps not yet completed become
 * `skipped`, its transfer is cancelled under §8 — `409 transfer_not_cancellable` from §8 leaves everything as it was —
 * and an account the request moved to `pending_closure` returns to its former status.
 */
@Injectable()
export class CancelClosureRequest {
  constructor(
    private readonly writes: ClosureRequestWrites,
    private readonly accounts: ClosableAccounts,
    private readonly transfers: ClosureTransfers,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(scope, id, ifMatch, async (request, { plan, now, today }) => {
      request.cancel(now);
      if (request.transferId) await this.transfers.cancel(scope.caseId, request.transferId, currentActor().id, `closure request ${request.id} cancelled`);
      plan.skipOpen(request.stepIds, now, today);
      if (request.formerAccountStatus === null) return;
      // Only the move this request made is undone: a status someone set since stays.
      const account = await this.accounts.ofCase(scope.caseId, request.accountType, request.accountId);
      if (account?.status === 'pending_closure') await this.accounts.moveStatus(scope.caseId, request.accountType, request.accountId, request.formerAccountStatus);
    });
  }
}
