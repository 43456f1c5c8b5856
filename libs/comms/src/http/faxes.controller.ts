import { Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiData, ApiErrors, ApiIdempotencyKey, CaseResourceController, RecordActionRoute, ForeignCase, IfMatch, JsonObject, SingleResource, ValidBody, WriteRoute } from '@estate/shared-kernel';
import { CancelFax } from '../application/cancel-fax';
import { SendFax } from '../application/send-fax';
import { faxResource } from '../resources/fax.resource';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;

/** `POST …/faxes/{fax_id}/cancel`: the optional body has no fields. */
class CancelFaxBody {}

/**
 * Faxes: the standard routes the declaration has (no DELETE); the send route restated for its reference (the rules of a
 * fax and examples naming documents), and the cancel action route.
 */
export class FaxesController extends CaseResourceController(faxResource) {
  @Inject(CancelFax) private readonly cancelling: CancelFax;

  @Post()
  @WriteRoute()
  @ForeignCase('not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiOperation({
    summary: 'Send a fax',
    description:
      'Queues a fax of 1 to 10 PDF or TIFF documents of the case (each with a known `page_count`; `pages` is their sum plus one for the cover page, ' +
      'at most 100) to `to_number`, or to the fax number of the institution contact named. Answers `201` with the fax `queued`; the provider sends ' +
      'it in the background, and its status then moves to `sending` and `delivered` or `failed`. A `422` names each offending document by its ' +
      'position (`document_ids[2]`).',
  })
  @ApiBody({
    type: faxResource.create,
    examples: {
      number: {
        summary: 'to a number',
        value: { to_number: '+13125550142', document_ids: ['01JBX8Q9W4M8Z7T3K2N5R6P0DC', '01JBX8Q9W4M8Z7T3K2N5R6P0DD'], cover_page_note: 'Letters testamentary for the estate of Samuel Okafor.' },
      },
      contact: {
        summary: "to an institution contact's fax number",
        value: { institution_contact_id: '01JBX8Q9W4M8Z7T3K2N5R6P0CD', document_ids: ['01JBX8Q9W4M8Z7T3K2N5R6P0DC'], cover_page: false },
      },
    },
  })
  @ApiIdempotencyKey()
  @ApiData(faxResource.view!, 201)
  @ApiErrors(400, 404, 409, 413, 415, {
    status: 422,
    code: 'validation_error',
    summary: '422 validation_error: a document that cannot be faxed',
    message: 'The request body is invalid.',
    details: [{ field: 'document_ids[1]', message: 'document_ids[1] is image/png; only PDF and TIFF documents can be faxed', reason: 'rule' }],
  }, {
    status: 422,
    code: 'validation_error',
    summary: '422 validation_error: no number to fax',
    message: 'The request body is invalid.',
    details: [{ field: 'to_number', message: 'to_number is required unless institution_contact_id names a contact with a fax number', reason: 'required' }],
  })
  async create(@Req() req: Request, @ValidBody(faxResource.create) body: JsonObject): Promise<SingleResource> {
    return this.useCase(SendFax).execute(await this.scope(req), body);
  }

  @RecordActionRoute({
    path: ':fax_id/cancel',
    record: 'the fax',
    summary: 'Cancel a fax',
    description: 'Cancels a `queued` fax (it is never sent); from any other status `409 invalid_state` and the fax is unchanged.',
    body: CancelFaxBody,
    view: faxResource.view!,
    refusals: [{ status: 409, code: 'invalid_state', message: 'A sending fax cannot be cancelled; only a queued one can.' }],
  })
  async cancel(@Req() req: Request, @ValidBody() _body: CancelFaxBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    return this.cancelling.execute(await this.scope(req), (req.params as Record<string, string>).fax_id, ifMatch);
  }
}
