import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, SingleResource } from '@estate/shared-kernel';
import type { Notarization } from '../domain/notarization';

/**
 * `POST …/notarizations/{id}/cancel` (contract-extensions §11.6): from `pending_signers` or `pending_notary` only,
 * else `409 invalid_state` and nothing changes; conditional on `If-Match`. A step waiting for the notarization finds it
 * no longer in the status it was enqueued for and does nothing.
 */
@Injectable()
export class CancelNotarization {
  constructor(
    @InjectResource('notarization') private readonly notarizations: CaseResource<Notarization>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.notarizations, scope, id, ifMatch, (notarization, clock) => notarization.cancel(clock.now()));
  }
}
