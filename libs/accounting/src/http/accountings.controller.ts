import { CallHandler, Controller, Delete, ExecutionContext, Get, HttpCode, Injectable, NestInterceptor, Param, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiParam, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import {
  ApiDeleted,
  ApiErrors,
  ApiIdempotencyKey,
  ApiIfMatch,
  ApiList,
  assertCaseAccessChecked,
  CurrentPrincipal,
  ForeignCase,
  IfMatch,
  JsonObject,
  Principal,
  QueryParameter,
  ResourceList,
  resourceManifest,
  ServesResources,
  SingleResource,
  ValidBody,
  WriteRoute,
  writableFieldsOf,
} from '@estate/shared-kernel';
import { LiveAccounting } from '../application/live-accounting.service';
import { ACCOUNTING_EVENT_KEY, SettleAccounting } from '../application/settle-accounting.service';
import { SettledAccountings } from '../application/settled-accountings.service';
import { ACCOUNTING_CSV_HEADER } from '../domain/accounting-csv';
import { relettered } from '../domain/accounting-document';
import { accountingEtag } from '../domain/settled-accounting';
import { type SettledAccountingRecord, settledAccountingRecord } from '../resources/settled-accounting-record';
import { accountingQuery, AccountingReplies, MEDIA_TYPES, negotiatedFormat } from './accounting-replies';
import { AccountingSummaryView, LiveAccountingView, SettleAccountingBody, SettledAccountingView } from './dto/accounting.dto';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;
const CASE_PARAM = ApiParam({ name: 'case_id', description: 'the case', schema: ULID });
/** Its number, as an integer: a generated client takes a number; anything else (`one`, `1.0`, `01`) is no accounting (404). */
const SEQUENCE_PARAM = ApiParam({ name: 'sequence', description: 'the accounting’s number: 1 for the first account', schema: { type: 'integer', minimum: 1, maximum: 999_999_999 } });
const TAG = 'accounting';

/** What a settlement's body asks, property-keyed: the declaration's written fields, `null` where left out. */
type Asked = { [K in 'to' | 'isFinal' | 'scheme']: SettledAccountingRecord[K] | null };

/** Settled accountings as a resource of the catalog: `accounting.created|deleted`, nothing else (contract-extensions §14.2). */
export const accountingManifest = resourceManifest({
  eventKey: ACCOUNTING_EVENT_KEY,
  emits: ['created', 'deleted'],
  tag: TAG,
  tagDescription:
    "The court accounting of the estate: the personal representative's account of a period in California §1061's form (or New York's JA-7), " +
    'computed from the case’s records; settled accountings are numbered and frozen, each one’s ending property the next one’s beginning.',
  view: AccountingSummaryView,
});

const FORMAT_QUERY = QueryParameter({
  name: 'format',
  required: false,
  description: 'json (default), csv or pdf; without it, the preferred of application/json, text/csv and application/pdf in `Accept`.',
  schema: { type: 'string', enum: ['json', 'csv', 'pdf'] },
});
const SCHEME_QUERY = QueryParameter({
  name: 'scheme',
  required: false,
  description: 'Lettering: ca (California §1061) or ny (New York JA-7); only letters and headings change, never a number.',
  schema: { type: 'string', enum: ['ca', 'ny'] },
});
const CSV_EXAMPLE = `${ACCOUNTING_CSV_HEADER.join(',')}\nproperty_on_hand_beginning,A,,real_estate_property,01JBX8Q9W4M8Z7T3K2N5R6P0AB,"12 Elm Street, Pasadena, CA 91101 (single_family)",,date_of_death_value,,,400000.00,\n`;
const VARY = { description: 'Accept: the format follows it when `format` is not sent.', schema: { type: 'string' } };
/** Where the report's lines go in the CSV (contract-extensions §16.10; `reportCsvRows`). */
const CSV_REPORT =
  'After the summary, the report: `report_claims` (a `claim` line per claim — date, creditor, status, amount claimed — and a `claim_resolution` line once resolved; ' +
  'then `filed`, `allowed`, `rejected`, `paid`), `report_compensation` (`base`, `personal_representative`, `attorney`: reference the statute, amount empty without a figure, ' +
  'description the note), `report_bond` (when recorded: category its status, description the surety, reference its number), `report_closing` (`closable` true|false in ' +
  'description, `property_on_hand_end`, then one line per obstacle).';
const DISPOSITION = { description: 'CSV and PDF: `attachment; filename="accounting-{case_id}-…"`.', schema: { type: 'string' } };

/**
 * The 200 of a read: the document as JSON (`{data}` of the live or the settled view), CSV (text) or PDF (binary). A
 * generated client (openapi-fetch) types the JSON answer by the JSON media type and the others by `parseAs`.
 */
function accountingFormats(view: typeof LiveAccountingView | typeof SettledAccountingView, description: string, headers: Record<string, unknown>) {
  return ApiResponse({
    status: 200,
    description,
    headers: { Vary: VARY, 'Content-Disposition': DISPOSITION, ...headers } as never,
    content: {
      [MEDIA_TYPES.json]: { schema: { type: 'object', required: ['data'], properties: { data: { $ref: getSchemaPath(view) } } } },
      [MEDIA_TYPES.csv]: { schema: { type: 'string', description: `Header: ${ACCOUNTING_CSV_HEADER.join(',')}. ${CSV_REPORT}` }, example: CSV_EXAMPLE },
      [MEDIA_TYPES.pdf]: { schema: { type: 'string', format: 'binary', description: 'The court-ready PDF.' } },
    },
  });
}

const ERRORS_OF_PERIOD = [
  { status: 422, code: 'date_of_death_required', message: 'An accounting starts on the date of death; the deceased or the date of death is not recorded.' },
  { status: 422, code: 'accounting_period_invalid', message: 'to (2027-01-01) must not be after today (2026-11-27)' },
];

/**
 * `GET /v1/cases/{case_id}/accounting` (contract-extensions §16.7): the account computed now over a period, settled
 * nowhere: `Cache-Control: no-store` and no ETag, like the inventory.
 */
@ApiTags(TAG)
@ForeignCase('not_found')
@Controller('v1/cases/:case_id/accounting')
export class LiveAccountingController {
  constructor(
    private readonly live: LiveAccounting,
    private readonly replies: AccountingReplies,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'computeAccounting',
    summary: 'Compute the court accounting',
    description:
      'The account of a period computed from the case’s records now: charges (property on hand at the beginning, additional property, receipts, gains on sales) ' +
      'and credits (disbursements, losses on sales, distributions, property on hand at the end), every schedule, the cash reconciliation and why it does not balance, if it does not. ' +
      '`to` defaults to today; `from` to where the next account starts (the date of death, or the day after the last settled account) and may be any earlier start. ' +
      'JSON, CSV (`format=csv` or `Accept: text/csv`) or the PDF, headed “DRAFT — not settled”.',
  })
  @CASE_PARAM
  @QueryParameter({ name: 'from', required: false, description: 'YYYY-MM-DD: the date of death, or the day after a settled account’s `to`.', schema: { type: 'string', format: 'date' } })
  @QueryParameter({ name: 'to', required: false, description: 'YYYY-MM-DD, not after today (UTC); default today.', schema: { type: 'string', format: 'date' } })
  @SCHEME_QUERY
  @FORMAT_QUERY
  @ApiExtraModels(LiveAccountingView)
  @accountingFormats(LiveAccountingView, 'The live accounting (`status` live, `id` and `sequence` null).', { 'Cache-Control': { description: 'no-store: computed per request.', schema: { type: 'string' } } })
  @ApiErrors(400, 404, ...ERRORS_OF_PERIOD)
  async compute(@Param('case_id') caseId: string, @Query() raw: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<unknown> {
    assertCaseAccessChecked(req);
    const query = accountingQuery(raw, ['from', 'to', 'scheme', 'format']);
    const format = negotiatedFormat(req, query.format);
    const { document, ordinal } = await this.live.compute(caseId, query);
    return this.replies.send(req, res, { document, caseId, ordinal, format, fileName: `accounting-${caseId}-${document.from}-${document.to}`, etag: null });
  }
}

/** `Location` of a settled accounting on every `201`, an idempotent replay's included (the replay runs no handler). */
@Injectable()
export class SettledAccountingLocation implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((body: unknown) => {
        const sequence = (body as { data?: { sequence?: unknown } } | undefined)?.data?.sequence;
        if (res.statusCode === 201 && typeof sequence === 'number') res.setHeader('Location', `/v1/cases/${req.params.case_id}/accountings/${sequence}`);
        return body;
      }),
    );
  }
}

