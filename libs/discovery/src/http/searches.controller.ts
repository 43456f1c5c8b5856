import { Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiData, ApiErrors, ApiIdempotencyKey, CaseResourceController, ForeignCase, SingleResource, ValidBody, WriteRoute } from '@estate/shared-kernel';
import { InitiateSearch, InitiateSearchBody as InitiateSearchInput } from '../application/initiate-search.service';
import { searchResource } from '../resources/search.resource';
import { InitiateSearchBody } from './dto/search.dto';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;

/** Searches: list, create, read and `#10`; no delete (audit rule 2: `DELETE` answers 405); and search initiation (§15.2). */
export class SearchesController extends CaseResourceController(searchResource) {
  @Inject(InitiateSearch) private readonly initiating: InitiateSearch;

  @Post('initiate')
  @WriteRoute()
  @ForeignCase('not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiOperation({
    summary: 'Run a search',
    description:
      'Asks the service to run a search through its search provider. Answers `201` with the search `pending`; the provider runs it in the background, ' +
      'and its status then moves to `in_progress` and `completed` (with `completed_at` and `results_summary`) or `failed`. A search for the deceased ' +
      "needs the deceased's `first_name`, `last_name` and `date_of_death`; `states` defaults to the state of the deceased's address. A " +
      '`business_bank_account` search needs `business_id` (a business of the case) or `business_name` (with an optional `business_ein`). ' +
      'While a search of the same type is `pending` or `in_progress`, another is `409 search_in_progress`.',
  })
  @ApiBody({
    type: InitiateSearchBody,
    examples: {
      person: { summary: 'accounts of the deceased in two states', value: { type: 'unclaimed_property', parameters: { states: ['IL', 'WI'], name_variants: ['Sam Okafor'] } } },
      business: { summary: "a business's bank accounts, by name and EIN", value: { type: 'business_bank_account', parameters: { business_name: 'Okafor Hardware LLC', business_ein: '36-4829175' } } },
    },
  })
  @ApiIdempotencyKey()
  @ApiData(searchResource.view!, 201)
  @ApiErrors(
    400,
    404,
    { status: 409, code: 'search_in_progress', message: 'The case already has a search of type unclaimed_property pending or in progress; wait for it to end.' },
    413,
    415,
    {
      status: 422,
      code: 'validation_error',
      summary: "422 validation_error: the deceased's date of death is not recorded",
      message: 'The request body is invalid.',
      details: [{ field: 'deceased.date_of_death', message: "a search of type unclaimed_property needs the deceased's date_of_death; it is not recorded", reason: 'rule' }],
    },
    {
      status: 422,
      code: 'validation_error',
      summary: '422 validation_error: a business search names no business',
      message: 'The request body is invalid.',
      details: [{ field: 'parameters.business_id', message: 'a search of type business_bank_account needs parameters.business_id or parameters.business_name', reason: 'required' }],
    },
  )
  async initiate(@Req() req: Request, @ValidBody() body: InitiateSearchBody): Promise<SingleResource> {
    return this.initiating.execute(await this.scope(req), body as unknown as InitiateSearchInput);
  }
}
