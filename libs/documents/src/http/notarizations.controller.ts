import { HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiData, ApiErrors, ApiIdempotencyKey, ApiIfMatch, CaseResourceController, ForeignCase, IfMatch, SingleResource, ValidBody, WriteRoute } from '@estate/shared-kernel';
import { CancelNotarization } from '../application/cancel-notarization';
import { notarizationResource } from '../resources/notarization.resource';
import { CancelNotarizationBody } from './dto/notarization.dto';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;

/** Notarizations: the kernel's list, create, read and merge patch (no delete: 405), and cancel. */
export class NotarizationsController extends CaseResourceController(notarizationResource) {
  @Post(':notarization_id/cancel')
  @WriteRoute()
  @HttpCode(200)
  @ForeignCase('not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiParam({ name: 'notarization_id', description: 'the notarization', schema: ULID })
  @ApiOperation({
    summary: 'Cancel a notarization',
    description:
      'Cancels a notarization in `pending_signers` or `pending_notary`; from any other status `409 invalid_state` and the notarization is unchanged. ' +
      'Its body has no fields and may be left out; honours If-Match and Idempotency-Key.',
  })
  @ApiBody({ type: CancelNotarizationBody, required: false, examples: { empty: { summary: 'no fields (the body may be left out)', value: {} } } })
  @ApiIdempotencyKey()
  @ApiIfMatch()
  @ApiData(notarizationResource.view!)
  @ApiErrors(400, 404, { status: 409, code: 'invalid_state', message: 'The notarization is in_session; only one in pending_signers or pending_notary can be cancelled.' }, 412, 413, 415, 422)
  async cancel(@Req() req: Request, @ValidBody() _body: CancelNotarizationBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    const scope = await this.scope(req);
    return this.useCase(CancelNotarization).execute(scope, (req.params as Record<string, string>).notarization_id, ifMatch);
  }
}
