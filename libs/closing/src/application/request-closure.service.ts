import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { ClosableAccounts } from '@estate/assets';
import { CaseResource, CreateUseCase, currentActor, InjectResource, JsonObject, SingleResource, ValidationFailedError, writableFieldsOf } from '@estate/shared-kernel';
import { ClosableAccountFacts, ClosureRequest, ClosureRequestBody, closureStepsFor } from '../domain/closure-request';
import type { ClosureStep, ClosureStepFields } from '../domain/closure-step';
import { OPEN_CLOSURE_REQUEST_STATUSES } from '../domain/closure-vocabulary';
import { ClosureRequestWrites } from './closure-request-writes';
import { ClosureTransfers } from './ports/closure-transfers.port';

/**
 * `POST …/closure/requests` (contract-extensions §15.1), in one transaction with the case row held: the account must
 * be one of its kind in the case, neither the estate account nor closed (`422`), with no open request
 * (`409 closure_request_exists`); the request and its five closure steps are made together, each step depending on
 * the one before. `instant_transfer` also requests the §8 transfer of what is still transferable (a §8 refusal is
 * `422 transfer_not_allowed`, and nothing is made); a `standard` request moves a bank or financial account to
 * `pending_closure` at once (with `instant_transfer`, once the transfer settles: §8's eligibility needs it `open`).
 */
@Injectable()
export class RequestClosure implements CreateUseCase {
  constructor(
    @InjectResource('closure request') private readonly resource: CaseResource<ClosureRequest>,
    @InjectResource('closure step') private readonly closureSteps: CaseResource<ClosureStep>,
    private readonly writes: ClosureRequestWrites,
    private readonly accounts: ClosableAccounts,
    private readonly transfers: ClosureTransfers,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    const input = body as unknown as ClosureRequestBody;
    return this.writes.add(scope, async ({ plan, em, now, today }) => {
      const account = (await this.accounts.ofCase(scope.caseId, input.account_type, input.account_id)) as ClosableAccountFacts | null;
      const problems = ClosureRequest.refusals(input, account);
      if (problems.length > 0 || !account) throw new ValidationFailedError(problems);
      const open = (await em.findOne(this.resource.schema, {
        caseId: scope.caseId,
        accountType: input.account_type,
        accountId: account.id,
        status: { $in: [...OPEN_CLOSURE_REQUEST_STATUSES] },
      } as never)) as ClosureRequest | null;
      if (open) throw ClosureRequest.alreadyRequested(open);

      const made = ClosureRequest.open({ id: ulid(), caseId: scope.caseId, requestedBy: currentActor().id }, input, account, now);
      let previous: string | null = null;
      for (const document of closureStepsFor(account, made.method)) {
        const fields = writableFieldsOf<ClosureStepFields>(this.closureSteps, { ...document, depends_on: previous ? [previous] : [] });
        const step = plan.add(scope.caseId, fields, now, today);
        em.persist(step);
        made.stepIds.push(step.id);
        previous = step.id;
      }
      if (made.method === 'instant_transfer') {
        const memo = `Closure of the account ending ${account.lastFour ?? '(no number)'} at ${account.institutionName}`.slice(0, 200);
        const transfer = await this.transfers.request({ caseId: scope.caseId, bankAccountId: account.id, requestedBy: made.requestedBy, memo });
        made.transferId = transfer.id;
      } else if (account.statusTracked) {
        made.accountMovedFrom(account.status);
        await this.accounts.moveStatus(scope.caseId, account.kind, account.id, 'pending_closure');
      }
      em.persist(made);
      return made;
    });
  }
}
