import type { Response } from 'supertest';
import { DETAIL_REASONS } from '@estate/shared-kernel';

/**
 * The `field`s of a 422/400 response's details, each checked to carry a message a client can read and one of the
 * stable reasons.
 */
export function detailFields(res: Response): string[] {
  expect(Array.isArray(res.body.error.details)).toBe(true);
  return (res.body.error.details as Array<{ field: string; message: string; reason: string }>).map((detail) => {
    expect(typeof detail.message).toBe('string');
    expect(detail.message.length).toBeGreaterThan(0);
    expect(DETAIL_REASONS).toContain(detail.reason);
    return detail.field;
  });
}

/** `[field, reason]` of each detail of an error response, in order. */
export function detailReasons(res: Response): Array<[string, string]> {
  detailFields(res);
  return (res.body.error.details as Array<{ field: string; reason: string }>).map((detail) => [detail.field, detail.reason]);
}

/** Status and code of an error response in the specification's envelope, with its `doc_url` to the code's anchor. */
export function expectError(res: Response, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.doc_url).toMatch(new RegExp(`^https?://[^/]+/v1/docs#error-${code}$`));
}
