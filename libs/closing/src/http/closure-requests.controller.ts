import { Inject, Post, Req, Type } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiData, ApiErrors, ApiIdempotencyKey, CaseResourceController, RecordActionRoute, ForeignCase, IfMatch, JsonObject, SingleResource, ValidBody, WriteRoute } from '@estate/shared-kernel';
import { CancelClosureRequest } from '../application/cancel-closure-request.service';
import { RequestClosure } from '../application/request-closure.service';
import { closureRequestResource } from '../resources/closure-request.resource';
import { CancelClosureRequestBody } from './dto/closure-request.dto';

const ClosureRequestView = closureRequestResource.view as Type;

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;

/**
 * Closure requests (contract-extensions §15.1): the standard routes the declaration has (no DELETE: 405), the create
 * route restated for its reference (the steps it makes, the instant transfer, its refusals), and the cancel route.
 */
export class ClosureRequestsController extends CaseResourceController(closureRequestResource) {
  @Inject(CancelClosureRequest) private readonly cancelling: CancelClosureRequest;

  @Post()
  @WriteRoute()
  @ForeignCase('not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiOperation({
    summary: 'Request the closure of an account',
    description:
      'Asks the service to close an account of the deceased through automated closure. Answers `201` with the request `requested` and its five ' +
      'closure steps (`notify_institution`, `submit_documentation`, `collect_signatures`, `follow_up`, `deposit_proceeds`), each depending on the ' +
      'one before, titled with the institution and the last four digits of the account. A bank or financial account becomes `pending_closure`. ' +
      "`instant_transfer` (bank accounts only) also makes the instant transfer of what is still transferable into the estate account: the account " +
      'stays `open` until it settles (`deposit_proceeds` then completes; a return or a rejection blocks it), and a refusal of the transfer is ' +
      '`422 transfer_not_allowed` with nothing made. The account becomes `closed` when the request completes.',
  })
  @ApiBody({
    type: closureRequestResource.create,
    examples: {
      standard: { summary: 'a brokerage account, the standard way', value: { account_type: 'investment_account', account_id: '01JBX8Q9W4M8Z7T3K2N5R6P0IA', notes: 'Custodian asked for a medallion guarantee.' } },
      instant: { summary: 'a checking account, with an instant transfer', value: { account_type: 'bank_account', account_id: '01JBX8Q9W4M8Z7T3K2N5R6P0BA', method: 'instant_transfer' } },
    },
  })
  @ApiIdempotencyKey()
  @ApiData(ClosureRequestView, 201)
  @ApiErrors(
    400,
    404,
    { status: 409, code: 'closure_request_exists', message: 'The account already has a closure request (01JBX8Q9W4M8Z7T3K2N5R6P0CR, requested); cancel it or let it complete first.' },
    413,
    415,
    {
      status: 422,
      code: 'validation_error',
      summary: '422 validation_error: the estate account',
      message: 'The request body is invalid.',
      details: [{ field: 'account_id', message: 'account_id names the estate account, where the proceeds of closures are deposited; it cannot be closed this way', reason: 'rule' }],
    },
    {
      status: 422,
      code: 'transfer_not_allowed',
      summary: '422 transfer_not_allowed: the instant transfer is refused',
      message: 'The transfer is not allowed.',
      details: [{ field: 'account_id', message: "the source account is not eligible for instant transfer: the case's authority level is level_1; instant transfers need level_2 or higher", reason: 'rule' }],
    },
  )
  async create(@Req() req: Request, @ValidBody(closureRequestResource.create) body: JsonObject): Promise<SingleResource> {
    return this.useCase(RequestClosure).execute(await this.scope(req), body as never);
  }

  @RecordActionRoute({
    path: ':request_id/cancel',
    record: 'the closure request',
    summary: 'Cancel a closure request',
    description:
      'Cancels a `requested` or `in_progress` request: its steps not yet completed become `skipped`, its instant transfer is cancelled, and an ' +
      'account it moved to `pending_closure` returns to its former status. A transfer already submitted or settled cannot be cancelled: ' +
      '`409 transfer_not_cancellable`, and nothing changes. A `completed` or `cancelled` request is `409 invalid_state`.',
    body: CancelClosureRequestBody,
    view: ClosureRequestView,
    refusals: [
      { status: 409, code: 'invalid_state', message: 'A completed closure request cannot be cancelled; only a requested or in_progress one can.' },
      { status: 409, code: 'transfer_not_cancellable', message: 'A transfer in status in_transit can no longer be cancelled.' },
    ],
  })
  async cancel(@Req() req: Request, @ValidBody() _body: CancelClosureRequestBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    return this.cancelling.execute(await this.scope(req), (req.params as Record<string, string>).request_id, ifMatch);
  }
}
