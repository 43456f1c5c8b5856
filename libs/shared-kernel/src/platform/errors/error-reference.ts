import { ERROR_STATUS } from './error-status';

/** Where the reference page is served; `doc_url` points into it. */
export const REFERENCE_PATH = '/v1/docs';

/**
 * What each code means and what a client does about it, as the reference explains it under the code's anchor. A code
 * the service can emit without an explanation here fails error-reference.spec.ts, so every `doc_url` leads somewhere.
 */
export const ERROR_EXPLANATIONS: Readonly<Record<string, string>> = {
  bad_request:
    'A query parameter, header, cursor or the JSON syntax of the body is wrong. `details` names each parameter: `unknown_parameter` for one the route does not take, `conflict` for a cursor made for another list or sort.',
  unauthorized: 'The bearer token is missing, malformed, unknown or revoked. Send `Authorization: Bearer <token>`.',
  forbidden: 'The record exists but belongs to another organization, or the token may not do this.',
  not_found: 'No such route, case or record (or it belongs to another organization where `403` is not listed).',
  method_not_allowed: 'The path exists but does not accept this method; `Allow` lists the methods it does accept.',
  idempotency_conflict:
    'This `Idempotency-Key` was used with another method, path or body, or its first request is still running. Use a new key for a new request.',
  conflict: 'The request conflicts with the current state of another record; `details` names it.',
  case_has_active_transfer: 'The case has a transfer still moving money; wait for it to finish or cancel it first.',
  transfer_not_cancellable: 'The transfer has been submitted to the network (or is final) and can no longer be cancelled.',
  invalid_state:
    'The record is in a state that forbids this change (a bank account a live transfer uses cannot be deleted, a closed claim cannot be approved); `details` names what is in the way.',
  precondition_failed: '`If-Match` no longer matches the record\'s `ETag`: fetch the record again, re-apply the change and retry.',
  payload_too_large: 'The body exceeds 1 MiB.',
  unsupported_media_type: 'The body is not `application/json` (for `PATCH`, `application/merge-patch+json` is accepted too).',
  validation_error:
    'The body is well-formed JSON but its fields are not acceptable. `details` has one item per field: `field` is its JSON path and `reason` one of `required`, `type`, `enum`, `format`, `range`, `unknown_field`, `conflict`, `rule`.',
  transfer_not_allowed:
    'An instant transfer was refused by a rule: the source account is not eligible (its `ownership_type`, `status`, balance or the case\'s authority level), the amount exceeds `max_transfer_amount` less what is in flight, the case has no estate account, or the source already has an active transfer. Each `details` item names the rule and the value that failed it.',
  rate_limit_exceeded: 'The organization used its requests of this minute; `Retry-After` says how many seconds to wait.',
  internal_error: 'An unexpected failure on our side; nothing was changed. The `X-Request-Id` header identifies it in our logs.',
};

/**
 * A context's own error codes, their statuses and what the reference says of each (`doc_url` leads there). Call it
 * when the module loads, before the OpenAPI document is built.
 */
export function registerErrorCodes(codes: Readonly<Record<string, { status: number; explanation: string }>>): void {
  for (const [code, { status }] of Object.entries(codes)) {
    const known = ERROR_STATUS[code];
    if (known !== undefined && known !== status) throw new Error(`error code ${code} is already registered with status ${known}`);
  }
  for (const [code, { status, explanation }] of Object.entries(codes)) {
    (ERROR_STATUS as Record<string, number>)[code] = status;
    (ERROR_EXPLANATIONS as Record<string, string>)[code] = explanation;
  }
}

/** The anchor of a code in the reference: `error-validation_error`. */
export function errorAnchor(code: string): string {
  return `error-${code}`;
}

/** What a request offers to build an absolute URL on the host the client reached: Express's `Request` is one. */
export interface RequestOrigin {
  protocol?: string;
  headers?: { host?: string };
}

/** `{protocol}://{Host}`: the origin the client reached this service by (no public URL is configured). */
export function requestOrigin(req: RequestOrigin): string {
  return `${req.protocol ?? 'http'}://${req.headers?.host || 'localhost'}`;
}

/**
 * The origin the OpenAPI document's examples write absolute addresses with (an error's `doc_url`, a download or
 * calendar link): `npm start`'s own. The served document puts the request's origin in its place (reference-page.ts),
 * so an example reads as the answer it shows would.
 */
export const EXAMPLE_ORIGIN = 'http://localhost:3000';

/** The absolute URL of the reference page, on the host the client reached this service by. */
export function referenceUrl(req: RequestOrigin): string {
  return `${requestOrigin(req)}${REFERENCE_PATH}`;
}

/** The absolute URL of the reference's explanation of `code`, on the host the client reached this service by. */
export function errorDocUrl(req: RequestOrigin, code: string): string {
  return `${referenceUrl(req)}#${errorAnchor(code)}`;
}

/**
 * The reference's "Errors" section (markdown for the document's description): one row per code with its anchor, so
 * that every `doc_url` lands on its row. Every code the service emits is listed, in the order of their statuses.
 */
export function errorReferenceMarkdown(): string {
  const codes = errorCodes();
  const rows = codes.map((code) => `| <a id="${errorAnchor(code)}"></a>\`${code}\` | ${ERROR_STATUS[code]} | ${ERROR_EXPLANATIONS[code] ?? ''} |`);
  return [
    '## Errors',
    '',
    'Every error answers `{"error": {"code", "message", "details"?, "doc_url"}}`: `code` is one of the codes below and `doc_url` links to its row. ' +
      'Each `details` item is `{field, message, reason}`; `reason` is stable for code to branch on (`required`, `type`, `enum`, `format`, `range`, ' +
      '`unknown_field`, `unknown_parameter`, `conflict`, `rule`), `message` is for people.',
    '',
    '| Code | Status | Meaning |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** Every code the service emits, by status then name. */
export function errorCodes(): string[] {
  return Object.keys(ERROR_STATUS).sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b] || a.localeCompare(b));
}
