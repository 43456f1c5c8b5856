/** One problem of a request: the field (a JSON path, a parameter or header name) and what is wrong with it. */
export interface ErrorDetail {
  field: string;
  message: string;
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
