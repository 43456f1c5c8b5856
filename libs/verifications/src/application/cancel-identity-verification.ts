import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, SingleResource } from '@estate/shared-kernel';
import type { IdentityVerification } from '../domain/identity-verification';
import { ExecutorIdentityProjection } from './executor-identity-projection';

/**
 * `POST …/identity-verifications/{id}/cancel` (contract-extensions §11.7, §10.0's action routes): a `pending` or
 * `processing` verification becomes `cancelled` (`identity_verification.status_changed`); from any other status `409
 * invalid_state` and nothing changes. Conditional on `If-Match`. A step of the provider already queued finds it
 * cancelled and does nothing. The executor's `identity_status` falls back to the verification before it.
 */
@Injectable()
export class CancelIdentityVerification {
  constructor(
    @InjectResource('identity verification') private readonly resource: CaseResource<IdentityVerification>,
    private readonly writes: AggregateWrites,
    private readonly projection: ExecutorIdentityProjection,
  ) {}

  execute(scope: { caseId: string }, id: string, body: { notes?: string | null }, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.resource, scope, id, ifMatch, async (verification, clock) => {
      verification.cancel(clock.now());
      if (body.notes !== undefined) verification.notes = body.notes;
      await this.projection.handOver(verification);
    });
  }
}
