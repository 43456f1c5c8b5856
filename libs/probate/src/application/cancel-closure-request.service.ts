import { Injectable } from '@nestjs/common';
import { ClosableAccounts } from '@estate/assets/ports';
import {
  assertIfMatch,
  CaseResource,
  CaseResourceReader,
  currentActor,
  InjectResource,
  ResourceEvents,
  SingleResource,
  subjectOf,
  UnitOfWork,
} from '@estate/shared-kernel';
import type { ClosureRequest } from '../domain/closure-request';
import { ClosurePlanWrites } from './closure-plan-writes';
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
    @InjectResource('closure request') private readonly resource: CaseResource<ClosureRequest>,
    private readonly plans: ClosurePlanWrites,
    private readonly accounts: ClosableAccounts,
    private readonly transfers: ClosureTransfers,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        let before: Record<string, unknown> = {};
        const request = await this.plans.change(scope, async ({ plan, now, today }) => {
          const found = await this.reader.load(this.resource, scope as never, id);
          assertIfMatch(ifMatch, this.reader.etag(this.resource, found));
          before = this.reader.view(this.resource, found);
          found.cancel(now);
          if (found.transferId) await this.transfers.cancel(scope.caseId, found.transferId, currentActor().id, `closure request ${found.id} cancelled`);
          plan.skipOpen(found.stepIds, now, today);
          if (found.formerAccountStatus !== null) {
            // Only the move this request made is undone: a status someone set since stays.
            const account = await this.accounts.ofCase(scope.caseId, found.accountType, found.accountId);
            if (account?.status === 'pending_closure') await this.accounts.moveStatus(scope.caseId, found.accountType, found.accountId, found.formerAccountStatus);
          }
          return found;
        });
        await em.flush();
        const presented = this.reader.present(this.resource, request);
        await this.events.changed(em, subjectOf(this.resource, scope), before, presented.data as Record<string, unknown>);
        return presented;
      },
      { caseId: scope.caseId },
    );
  }
}
