import type { Response } from 'supertest';

/** The `field`s of a 422/400 response's details, each checked to carry a message a client can read. */
export function detailFields(res: Response): string[] {
  expect(Array.isArray(res.body.error.details)).toBe(true);
  return (res.body.error.details as Array<{ field: string; message: string }>).map((detail) => {
    expect(typeof detail.message).toBe('string');
    expect(detail.message.length).toBeGreaterThan(0);
    return detail.field;
  });
}

/** Status and code of an error response in the specification's envelope. */
export function expectError(res: Response, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
}