/**
 * `POST /v1/cases/{case_id}/accountings` (contract-extensions §16.7): settles the next account. A controller of its
 * own so that its `Location` is set around the unit of work, which answers an idempotent replay itself.
 */
@ApiTags(TAG)
@ForeignCase('not_found')
@UseInterceptors(SettledAccountingLocation)
@Controller('v1/cases/:case_id/accountings')
export class AccountingSettlementController {
  constructor(private readonly settle: SettleAccounting) {}

  @Post()
  @WriteRoute()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'settleAccounting',
    summary: 'Settle the next account',
    description:
      'Settles the account from where the next one starts (the date of death, or the day after the last settled account) through `to`, under the case’s lock: ' +
      'the document and everything it counted are stored and never change, and no later account counts them again. ' +
      'Refused while it does not balance (`accounting_not_allowed`, one detail per unreconciled item with an effect); a final account also needs every creditor claim ' +
      'paid, rejected or withdrawn and no distribution planned or approved. Nothing follows a final account (`409 invalid_state`). ' +
      'A retry under a new Idempotency-Key refuses itself: its `to` is then before the next start.',
  })
  @CASE_PARAM
  @ApiIdempotencyKey()
  @ApiExtraModels(SettledAccountingView)
  @ApiResponse({
    status: 201,
    description: 'Settled; `data` is the stored document.',
    headers: {
      ETag: { description: 'Strong entity tag: `"{id}.{scheme}.json"`.', schema: { type: 'string' } },
      Location: { description: 'The settled accounting: `/v1/cases/{case_id}/accountings/{sequence}`.', schema: { type: 'string' } },
    },
    schema: { type: 'object', required: ['data'], properties: { data: { $ref: getSchemaPath(SettledAccountingView) } } },
  })
  @ApiErrors(
    404,
    { status: 409, code: 'invalid_state', message: 'accounting 2 is the final account; no accounting follows it' },
    { status: 422, code: 'validation_error', message: 'The request body is invalid.', details: [{ field: 'to', message: 'to is required', reason: 'required' }] },
    ...ERRORS_OF_PERIOD,
    { status: 422, code: 'accounting_not_allowed', message: "The account cannot be settled: a final account needs every claim paid, rejected or withdrawn; City Hospital's claim is pending" },
  )
  async create(@Param('case_id') caseId: string, @ValidBody(SettleAccountingBody) body: JsonObject, @CurrentPrincipal() principal: Principal, @Req() req: Request): Promise<SingleResource> {
    assertCaseAccessChecked(req);
    const asked = writableFieldsOf<Asked>({ createFields: settledAccountingRecord.stored }, body);
    const settled = await this.settle.execute(caseId, { to: asked.to as string, isFinal: asked.isFinal ?? false, scheme: asked.scheme }, principal.userId);
    return new SingleResource(settled.document, accountingEtag(settled.id, settled.scheme, 'json'));
  }
}

