import { applyDecorators, Type } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiHeader, ApiOkResponse, ApiProperty, ApiQuery, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ErrorBody } from '../errors/error-body';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../pagination/list-query';
import { PageMeta } from '../pagination/page-meta';
import type { CaseRecord, CaseResource } from '../resources/case-resource';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'bad_request: malformed query parameter, header or JSON',
  401: 'unauthorized: missing, malformed or unknown token',
  403: 'forbidden: the case belongs to another organization',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'idempotency_conflict (or another conflict named in the message)',
  412: 'precondition_failed: If-Match does not match the current ETag',
  413: 'payload_too_large: body over 1 MiB',
  415: 'unsupported_media_type',
  422: 'validation_error: details lists each field problem',
  429: 'rate_limit_exceeded',
};

/** The error responses of a route, each with the envelope schema; 401 and 429 apply to every authenticated route. */
export function ApiErrors(...statuses: number[]) {
  const all = [...new Set([...statuses, 401, 429])].sort();
  return applyDecorators(
    ApiBearerAuth(),
    ...all.map((status) => ApiResponse({ status, description: ERROR_DESCRIPTIONS[status] ?? 'error', type: ErrorBody })),
  );
}

/** `{data: <model>}` with the ETag header. */
export function ApiData(model: Type, status = 200) {
  return applyDecorators(
    ApiExtraModels(model),
    ApiResponse({
      status,
      description: status === 201 ? 'created' : 'OK',
      headers: { ETag: { description: 'strong entity tag of the resource', schema: { type: 'string' } } },
      schema: { type: 'object', required: ['data'], properties: { data: { $ref: getSchemaPath(model) } } },
    }),
  );
}

/** `{data: [<model>], meta}` plus the list query parameters a declared resource accepts. */
export function ApiList(model: Type, resource?: Pick<CaseResource<CaseRecord>, 'filters' | 'sorts'>) {
  const filterQueries = Object.entries(resource?.filters ?? {}).map(([name, spec]) => {
    const values = Array.isArray(spec) ? spec : 'values' in (spec as object) ? (spec as unknown as { values: string[] }).values : undefined;
    return ApiQuery({ name, required: false, isArray: Boolean(values), enum: values, type: String, description: 'repeat to match any of several values' });
  });
  return applyDecorators(
    ApiExtraModels(model, PageMeta),
    ApiOkResponse({
      description: 'a page of results',
      schema: {
        type: 'object',
        required: ['data', 'meta'],
        properties: { data: { type: 'array', items: { $ref: getSchemaPath(model) } }, meta: { $ref: getSchemaPath(PageMeta) } },
      },
    }),
    ApiQuery({ name: 'page', required: false, type: Number, description: 'page number, from 1 (ignored when cursor is present)' }),
    ApiQuery({ name: 'per_page', required: false, type: Number, description: `1 to ${MAX_PER_PAGE}, default ${DEFAULT_PER_PAGE}` }),
    ApiQuery({ name: 'cursor', required: false, type: String, description: 'keyset cursor; empty to start cursor mode' }),
    ApiQuery({ name: 'sort_by', required: false, enum: [...(resource?.sorts ?? ['created_at'])] }),
    ApiQuery({ name: 'sort_order', required: false, enum: ['asc', 'desc'] }),
    ...filterQueries,
  );
}

export const ApiIfMatch = () => ApiHeader({ name: 'If-Match', required: false, description: 'ETag the write is conditional on; 412 when it no longer matches' });
export const ApiIdempotencyKey = () =>
  ApiHeader({ name: 'Idempotency-Key', required: false, description: '1–255 visible ASCII characters; replays the first response for 24 hours' });

/** The fields every presented record has besides its own; response models extend it. */
export class RecordView {
  @ApiProperty({ example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' }) id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** `204 No Content` of a successful DELETE. */
export const ApiDeleted = () => ApiResponse({ status: 204, description: 'deleted; no body' });
