import { applyDecorators, Type } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiHeader, ApiOkResponse, ApiProperty, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { QueryParameter } from '../../platform/http/known-query-parameters.guard';
import { ErrorBody } from '../../platform/errors/error-body';
import { DEFAULT_PER_PAGE, FilterSpec, FilterSpecs, MAX_PER_PAGE } from '../pagination/list-query';
import { PageMeta } from '../pagination/page-meta';
import { ERROR_RESPONSES, ErrorExample, errorExamplesFor } from './error-responses';

/** An error status with the code (and message) this route answers it with, when it is not the status's usual one. */
export interface RouteError extends Partial<ErrorExample> {
  status: number;
}

/** Statuses every authenticated route can answer. */
export const ALWAYS_POSSIBLE_ERRORS = [401, 429, 500] as const;

/**
 * The error responses of a route, each with the envelope schema and an example of its own code; 401, 429 and 500
 * apply to every authenticated route. A status may be given as `{status, code, message}` to show the route's own
 * code first (e.g. `{status: 409, code: 'case_has_active_transfer', message: '…'}`). The document's post-processing
 * adds the statuses implied by a route's shape (a body: 400, 413, 415, 422; `If-Match`: 412; …).
 */
export function ApiErrors(...errors: Array<number | RouteError>) {
  const extra = new Map<number, ErrorExample[]>();
  for (const error of errors) {
    if (typeof error === 'number' || !error.code) continue;
    extra.set(error.status, [...(extra.get(error.status) ?? []), { code: error.code, message: error.message ?? error.code, details: error.details, summary: error.summary }]);
  }
  const statuses = errors.map((error) => (typeof error === 'number' ? error : error.status));
  const all = [...new Set([...statuses, ...ALWAYS_POSSIBLE_ERRORS])].sort((a, b) => a - b);
  return applyDecorators(
    ApiBearerAuth(),
    ...all.map((status) =>
      ApiResponse({
        status,
        description: ERROR_RESPONSES[status]?.description ?? 'error',
        type: ErrorBody,
        // Only a route's own codes here; the usual example of each status is added with the document's rules,
        // which know the route's shape (a 400 for a query differs from a 400 for a body).
        ...(extra.has(status) ? { examples: errorExamplesFor(status, extra.get(status)) } : {}),
      }),
    ),
  );
}

const ETAG_HEADER = { description: 'Strong entity tag of the resource; send it back in `If-Match` or `If-None-Match`.', schema: { type: 'string' } };

/** `{data: <model>}` with the ETag header. */
export function ApiData(model: Type, status = 200) {
  return applyDecorators(
    ApiExtraModels(model),
    ApiResponse({
      status,
      description: status === 201 ? 'Created; `data` is the new record.' : 'OK; `data` is the record.',
      headers: { ETag: ETAG_HEADER },
      schema: {
        type: 'object',
        required: ['data'],
        properties: { data: { $ref: getSchemaPath(model), description: 'The record.' } as never },
      },
    }),
  );
}

type DeclaredFilter = FilterSpec;

/** The query parameter schema of a declared list filter (list-query.ts parses exactly this). */
function filterQuery(name: string, declared: DeclaredFilter) {
  const spec = Array.isArray(declared) ? { kind: 'enum' as const, values: declared as readonly string[] } : (declared as Exclude<FilterSpec, readonly string[]>);
  switch (spec.kind) {
    case 'boolean':
      return QueryParameter({ name, required: false, description: `Only records whose ${name} is this value.`, schema: { type: 'boolean' } });
    case 'contains_text':
      return QueryParameter({
        name,
        required: false,
        description: `Only records whose ${name} contains this text, case-insensitively.`,
        schema: { type: 'string', minLength: 1, maxLength: 200 },
      });
    case 'equals':
      return QueryParameter({
        name,
        required: false,
        description: `Only records whose ${name} is exactly this value; repeat the parameter to match any of several.`,
        schema: { type: 'string', minLength: 1, maxLength: 200 },
      });
    case 'array_contains':
      return QueryParameter({
        name,
        required: false,
        description: `Only records whose ${name} list contains one of these values; repeat the parameter to give several.`,
        schema: { type: 'array', items: { type: 'string', enum: [...spec.values] } },
        style: 'form',
        explode: true,
      });
    case 'own':
      throw new Error(`the filter ${name} is parsed by its route's service, which states its query parameter`);
    default:
      return QueryParameter({
        name,
        required: false,
        description: `Only records whose ${name} is one of these values; repeat the parameter to give several.`,
        schema: { type: 'array', items: { type: 'string', enum: [...spec.values] } },
        style: 'form',
        explode: true,
      });
  }
}