/** `GET`, `GET {sequence}` and `DELETE {sequence}` of `/v1/cases/{case_id}/accountings` (contract-extensions §16.7). */
@ApiTags(TAG)
@ForeignCase('not_found')
@ServesResources(accountingManifest)
@Controller('v1/cases/:case_id/accountings')
export class AccountingsController {
  constructor(
    private readonly settled: SettledAccountings,
    private readonly replies: AccountingReplies,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listAccountings', summary: 'List settled accountings', description: 'The settled accountings of the case as summaries; `created_at` order is `sequence` order.' })
  @CASE_PARAM
  @ApiList(AccountingSummaryView, settledAccountingRecord.listRules)
  @ApiErrors(400, 404)
  async list(@Param('case_id') caseId: string, @Query() query: Record<string, unknown>, @Req() req: Request): Promise<ResourceList> {
    assertCaseAccessChecked(req);
    const page = await this.settled.list(caseId, query);
    return new ResourceList(page.rows, page.meta);
  }

  @Get(':sequence')
  @ApiOperation({
    operationId: 'getAccounting',
    summary: 'Read a settled accounting',
    description:
      'The stored document of accounting `sequence` (1 for the first), in the scheme it was settled in unless `scheme` is sent; JSON, CSV or PDF, each the same bytes on every read. ' +
      'Its strong ETag is `"{id}.{scheme}.{format}"`; a settled accounting never changes, so a matching `If-None-Match` is always 304.',
  })
  @CASE_PARAM
  @SEQUENCE_PARAM
  @SCHEME_QUERY
  @FORMAT_QUERY
  @ApiExtraModels(SettledAccountingView)
  @accountingFormats(SettledAccountingView, 'The settled accounting.', { ETag: { description: 'Strong entity tag: `"{id}.{scheme}.{format}"`.', schema: { type: 'string' } } })
  @ApiErrors(400, 404)
  async read(@Param('case_id') caseId: string, @Param('sequence') sequence: string, @Query() raw: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<unknown> {
    assertCaseAccessChecked(req);
    const query = accountingQuery(raw, ['scheme', 'format']);
    const format = negotiatedFormat(req, query.format);
    const accounting = await this.settled.read(caseId, sequence);
    const scheme = query.scheme ?? accounting.scheme;
    const document = scheme === accounting.scheme ? accounting.document : relettered(accounting.document, scheme);
    const etag = accountingEtag(accounting.id, scheme, format);
    return this.replies.send(req, res, { document, caseId, ordinal: accounting.sequence, format, fileName: `accounting-${caseId}-${accounting.sequence}`, etag, paper: accounting.paper });
  }

  @Delete(':sequence')
  @WriteRoute()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteAccounting',
    summary: 'Delete the latest settled accounting',
    description:
      'Only the latest settled accounting can be deleted (`409 invalid_state` for another, and while a filing names it in `accounting_id`); ' +
      'what it counted is counted again by the next computation. `If-Match` matches any of its ETags.',
  })
  @CASE_PARAM
  @SEQUENCE_PARAM
  @ApiIfMatch()
  @ApiDeleted()
  @ApiErrors(
    404,
    { status: 409, code: 'invalid_state', message: 'only the latest accounting (2) can be deleted' },
    { status: 409, code: 'invalid_state', message: 'accounting 1 is named by a filing; release it there first (accounting_id: null)' },
  )
  async remove(@Param('case_id') caseId: string, @Param('sequence') sequence: string, @IfMatch() ifMatch: string | undefined, @Req() req: Request): Promise<void> {
    assertCaseAccessChecked(req);
    await this.settled.remove(caseId, sequence, ifMatch);
  }
}
