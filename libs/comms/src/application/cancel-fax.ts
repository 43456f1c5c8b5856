import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, SingleResource } from '@estate/shared-kernel';
import type { Fax } from '../domain/fax';

/**
 * `POST …/faxes/{fax_id}/cancel` (contract-extensions §11.5): a queued fax becomes `cancelled`; from any other status
 * `409 invalid_state` and nothing changes. The fax's row is held (after the case's) before it is read, so a cancel
 * racing the processor's first step — which holds the same row — either wins (the step then finds the fax cancelled
 * and calls no provider) or waits and finds the fax `sending`.
 */
@Injectable()
export class CancelFax {
  constructor(
    @InjectResource('fax') private readonly resource: CaseResource<Fax>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.resource, scope, id, ifMatch, (fax, clock) => fax.cancel(clock.now()), { lock: true });
  }
}
