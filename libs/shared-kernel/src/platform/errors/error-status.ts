/**
 * The HTTP status of every error code the service emits (specification "Error codes" and contract §7). Contexts add
 * their own codes with `registerErrorCodes` when their module loads, so the kernel need not know them.
 */
export const ERROR_STATUS: Readonly<Record<string, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  conflict: 409,
  case_has_active_transfer: 409,
  transfer_not_cancellable: 409,
  invalid_state: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_error: 422,
  transfer_not_allowed: 422,
  rate_limit_exceeded: 429,
  internal_error: 500,
};

export function statusOfCode(code: string): number {
  return ERROR_STATUS[code] ?? 500;
}

/** Codes whose refusal happens before a use case runs; an idempotent POST refused so stores nothing (contract §6). */
export const NOT_STORED_FOR_IDEMPOTENCY = new Set([
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'precondition_failed',
  'validation_error',
  'rate_limit_exceeded',
  'payload_too_large',
  'unsupported_media_type',
  'idempotency_conflict',
  'conflict',
  'internal_error',
]);
