import { Req } from '@nestjs/common';
import type { Request } from 'express';
import { CaseResourceController, IfMatch, RecordActionRoute, SingleResource, ValidBody } from '@estate/shared-kernel';
import { CancelNotarization } from '../application/cancel-notarization';
import { notarizationResource } from '../resources/notarization.resource';
import { CancelNotarizationBody } from './dto/notarization.dto';

/** Notarizations: the kernel's list, create, read and merge patch (no delete: 405), and cancel. */
export class NotarizationsController extends CaseResourceController(notarizationResource) {
  @RecordActionRoute({
    path: ':notarization_id/cancel',
    record: 'the notarization',
    summary: 'Cancel a notarization',
    description:
      'Cancels a notarization in `pending_signers` or `pending_notary`; from any other status `409 invalid_state` and the notarization is unchanged. ' +
      'Its body has no fields and may be left out; honours If-Match and Idempotency-Key.',
    body: CancelNotarizationBody,
    view: notarizationResource.view!,
    refusals: [{ status: 409, code: 'invalid_state', message: 'The notarization is in_session; only one in pending_signers or pending_notary can be cancelled.' }],
  })
  async cancel(@Req() req: Request, @ValidBody() _body: CancelNotarizationBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    const scope = await this.scope(req);
    return this.useCase(CancelNotarization).execute(scope, (req.params as Record<string, string>).notarization_id, ifMatch);
  }
}
