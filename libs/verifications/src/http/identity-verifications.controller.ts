import { Req } from '@nestjs/common';
import type { Request } from 'express';
import { CaseResourceController, IfMatch, RecordActionRoute, SingleResource, ValidBody } from '@estate/shared-kernel';
import { CancelIdentityVerification } from '../application/cancel-identity-verification';
import { identityVerificationResource } from '../resources/identity-verification.resource';
import { CancelIdentityVerificationBody } from './dto/identity-verification.dto';

/** Identity verifications: list, create, read and patch generated from the declaration; the cancel action is its own. */
export class IdentityVerificationsController extends CaseResourceController(identityVerificationResource) {
  @RecordActionRoute({
    path: ':verification_id/cancel',
    record: 'the identity verification',
    summary: 'Cancel an identity verification',
    description:
      'Cancels a `pending` or `processing` verification (`identity_verification.status_changed`); from any other status `409 invalid_state` ' +
      'and nothing changes. The executor’s `identity_status` then follows the verification before it.',
    body: CancelIdentityVerificationBody,
    examples: { notes: { summary: 'with a note', value: { notes: 'Started for the wrong person.' } } },
    view: identityVerificationResource.view!,
    refusals: [{ status: 409, code: 'invalid_state', message: 'A verified identity verification cannot be cancelled; only a pending or processing one can.' }],
  })
  async cancel(@Req() req: Request, @ValidBody() body: CancelIdentityVerificationBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    const scope = await this.scope(req);
    return this.useCase(CancelIdentityVerification).execute(scope, (req.params as Record<string, string>).verification_id, body ?? {}, ifMatch);
  }
}