/**
 * `{data: [<model>], meta}` plus the list query parameters a declared resource accepts (contract §4). `defaultSort`:
 * a list whose records have no `created_at` (a balance history's points) sorts by another field by default.
 */
export function ApiList(model: Type, resource?: { readonly filters: FilterSpecs; readonly sorts: readonly string[]; readonly defaultSort?: string }) {
  const sorts = [...(resource?.sorts ?? ['created_at'])];
  return applyDecorators(
    ApiExtraModels(model, PageMeta),
    ApiOkResponse({
      description: 'OK; a page of records and the pagination meta.',
      headers: { ETag: { ...ETAG_HEADER, description: 'Entity tag of this page; send it back in `If-None-Match`.' } },
      schema: {
        type: 'object',
        required: ['data', 'meta'],
        properties: {
          data: { type: 'array', items: { $ref: getSchemaPath(model) }, description: 'The records of this page.' },
          meta: { $ref: getSchemaPath(PageMeta), description: 'Where this page is in the whole list.' } as never,
        },
      },
    }),
    QueryParameter({
      name: 'page',
      required: false,
      description: 'Page number, from 1 (page mode; ignored when `cursor` is present).',
      schema: { type: 'integer', minimum: 1, default: 1 },
    }),
    QueryParameter({
      name: 'per_page',
      required: false,
      description: `Records per page, 1 to ${MAX_PER_PAGE}.`,
      schema: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
    }),
    QueryParameter({
      name: 'cursor',
      required: false,
      description: 'Cursor mode: `meta.next_cursor` of the previous page, or empty (`cursor=`) to start at the beginning. A cursor is bound to the list that made it — this route, its case or parent record, its filters and its sort — and is refused (400) anywhere else.',
      schema: { type: 'string' },
    }),
    QueryParameter({ name: 'sort_by', required: false, description: 'Field to sort on; ties break on `id`.', schema: { type: 'string', enum: sorts, default: resource?.defaultSort ?? 'created_at' } }),
    QueryParameter({ name: 'sort_order', required: false, description: 'Sort direction.', schema: { type: 'string', enum: ['asc', 'desc'], default: 'desc' } }),
    // An `own` filter's parameter is its route's to state, as its service parses it.
    ...Object.entries(resource?.filters ?? {})
      .filter(([, spec]) => Array.isArray(spec) || (spec as { kind: string }).kind !== 'own')
      .map(([name, spec]) => filterQuery(name, spec)),
  );
}

export const ApiIfMatch = () =>
  ApiHeader({
    name: 'If-Match',
    required: false,
    description: 'ETag the write is conditional on (`*` matches any existing record); 412 when it no longer matches.',
    schema: { type: 'string', minLength: 1 },
  });

/** The `Idempotency-Key` rule of contract §6: 1–255 visible ASCII characters, else 400. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7e]{1,255}$';

/**
 * No `example`: Swagger UI's try-it-out sends a parameter's example as its value, so a fixed one made every "Create a
 * case" after the first a replay of it. The reference page fills a fresh key into a POST sent without one instead
 * (reference-page.ts).
 */
export const ApiIdempotencyKey = () =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      '1–255 visible ASCII characters, new for each new request (a UUID, for instance); a retry with the same key, method, path and body replays the first response for 24 hours. ' +
      'The try-it-out console of this reference fills in a fresh key when the field is left empty.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN },
  });

/** The fields every presented record has besides its own; response models extend it. */
export class RecordView {
  @ApiProperty({ description: 'Identifier of the record (ULID).', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' }) id: string;
  @ApiProperty({ format: 'date-time', description: 'When the record was created (UTC).', example: '2026-09-01T12:00:00.000Z' }) created_at: string;
  @ApiProperty({ format: 'date-time', description: 'When the record last changed (UTC).', example: '2026-09-02T08:30:00.000Z' }) updated_at: string;
}

/** `204 No Content` of a successful DELETE. */
export const ApiDeleted = () => ApiResponse({ status: 204, description: 'Deleted; no body.' });
