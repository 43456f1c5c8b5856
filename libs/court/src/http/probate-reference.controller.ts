import { applyDecorators, Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, getSchemaPath } from '@nestjs/swagger';
import type { Type } from '@nestjs/common';
import { ApiData, ApiErrors, DescribedTag, DEFAULT_PER_PAGE, GuestReads, MAX_PER_PAGE, PageMeta, QueryParameter, ResourceList, SingleResource } from '@estate/shared-kernel';
import { STATE_CODES } from '@estate/shared-kernel/domain';
import { ProbateReference } from '../application/probate-reference.service';
import { FORM_PURPOSES } from '../domain/probate-form';
import { FederalEstateTaxView, ProbateCountyView, ProbateFormView, ProbateStateView } from './dto/reference-data.dto';

const CACHE = 'private, max-age=3600';
const STATE = ApiParam({ name: 'state', description: 'Upper-case USPS code of the state (or `DC`); anything else is 404.', schema: { type: 'string', pattern: '^[A-Z]{2}$' }, example: 'CA' });

/**
 * A page of a fixed reference list (page mode only), tagged with its file's SHA-256
 * (docs/decisions/0039-probate-reference-data-and-forms-catalogue.md).
 */
function ApiReferenceList(model: Type) {
  return applyDecorators(
    ApiExtraModels(model, PageMeta),
    QueryParameter({ name: 'page', required: false, description: 'Page number, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } }),
    QueryParameter({ name: 'per_page', required: false, description: `Records per page, 1 to ${MAX_PER_PAGE}.`, schema: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE } }),
    ApiOkResponse({
      description: 'OK; a page of the list and the pagination meta. Cached for an hour; `ETag` is the SHA-256 of the shipped file.',
      headers: {
        ETag: { description: 'The SHA-256 of the committed reference file; send it back in `If-None-Match`.', schema: { type: 'string' } },
        'Cache-Control': { description: '`private, max-age=3600`.', schema: { type: 'string' } },
      },
      schema: {
        type: 'object',
        required: ['data', 'meta'],
        properties: { data: { type: 'array', items: { $ref: getSchemaPath(model) } }, meta: { $ref: getSchemaPath(PageMeta) } },
      },
    }),
  );
}

/**
 * The read-only probate reference data shipped with the service: states and counties (§10.4) and the forms catalogue
 * (§10.3). Any authenticated user may read them, guests included; every other method is `405 method_not_allowed`.
 */
@GuestReads()
@DescribedTag(
  'probate reference',
  'Probate reference data shipped with the service: the states with their probate rules, thresholds, taxes at death and intestate succession, the federal estate tax values, their counties and courts, and the catalogue of court forms.',
)
@Controller('v1/probate')
export class ProbateReferenceController {
  constructor(private readonly reference: ProbateReference) {}

  @Get('states')
  @Header('Cache-Control', CACHE)
  @ApiOperation({ operationId: 'listProbateStates', summary: 'List the states', description: 'All 50 states and DC, sorted by code, with their probate rules, thresholds and sources.' })
  @ApiReferenceList(ProbateStateView)
  @ApiErrors(400)
  states(@Query() query: Record<string, unknown>): ResourceList {
    return this.reference.states(query);
  }

  @Get('states/:state')
  @Header('Cache-Control', CACHE)
  @ApiOperation({
    operationId: 'getProbateState',
    summary: 'Read a state',
    description: "A state's probate rules, thresholds, taxes at death, intestate succession and sources; every researched value with its citation and `verified`.",
  })
  @STATE
  @ApiData(ProbateStateView)
  @ApiErrors(400, 404)
  state(@Param('state') state: string): SingleResource {
    return this.reference.state(state);
  }

  @Get('federal')
  @Header('Cache-Control', CACHE)
  @ApiOperation({
    operationId: 'getFederalEstateTax',
    summary: 'Read the federal estate tax values',
    description: 'The basic exclusion amount by year of death (Form 706 is due when the gross estate reaches it), when Form 706 is due and its extension, and portability for a surviving spouse.',
  })
  @ApiData(FederalEstateTaxView)
  @ApiErrors(400)
  federal(): SingleResource {
    return this.reference.federal();
  }

  @Get('states/:state/counties')
  @Header('Cache-Control', CACHE)
  @ApiOperation({ operationId: 'listProbateCounties', summary: "List a state's counties", description: 'The counties of the state with their probate courts, by FIPS code; empty for a state whose counties do not ship (`counties_shipped: false`).' })
  @STATE
  @ApiReferenceList(ProbateCountyView)
  @ApiErrors(400, 404)
  counties(@Param('state') state: string, @Query() query: Record<string, unknown>): ResourceList {
    return this.reference.counties(state, query);
  }

  @Get('states/:state/counties/:county_fips')
  @Header('Cache-Control', CACHE)
  @ApiOperation({ operationId: 'getProbateCounty', summary: 'Read a county', description: 'One county of the state and its probate court.' })
  @STATE
  @ApiParam({ name: 'county_fips', description: 'Five-digit FIPS code of the county.', schema: { type: 'string', pattern: '^\\d{5}$' }, example: '06037' })
  @ApiData(ProbateCountyView)
  @ApiErrors(400, 404)
  county(@Param('state') state: string, @Param('county_fips') fips: string): SingleResource {
    return this.reference.county(state, fips);
  }

  @Get('states/:state/forms')
  @Header('Cache-Control', CACHE)
  @ApiOperation({ operationId: 'listProbateStateForms', summary: "List a state's forms", description: "The forms a probate case of the state may use: the state's own and the federal ones (`US`), by id." })
  @STATE
  @ApiReferenceList(ProbateFormView)
  @ApiErrors(400, 404)
  formsOfState(@Param('state') state: string, @Query() query: Record<string, unknown>): ResourceList {
    return this.reference.formsOfState(state, query);
  }

  @Get('forms')
  @Header('Cache-Control', CACHE)
  @ApiOperation({ operationId: 'listProbateForms', summary: 'List the forms', description: 'The forms catalogue, by id. A filter may repeat to match any of its values.' })
  @QueryParameter({ name: 'state', required: false, description: 'Only the forms of this state (USPS code), or `US` for the federal ones.', schema: { type: 'array', items: { type: 'string', enum: ['US', ...STATE_CODES] } }, style: 'form', explode: true })
  @QueryParameter({ name: 'purpose', required: false, description: 'Only forms of this purpose.', schema: { type: 'array', items: { type: 'string', enum: [...FORM_PURPOSES] } }, style: 'form', explode: true })
  @QueryParameter({ name: 'probate_type', required: false, description: 'Only forms serving this probate type.', schema: { type: 'array', items: { type: 'string', enum: ['formal', 'informal', 'small_estate'] } }, style: 'form', explode: true })
  @QueryParameter({ name: 'required', required: false, description: 'Only required (true) or optional (false) forms.', schema: { type: 'boolean' } })
  @ApiReferenceList(ProbateFormView)
  @ApiErrors(400)
  forms(@Query() query: Record<string, unknown>): ResourceList {
    return this.reference.forms(query);
  }

  @Get('forms/:form_id')
  @Header('Cache-Control', CACHE)
  @ApiOperation({ operationId: 'getProbateForm', summary: 'Read a form', description: 'One form of the catalogue.' })
  @ApiParam({ name: 'form_id', description: '`{state}-{form_number}` in upper case (`CA-DE-111`, `US-SS-4`).', schema: { type: 'string', pattern: '^[A-Z]{2}-[A-Z0-9-]{1,30}$' }, example: 'CA-DE-111' })
  @ApiData(ProbateFormView)
  @ApiErrors(400, 404)
  form(@Param('form_id') formId: string): SingleResource {
    return this.reference.form(formId);
  }
}
