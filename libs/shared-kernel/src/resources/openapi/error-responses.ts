import type { ErrorDetail } from '../../platform/errors/domain-error';
import { errorAnchor, EXAMPLE_ORIGIN, REFERENCE_PATH } from '../../platform/errors/error-reference';
import { MAX_BODY_BYTES } from '../../platform/http/body-parsing';

/** The reference page an example's `doc_url` points into, as a real error's does (on the request's host once served). */
const EXAMPLE_REFERENCE_URL = `${EXAMPLE_ORIGIN}${REFERENCE_PATH}`;

/** One error answer as a client sees it: the code, a message as the server words it, and details where it has some. */
export interface ErrorExample {
  code: string;
  message: string;
  details?: ErrorDetail[];
  /** What the example shows, when a status has several (`400` for the query, for the body…). */
  summary?: string;
}

export interface ErrorResponseDoc {
  description: string;
  /** The first example is the one the route answers most often; the others are alternatives with the same status. */
  examples: ErrorExample[];
}

/**
 * What each error status means and what its body looks like (contract §7, error-status.ts). The OpenAPI document
 * shows these examples under each status, so 401 shows `unauthorized`, 404 `not_found` and so on.
 */
export const ERROR_RESPONSES: Readonly<Record<number, ErrorResponseDoc>> = {
  400: {
    description: 'bad_request: a malformed query parameter, header or JSON body; `details` names the parameter',
    examples: [{ code: 'bad_request', message: 'The request body is not valid JSON.' }],
  },
  401: {
    description: 'unauthorized: the bearer token is missing, malformed, unknown or revoked (with `WWW-Authenticate: Bearer`)',
    examples: [
      { code: 'unauthorized', summary: '401 unauthorized: an unknown token', message: 'The access token is unknown.' },
      { code: 'unauthorized', summary: '401 unauthorized: a revoked token', message: 'The access token was revoked; it no longer grants access. Use a token that is still valid.' },
    ],
  },
  403: {
    description: 'forbidden: the case exists but belongs to another organization',
    examples: [{ code: 'forbidden', message: 'This case belongs to another organization.' }],
  },
  404: {
    description: 'not_found: the case or the record does not exist (or, where 403 is not listed, belongs to another organization)',
    examples: [{ code: 'not_found', message: 'The case was not found.' }],
  },
  405: {
    description: 'method_not_allowed: the resource exists but does not accept this method',
    examples: [{ code: 'method_not_allowed', message: 'DELETE is not allowed here.' }],
  },
  409: {
    description: 'idempotency_conflict, or another conflict named by the code',
    examples: [{ code: 'idempotency_conflict', message: 'This Idempotency-Key was used with a different method, path or body.' }],
  },
  412: {
    description: 'precondition_failed: `If-Match` no longer matches the current ETag',
    examples: [{ code: 'precondition_failed', message: 'The resource has changed since the given ETag; fetch it again and retry.' }],
  },
  413: {
    description: `payload_too_large: the body exceeds ${MAX_BODY_BYTES} bytes (1 MiB)`,
    examples: [{ code: 'payload_too_large', message: `The request body exceeds ${MAX_BODY_BYTES} bytes.` }],
  },
  415: {
    description: 'unsupported_media_type: the body is not `application/json` (or, for PATCH, `application/merge-patch+json`)',
    examples: [{ code: 'unsupported_media_type', message: 'Send the body as application/json, not "text/plain".' }],
  },
  422: {
    description: 'validation_error: `details` lists one item per field problem (`field` is the JSON path, `reason` why)',
    examples: [
      {
        code: 'validation_error',
        message: 'The request body is invalid.',
        details: [
          { field: 'last_name', message: 'last_name is required', reason: 'required' },
          { field: 'address.state', message: 'address.state must be a two-letter state abbreviation in capitals, e.g. IL', reason: 'format' },
        ],
      },
    ],
  },
  429: {
    description: 'rate_limit_exceeded: the organization used its requests of this minute (see `Retry-After`)',
    examples: [{ code: 'rate_limit_exceeded', message: 'Rate limit exceeded; retry after 12 seconds (see X-RateLimit-Reset).' }],
  },
  500: {
    description: 'internal_error: an unexpected failure; no stack or SQL text is ever returned',
    examples: [{ code: 'internal_error', message: 'An unexpected error occurred; the request id identifies it in our logs.' }],
  },
  503: {
    description: 'service_unavailable: the service cannot take the request now and stored nothing; retry after `Retry-After` seconds',
    examples: [{ code: 'service_unavailable', message: 'The service is busy; retry in 5 seconds.' }],
  },
};

/** What makes a route answer 400, each with its example (list-query.ts, idempotency, body parsing). */
export const BAD_REQUEST_EXAMPLES = {
  query: { summary: '400 bad_request: an invalid query parameter', code: 'bad_request', message: 'Invalid query parameters.', details: [{ field: 'per_page', message: 'per_page must be an integer from 1 to 100', reason: 'range' }] },
  body: { summary: '400 bad_request: a body that is not JSON', code: 'bad_request', message: 'The request body is not valid JSON.' },
  url: { summary: '400 bad_request: a path that is not valid percent-encoded UTF-8', code: 'bad_request', message: 'The request path is not valid percent-encoded UTF-8.' },
  idempotencyKey: {
    summary: '400 bad_request: an invalid Idempotency-Key',
    code: 'bad_request',
    message: 'Invalid Idempotency-Key header.',
    details: [{ field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 visible ASCII characters', reason: 'format' }],
  },
} satisfies Record<string, ErrorExample>;

/**
 * The `examples` map of an error response's media type: the route's own examples when it names some, otherwise the
 * status's usual one. Keyed by code (`bad_request`, then `bad_request_2` for a second example with the same code).
 */
export function errorExamplesFor(status: number, own: ErrorExample[] = []): Record<string, { summary: string; value: unknown }> {
  const fallback = ERROR_RESPONSES[status]?.examples ?? [{ code: status >= 500 ? 'internal_error' : 'bad_request', message: 'The request failed.' }];
  const examples: Record<string, { summary: string; value: unknown }> = {};
  for (const example of own.length > 0 ? own : fallback) {
    let key = example.code;
    for (let n = 2; examples[key]; n += 1) key = `${example.code}_${n}`;
    const doc_url = `${EXAMPLE_REFERENCE_URL}#${errorAnchor(example.code)}`;
    const error = example.details ? { code: example.code, message: example.message, details: example.details, doc_url } : { code: example.code, message: example.message, doc_url };
    examples[key] = { summary: example.summary ?? `${status} ${example.code}`, value: { error } };
  }
  return examples;
}
