import { applyDecorators, HttpCode, Post, Type } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ForeignCase } from '../platform/access/case-access';
import { ApiData, ApiErrors, ApiIdempotencyKey, ApiIfMatch, RouteError } from './openapi/api-responses';
import { WriteRoute } from './http/route-decorators';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;

type BodyExamples = Record<string, { summary: string; value: unknown }>;

const EMPTY_BODY: BodyExamples = { empty: { summary: 'no fields (the body may be left out)', value: {} } };

export interface RecordActionRouteOptions {
  /** Below the resource's collection: `:fax_id/cancel`; its first segment names the record's id parameter. */
  path: string;
  /** What the id names, for its parameter's description: `the fax`. */
  record: string;
  summary: string;
  description: string;
  /** The body's class: optional, and `{}` when left out. */
  body: Type;
  /** The body's examples; by default one empty body. */
  examples?: BodyExamples;
  /** The record's representation, as the action answers it. */
  view: Type;
  /** Why the record's state refuses the action (`409 invalid_state`, …). */
  refusals: RouteError[];
  /** What a body can be refused for, where it is more than `422 validation_error`. */
  invalid?: Array<number | RouteError>;
}

/**
 * A state move on one record of a case (`POST …/{id}/cancel`, `…/approve`, `…/resend`): a write in the unit of work
 * answering `200` with the record, `404` for a foreign case, honouring `Idempotency-Key` and `If-Match`, its body
 * optional. The handler stays the controller's; this states the route and its document once.
 */
export function RecordActionRoute(options: RecordActionRouteOptions): MethodDecorator {
  const id = /^:(\w+)\//.exec(options.path)?.[1];
  if (!id) throw new Error(`an action route's path starts with its record's id parameter: ${options.path}`);
  // In the order they would be written above a handler; decorators written there apply from the bottom up.
  const written = [
    Post(options.path),
    WriteRoute(),
    HttpCode(200),
    ForeignCase('not_found'),
    ApiParam({ name: 'case_id', description: 'the case', schema: ULID }),
    ApiParam({ name: id, description: options.record, schema: ULID }),
    ApiOperation({ summary: options.summary, description: options.description }),
    ApiBody({ type: options.body, required: false, examples: options.examples ?? EMPTY_BODY }),
    ApiIdempotencyKey(),
    ApiIfMatch(),
    ApiData(options.view),
    ApiErrors(400, 404, ...options.refusals, 412, 413, 415, ...(options.invalid ?? [422])),
  ];
  return applyDecorators(...written.reverse());
}
