import { Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiData, ApiErrors, RouteError, ApiIdempotencyKey, CaseResourceController, RecordActionRoute, ForeignCase, IfMatch, JsonObject, SingleResource, ValidBody, WriteRoute } from '@estate/shared-kernel';
import { DistributionMoves } from '../application/distributions/distribution-moves.service';
import { PlanDistribution } from '../application/distributions/plan-distribution.service';
import { distributionResource } from '../resources/distribution.resource';
import { DistributionActionBody, PayDistributionBody } from './dto/distribution.dto';

const DistributionView = distributionResource.view!;

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;

const notAllowed: RouteError = {
  status: 422,
  code: 'distribution_not_allowed',
  summary: '422 distribution_not_allowed: the estate cannot give it now',
  message: 'The estate cannot give this distribution now.',
  details: [
    {
      field: 'amount',
      message: 'amount 5000.00 exceeds what the estate can pay: 4500.00 is available estate-wide (10000.00 available in open estate accounts less 3000.00 of other approved distributions and the claims reserve (2500.00, UPC §3-807))',
      reason: 'rule',
    },
  ],
};

const unknownField: RouteError = {
  status: 422,
  code: 'validation_error',
  summary: '422 validation_error: a field the route does not take',
  message: 'The request body is invalid.',
  details: [{ field: 'amount', message: 'amount is not a field of this request', reason: 'unknown_field' }],
};
const futurePayment: RouteError = {
  status: 422,
  code: 'validation_error',
  summary: '422 validation_error: a payment dated after today',
  message: 'The request body is invalid.',
  details: [{ field: 'paid_date', message: 'paid_date must not be after today (UTC)', reason: 'range' }],
};

const invalidState = (message: string) => ({ status: 409, code: 'invalid_state', message }) as const;

/**
 * Distributions: the standard routes of an aggregate (the create restated for its examples) and the three action
 * routes that move one (contract-extensions §12.7).
 */
export class DistributionsController extends CaseResourceController(distributionResource) {
  @Inject(DistributionMoves) private readonly moves: DistributionMoves;

  @Post()
  @WriteRoute()
  @ForeignCase('not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiOperation({
    summary: 'Plan a distribution',
    description:
      'Plans what the estate gives a beneficiary of the case, in cash from an open estate account or in kind. It starts `planned`; what the estate holds ' +
      'is checked when it is approved and again when it is paid.',
  })
  @ApiBody({
    type: distributionResource.create,
    examples: {
      in_kind: {
        summary: 'personal property, in kind',
        value: { person_id: '01JBX8Q9W4M8Z7T3K2N5R6P0PA', distribution_type: 'specific_bequest', kind: 'in_kind', asset_type: 'personal_property', asset_description: 'Grandfather clock', value: 1200, method: 'in_kind_delivery' },
      },
      cash: {
        summary: 'cash from the estate account',
        value: { person_id: '01JBX8Q9W4M8Z7T3K2N5R6P0PA', distribution_type: 'residuary', kind: 'cash', amount: 4500, source_account_id: '01JBX8Q9W4M8Z7T3K2N5R6P0BA', method: 'check' },
      },
    },
  })
  @ApiIdempotencyKey()
  @ApiData(DistributionView, 201)
  @ApiErrors(400, 404, 409, 413, 415, {
    status: 422,
    code: 'validation_error',
    summary: '422 validation_error: the recipient is not a living beneficiary',
    message: 'The request body is invalid.',
    details: [{ field: 'person_id', message: 'person_id must name a beneficiary (a person with is_beneficiary true)', reason: 'rule' }],
  })
  async create(@Req() req: Request, @ValidBody(distributionResource.create) body: JsonObject): Promise<SingleResource> {
    return this.useCase(PlanDistribution).execute(await this.scope(req), body);
  }

  @RecordActionRoute({
    path: ':distribution_id/approve',
    record: 'the distribution',
    summary: 'Approve a distribution',
    description:
      'planned → approved, recording who approved it and when, once the estate can give it: a cash amount within its source account (less the other approved ' +
      'distributions from it) and within the estate (less every other approved distribution and, except for allowances and exempt property, the claims ' +
      'reserve of UPC §3-807); an asset given by no other approved or paid distribution and still on hand; a final one only once every claim is resolved.',
    body: DistributionActionBody,
    view: DistributionView,
    refusals: [invalidState('A paid distribution cannot be approved; only a planned one can.')],
    invalid: [unknownField, notAllowed],
  })
  async approve(@Req() req: Request, @ValidBody() _body: DistributionActionBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    return this.moves.approve(await this.scope(req), this.distributionId(req), ifMatch);
  }

  @RecordActionRoute({
    path: ':distribution_id/pay',
    record: 'the distribution',
    summary: 'Pay a distribution',
    description:
      'approved → paid on `paid_date` (today by default), after checking again what the estate holds. Cash writes a `distribution` debit on the source account ' +
      '(`transaction_id`) and lowers its current and available balances; in kind records the transfer on the asset (a property `transferred_to_heir`, a ' +
      'business `transferred`, a vehicle `transfer_to_heir`, an investment account `transferred`).',
    body: PayDistributionBody,
    examples: { today: { summary: 'paid today', value: {} }, dated: { summary: 'paid on a given day', value: { paid_date: '2026-11-20' } } },
    view: DistributionView,
    refusals: [invalidState('A planned distribution cannot be paid; only an approved one can.')],
    invalid: [futurePayment, notAllowed],
  })
  async pay(@Req() req: Request, @ValidBody() body: PayDistributionBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    return this.moves.pay(await this.scope(req), this.distributionId(req), body?.paid_date ?? null, ifMatch);
  }

  @RecordActionRoute({
    path: ':distribution_id/cancel',
    record: 'the distribution',
    summary: 'Cancel a distribution',
    description: 'planned or approved → cancelled; a paid or cancelled one → `409 invalid_state`.',
    body: DistributionActionBody,
    view: DistributionView,
    refusals: [invalidState('A paid distribution cannot be cancelled; only a planned or approved one can.')],
  })
  async cancel(@Req() req: Request, @ValidBody() _body: DistributionActionBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    return this.moves.cancel(await this.scope(req), this.distributionId(req), ifMatch);
  }

  private distributionId(req: Request): string {
    return (req.params as Record<string, string>).distribution_id;
  }
}
