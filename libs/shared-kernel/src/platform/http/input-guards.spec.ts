import type { NextFunction, Request, Response } from 'express';
import { rejectUnsafeJsonBody, rejectUnsafeUrlAndHeaders } from './input-guards';
import { fakeResponse } from './fake-response.testing';

function run(middleware: (req: Request, res: Response, next: NextFunction) => void, req: Partial<Request>) {
  const res = fakeResponse();
  const next = jest.fn() as jest.Mock & NextFunction;
  middleware(req as Request, res as unknown as Response, next);
  return { res, next };
}

const url = (path: string, rawHeaders: string[] = ['Host', 'localhost']) => run(rejectUnsafeUrlAndHeaders, { url: path, rawHeaders });

describe('rejectUnsafeUrlAndHeaders', () => {
  it.each([
    '/v1/cases',
    '/v1/cases/01J0000000000000000000000A/persons?status=open&status=frozen&sort=-created_at',
    '/v1/cases?name=Zo%C3%AB+Lee&emoji=%F0%9F%98%80&empty=&flag',
    '/v1/cases/%20spaced%2Fslash',
    '/v1/cases?q=a+b%2Bc',
  ])('passes %s', (path) => {
    const { res, next } = url(path);
    expect(next).toHaveBeenCalledTimes(1);
    expect(res.status).not.toHaveBeenCalled();
  });

  it.each([
    ['/v1/cases/x/persons/%00', 'The request path contains a NUL character.'],
    ['/v1/cases/%00?ok=1', 'The request path contains a NUL character.'],
    ['/v1/cases/x/persons/%FF', 'The request path is not valid percent-encoded UTF-8.'],
    ['/v1/cases/%ED%A0%80', 'The request path is not valid percent-encoded UTF-8.'],
    ['/v1/cases/100%', 'The request path is not valid percent-encoded UTF-8.'],
  ])('answers 400 bad_request for the path %s', (path, message) => {
    const { res, next } = url(path);
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ error: { code: 'bad_request', message, doc_url: 'http://localhost/v1/docs#error-bad_request' } });
  });

  it.each([
    ['?progress=%00', 'progress', 'progress contains a NUL character'],
    ['?a=1&name=Ann%00Lee', 'name', 'name contains a NUL character'],
    ['?na%00me=1', 'na%00me', 'na%00me contains a NUL character'],
    ['?name=%FF', 'name', 'name is not valid percent-encoded UTF-8'],
    ['?na%FFme=x', 'na%FFme', 'na%FFme is not valid percent-encoded UTF-8'],
    ['?cursor=%ED%A0%80', 'cursor', 'cursor is not valid percent-encoded UTF-8'],
  ])('answers 400 bad_request naming the query parameter for %s', (query, field, message) => {
    const { res, next } = url(`/v1/cases${query}`);
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ error: { code: 'bad_request', message: 'Invalid query parameters.', details: [{ field, message, reason: 'format' }], doc_url: 'http://localhost/v1/docs#error-bad_request' } });
  });

  it('answers 400 for a header holding a NUL character', () => {
    const { res, next } = url('/v1/cases', ['Host', 'localhost', 'X-Note', 'a\u0000b']);
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ error: { code: 'bad_request', message: 'The X-Note header contains a NUL character.', doc_url: 'http://localhost/v1/docs#error-bad_request' } });
  });
});

describe('rejectUnsafeJsonBody', () => {
  const body = (value: unknown) => run(rejectUnsafeJsonBody, { body: value });

  it('passes a request without a body (it reads as {}) and a clean object', () => {
    for (const value of [undefined, {}, { first_name: 'Ann', address: { city: 'Reno' }, types: ['a'] }]) {
      const { res, next } = body(value);
      expect(next).toHaveBeenCalledTimes(1);
      expect(res.status).not.toHaveBeenCalled();
    }
  });

  it.each([
    ['a string', 'text'],
    ['null', null],
    ['an array', [1]],
    ['an empty array', []],
    ['a number', 42],
    ['a boolean', true],
  ])('answers 422 validation_error for %s: the body must be a JSON object', (_label, value) => {
    const { res, next } = body(value);
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(422);
    expect(res.body).toEqual({
      error: { code: 'validation_error', message: 'The request body must be a JSON object.', details: [{ field: '', message: 'the body must be a JSON object', reason: 'type' }], doc_url: 'http://localhost/v1/docs#error-validation_error' },
    });
  });

  it('answers 422 naming prototype keys and unstorable strings by JSON path', () => {
    const { res, next } = body(JSON.parse('{"__proto__":{"admin":true},"deceased":{"first_name":"a\\u0000"}}'));
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(422);
    expect(res.body?.error.code).toBe('validation_error');
    expect(res.body?.error.details?.map((detail) => detail.field)).toEqual(['__proto__', 'deceased.first_name']);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
