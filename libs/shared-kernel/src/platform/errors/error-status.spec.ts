import { ERROR_STATUS, NOT_STORED_FOR_IDEMPOTENCY, statusOfCode } from './error-status';

describe('statusOfCode', () => {
  it.each([
    ['bad_request', 400],
    ['unauthorized', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['method_not_allowed', 405],
    ['idempotency_conflict', 409],
    ['case_has_active_transfer', 409],
    ['transfer_not_cancellable', 409],
    ['precondition_failed', 412],
    ['payload_too_large', 413],
    ['unsupported_media_type', 415],
    ['validation_error', 422],
    ['transfer_not_allowed', 422],
    ['rate_limit_exceeded', 429],
    ['internal_error', 500],
  ])('maps %s to %i', (code, status) => {
    expect(statusOfCode(code)).toBe(status);
  });

  it('maps an unknown code to 500', () => {
    expect(statusOfCode('something_new')).toBe(500);
    expect(statusOfCode('')).toBe(500);
  });

  it('uses snake_case codes only', () => {
    for (const code of Object.keys(ERROR_STATUS)) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});

describe('NOT_STORED_FOR_IDEMPOTENCY', () => {
  it('holds refusals made before a use case runs and 500s', () => {
    for (const code of ['bad_request', 'unauthorized', 'validation_error', 'rate_limit_exceeded', 'precondition_failed', 'internal_error']) {
      expect(NOT_STORED_FOR_IDEMPOTENCY.has(code)).toBe(true);
    }
  });

  it('does not hold domain refusals that are replayed', () => {
    expect(NOT_STORED_FOR_IDEMPOTENCY.has('transfer_not_allowed')).toBe(false);
    expect(NOT_STORED_FOR_IDEMPOTENCY.has('case_has_active_transfer')).toBe(false);
  });
});
