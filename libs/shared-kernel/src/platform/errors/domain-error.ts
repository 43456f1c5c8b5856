/**
 * Why a detail refuses its field, stable for a client's code to branch on (the message is for people and may change):
 * `required` missing or null; `type` the wrong JSON type; `enum` not one of the listed values; `format` the right type
 * in the wrong shape (a date, an e-mail address, a pattern, too many decimals); `range` too small, too large, too long
 * or too many; `unknown_field` a body member the resource does not have; `unknown_parameter` a query parameter the
 * route does not take; `conflict` the state of other records forbids it; `rule` a business rule refuses the value.
 */
export const DETAIL_REASONS = ['required', 'type', 'enum', 'format', 'range', 'unknown_field', 'unknown_parameter', 'conflict', 'rule'] as const;
export type DetailReason = (typeof DETAIL_REASONS)[number];

/** One problem of a request: the field (a JSON path, a parameter or header name), what is wrong with it, and why. */
export interface ErrorDetail {
  field: string;
  message: string;
  reason: DetailReason;
}

/**
 * A refusal with a stable machine-readable code. Domain and application code throw these; one exception filter maps
 * the code to an HTTP status (see error-status.ts), so no layer below the controller knows about HTTP.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(what = 'resource') {
    super('not_found', `The ${what} was not found.`);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have access to this resource.') {
    super('forbidden', message);
  }
}

/** Body validation failed: 422 with one detail per problem. Never stored as an idempotent result (contract §6). */
export class ValidationFailedError extends DomainError {
  constructor(details: ErrorDetail[], message = 'The request body is invalid.') {
    super('validation_error', message, details);
  }
}

/** Malformed syntax: query parameters, headers, cursors. */
export class BadRequestError extends DomainError {
  constructor(message: string, details?: ErrorDetail[]) {
    super('bad_request', message, details);
  }
}

export class PreconditionFailedError extends DomainError {
  constructor() {
    super('precondition_failed', 'The resource has changed since the given ETag; fetch it again and retry.');
  }
}

export class ConflictError extends DomainError {}
