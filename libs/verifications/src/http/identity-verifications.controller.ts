import { HttpCode, Post, Req, SetMetadata } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiData, ApiErrors, ApiIdempotencyKey, ApiIfMatch, CaseResourceController, FOREIGN_CASE_ANSWER, IfMatch, SingleResource, ValidBody, WriteRoute } from '@estate/shared-kernel';
import { CancelIdentityVerification } from '../application/cancel-identity-verification';
import { identityVerificationResource } from '../resources/identity-verification.resource';
import { CancelIdentityVerificationBody } from './dto/identity-verification.dto';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;

/** Identity verifications: list, create, read and patch generated from the declaration; the cancel action is its own. */
export class IdentityVerificationsController extends CaseResourceController(identityVerificationResource) {
  @Post(':verification_id/cancel')
  @WriteRoute()
  @HttpCode(200)
  @SetMetadata(FOREIGN_CASE_ANSWER, 'not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiParam({ name: 'verification_id', description: 'the identity verification', schema: ULID })
  @ApiOperation({
    summary: 'Cancel an identity verification',
    description:
      'Cancels a `pending` or `processing` verification (`identity_verification.status_changed`); from any other status `409 invalid_state` ' +
      'and nothing changes. The executor’s `identity_status` then follows the verification before it.',
  })
  @ApiBody({ type: CancelIdentityVerificationBody, required: false, examples: { notes: { summary: 'with a note', value: { notes: 'Started for the wrong person.' } } } })
  @ApiIdempotencyKey()
  @ApiIfMatch()
  @ApiData(identityVerificationResource.view!)
  @ApiErrors(400, 404, { status: 409, code: 'invalid_state', message: 'A verified identity verification cannot be cancelled; only a pending or processing one can.' }, 412, 413, 415, 422)
  async cancel(@Req() req: Request, @ValidBody() body: CancelIdentityVerificationBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    const scope = await this.scope(req);
    return this.useCase(CancelIdentityVerification).execute(scope, (req.params as Record<string, string>).verification_id, body ?? {}, ifMatch);
  }
}
