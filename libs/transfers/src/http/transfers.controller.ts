import { Get, Inject, Post, Query, Req, SetMetadata } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, getSchemaPath } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  ApiData,
  ApiErrors,
  ApiIdempotencyKey,
  AuthenticatedRequest,
  CaseResourceController,
  FOREIGN_CASE_ANSWER,
  IfMatch,
  JsonObject,
  MAX_PER_PAGE,
  parseListQuery,
  PageMeta,
  QueryParameter,
  RecordActionRoute,
  ResourceList,
  SingleResource,
  ValidBody,
  WriteRoute,
} from '@estate/shared-kernel';
import { CancelTransfer } from '../application/cancel-transfer.service';
import { RequestTransfer } from '../application/request-transfer.service';
import { TransferRepository } from '../application/ports/transfer-repository.port';
import { transferEventOf } from '../resources/transfer-event.record';
import { transferResource } from '../resources/transfer.resource';
import { CancelTransferBody, TransferEventView } from './dto/transfer.dto';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;

function actorOf(req: Request): string {
  const principal = (req as unknown as AuthenticatedRequest).principal;
  if (!principal) throw new Error('transfer routes need an authenticated caller');
  return principal.userId;
}

/** Transfers: `#28` and `#30` generated; `#29` names the requesting user; `#27` cancel and the audit trail are its own. */
export class TransfersController extends CaseResourceController(transferResource) {
  @Inject(TransferRepository) private readonly repository: TransferRepository;

  /** `#29`: the generated route, with the caller as `requested_by` (the generic create knows no caller). */
  @Post()
  @WriteRoute()
  @SetMetadata(FOREIGN_CASE_ANSWER, 'not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiOperation({
    summary: 'Request a transfer',
    description:
      'Requests an instant transfer from an eligible bank account of the case into its estate account. Refused with ' +
      '`422 transfer_not_allowed`, one detail per reason naming the rule and the value that failed it, when the source is not eligible, the amount exceeds the remaining ' +
      '`max_transfer_amount`, the case has no estate account or the source already has an active transfer.',
  })
  @ApiBody({ type: transferResource.create })
  @ApiIdempotencyKey()
  @ApiData(transferResource.view!, 201)
  @ApiErrors(400, 404, 409, 413, 415, {
    status: 422,
    code: 'transfer_not_allowed',
    summary: '422 transfer_not_allowed: the amount is over what the account may still move',
    message: 'The transfer is not allowed.',
    details: [
      {
        field: 'amount',
        message:
          'amount 20000.00 exceeds the remaining max_transfer_amount (18000.00): max_transfer_amount 18000.00; max_transfer_amount is the lesser of ' +
          'available_balance (18000.00) and 250000.00 less what was already transferred (0.00)',
        reason: 'rule',
      },
    ],
  }, {
    status: 422,
    code: 'transfer_not_allowed',
    summary: '422 transfer_not_allowed: the source account passes outside the estate',
    message: 'The transfer is not allowed.',
    details: [
      {
        field: 'bank_account_id',
        message: 'the source account is not eligible for instant transfer: its ownership_type is joint_tenants_wros; only accounts the deceased held alone (individual) pass through the estate',
        reason: 'rule',
      },
      { field: 'amount', message: "amount 500.00 exceeds the remaining max_transfer_amount (0.00): an ineligible account's max_transfer_amount is 0.00", reason: 'rule' },
    ],
  }, {
    status: 422,
    code: 'validation_error',
    summary: '422 validation_error: a required field is missing',
    message: 'The request body is invalid.',
    details: [{ field: 'amount', message: 'amount is required', reason: 'required' }],
  })
  async create(@Req() req: Request, @ValidBody(transferResource.create) body: JsonObject): Promise<SingleResource> {
    const scope = await this.scope(req);
    return this.useCase(RequestTransfer).execute(scope, body as never, actorOf(req));
  }

  @RecordActionRoute({
    path: ':transfer_id/cancel',
    record: 'the transfer',
    summary: 'Cancel a transfer',
    description:
      'Cancels a transfer in `requested`, `verifying` or `approved` (its `status_reason` is the given reason) and frees the source ' +
      'account; from `submitted` on, or once final, `409 transfer_not_cancellable` and the transfer is unchanged.',
    body: CancelTransferBody,
    examples: { reason: { summary: 'with a reason', value: { reason: 'Requested by mistake' } } },
    view: transferResource.view!,
    refusals: [{ status: 409, code: 'transfer_not_cancellable', message: 'A transfer in status in_transit can no longer be cancelled.' }],
  })
  async cancel(@Req() req: Request, @ValidBody() body: CancelTransferBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    const scope = await this.scope(req);
    return this.useCase(CancelTransfer).execute(scope, (req.params as Record<string, string>).transfer_id, body?.reason ?? null, actorOf(req), ifMatch);
  }

  @Get(':transfer_id/events')
  @SetMetadata(FOREIGN_CASE_ANSWER, 'not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiParam({ name: 'transfer_id', description: 'the transfer', schema: ULID })
  @ApiOperation({
    summary: "List a transfer's audit events",
    description: 'Every state change of the transfer, oldest first: from, to, actor, reason and time. Audit events are never updated or deleted.',
  })
  @QueryParameter({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 }, description: 'Page number.' })
  @QueryParameter({ name: 'per_page', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: 25 }, description: 'Events per page.' })
  @ApiExtraModels(TransferEventView, PageMeta)
  @ApiOkResponse({
    description: 'The audit trail.',
    headers: { ETag: { description: 'Entity tag of this page; send it back in `If-None-Match`.', schema: { type: 'string' } } },
    schema: {
      type: 'object',
      required: ['data', 'meta'],
      properties: { data: { type: 'array', items: { $ref: getSchemaPath(TransferEventView) } }, meta: { $ref: getSchemaPath(PageMeta) } },
    },
  })
  @ApiErrors(400, 404)
  async events(@Req() req: Request, @Query() rawQuery: Record<string, unknown>): Promise<ResourceList> {
    // The kernel's parser checks page and per_page (400 otherwise); the trail is read in page mode, oldest first.
    const query = parseListQuery({ page: rawQuery.page, per_page: rawQuery.per_page, sort_by: 'sequence', sort_order: 'asc' }, { filters: {}, sorts: ['sequence'] }, ['transfer events']);
    const scope = await this.scope(req);
    const transfer = await this.reader.fields(transferResource, scope, (req.params as Record<string, string>).transfer_id);
    const trail = await this.repository.trailOf(transfer.id, query);
    const data = trail.rows.map((event) => transferEventOf(event));
    return new ResourceList(data, trail.meta);
  }
}
