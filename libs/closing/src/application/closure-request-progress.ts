import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ClosableAccounts } from '@estate/assets';
import { CaseResource, CaseResourceReader, ConflictError, InjectResource, ResourceEvents, subjectOf } from '@estate/shared-kernel';
import type { ClosureRequest } from '../domain/closure-request';
import type { ClosurePlan } from '../domain/closure-step';
import { OPEN_CLOSURE_REQUEST_STATUSES } from '../domain/closure-vocabulary';

/**
 * Keeps the case's closure requests in step with their closure steps (contract-extensions §15.1), inside every write
 * of the closure plan (`ClosurePlanWrites`, with the case row held): an open request starts when one of its steps
 * does and completes when all are completed or skipped — then its bank or financial account is `closed` (with
 * `closed_date` today where the kind has one). Also the plan's other rules about requests: the steps and the account
 * of an open request stay until it ends.
 */
@Injectable()
export class ClosureRequestProgress {
  constructor(
    @InjectResource('closure request') private readonly resource: CaseResource<ClosureRequest>,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
    private readonly accounts: ClosableAccounts,
    private readonly em: EntityManager,
  ) {}

  /** After a change of the plan: each open request whose status the steps moved, told as `closure_request.status_changed`. */
  async follow(em: EntityManager, caseId: string, plan: ClosurePlan, now: Date, today: string): Promise<void> {
    for (const request of await this.openOf(em, caseId)) {
      const before = this.reader.view(this.resource, request);
      const move = request.follow(plan.all, now);
      if (move === null) continue;
      if (move === 'completed') await this.accounts.moveStatus(caseId, request.accountType, request.accountId, 'closed', today);
      await this.tell(em, request, before);
    }
  }

  /**
   * Before a closure step is deleted: a step of an open request stays (`409 invalid_state`: skip it instead); a step
   * of a request that ended leaves its `step_ids`.
   */
  async stepLeaving(em: EntityManager, caseId: string, stepId: string, now: Date): Promise<void> {
    const naming = (await em.find(this.resource.schema, { caseId, stepIds: { $contains: [stepId] } } as never)) as ClosureRequest[];
    const open = naming.find((request) => request.isOpen());
    if (open) {
      const message = `The step belongs to closure request ${open.id}, which is ${open.status}; skip the step instead, or cancel the request.`;
      throw new ConflictError('invalid_state', message, [{ field: 'closure_request_id', message: `closure request ${open.id} is ${open.status}`, reason: 'conflict' }]);
    }
    for (const request of naming) {
      const before = this.reader.view(this.resource, request);
      request.stepIds = request.stepIds.filter((id) => id !== stepId);
      request.updatedAt = now;
      await this.tell(em, request, before);
    }
  }

  /** Before an account is deleted (a veto): the account of an open request stays (`409 invalid_state`). */
  async accountLeaving(caseId: string, accountId: string): Promise<void> {
    const open = (await this.em.findOne(this.resource.schema, { caseId, accountId, status: { $in: [...OPEN_CLOSURE_REQUEST_STATUSES] } } as never)) as ClosureRequest | null;
    if (!open) return;
    throw new ConflictError('invalid_state', `The account has a closure request (${open.id}, ${open.status}); cancel it or let it complete first.`, [
      { field: 'closure_request_id', message: `closure request ${open.id} is ${open.status}`, reason: 'conflict' },
    ]);
  }

  private async openOf(em: EntityManager, caseId: string): Promise<ClosureRequest[]> {
    return (await em.find(this.resource.schema, { caseId, status: { $in: [...OPEN_CLOSURE_REQUEST_STATUSES] } } as never)) as ClosureRequest[];
  }

  private async tell(em: EntityManager, request: ClosureRequest, before: Record<string, unknown>): Promise<void> {
    await em.flush();
    await this.events.changed(em, subjectOf(this.resource, request), before, this.reader.view(this.resource, request));
  }
}
