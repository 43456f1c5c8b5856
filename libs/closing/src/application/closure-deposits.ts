import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ClosableAccounts } from '@estate/assets';
import { CaseResource, InjectResource } from '@estate/shared-kernel';
import type { ClosureRequest } from '../domain/closure-request';
import { ClosurePlanWrites } from './closure-plan-writes';
import { ClosureTransferOutcome, ClosureTransferOutcomes } from './ports/closure-transfer-outcomes.port';

/**
 * How an `instant_transfer` closure request hears of its transfer (contract-extensions §15.1), told by the transfers
 * context inside the transaction of the move (the case row held): on settlement its `deposit_proceeds` step completes
 * and its account, now empty, moves to `pending_closure`; a return, rejection, failure or cancellation holds the step
 * (`blocked`, with the return code or the reason). A request that ended, or a transfer no request made, changes nothing.
 */
@Injectable()
export class ClosureDeposits extends ClosureTransferOutcomes {
  constructor(
    @InjectResource('closure request') private readonly resource: CaseResource<ClosureRequest>,
    private readonly plans: ClosurePlanWrites,
    private readonly accounts: ClosableAccounts,
    private readonly em: EntityManager,
  ) {
    super();
  }

  async tell(outcome: ClosureTransferOutcome): Promise<void> {
    // Looked up first: a transfer outlives its case (contract §8), whose requests were erased with it.
    const request = (await this.em.findOne(this.resource.schema, { caseId: outcome.caseId, transferId: outcome.transferId } as never)) as ClosureRequest | null;
    if (!request?.isOpen()) return;
    await this.plans.change({ caseId: outcome.caseId }, async ({ plan, now, today }) => {
      const step = request.depositStep(plan.all);
      if (!outcome.settled) {
        if (step) plan.hold(step, outcome.reason ?? 'the transfer did not settle', now, today);
        return;
      }
      if (step) plan.complete(step, now, today);
      if (request.formerAccountStatus !== null) return;
      const account = await this.accounts.ofCase(request.caseId, request.accountType, request.accountId);
      if (!account?.statusTracked || account.closed) return;
      request.accountMovedFrom(account.status);
      await this.accounts.moveStatus(request.caseId, request.accountType, request.accountId, 'pending_closure');
    });
  }
}
