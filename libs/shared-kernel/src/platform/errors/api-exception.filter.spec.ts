import { ArgumentsHost, BadRequestException, HttpException, Logger, NotFoundException, PayloadTooLargeException, UnauthorizedException } from '@nestjs/common';
import { OptimisticLockError } from '@mikro-orm/core';
import express from 'express';
import { ApiExceptionFilter } from './api-exception.filter';
import { DomainError, ForbiddenError, NotFoundError, PreconditionFailedError, ValidationFailedError } from './domain-error';

interface FakeResponse {
  headersSent: boolean;
  statusCode?: number;
  body?: unknown;
  headers: Record<string, string>;
  setHeader: jest.Mock;
  status: jest.Mock;
  json: jest.Mock;
}

function fakeResponse(headersSent = false): FakeResponse {
  const res: FakeResponse = {
    headersSent,
    headers: {},
    setHeader: jest.fn((name: string, value: string) => {
      res.headers[name.toLowerCase()] = value;
    }),
    status: jest.fn((code: number) => {
      res.statusCode = code;
      return res;
    }),
    json: jest.fn((body: unknown) => {
      res.body = body;
      return res;
    }),
  };
  return res;
}

function hostOf(res: FakeResponse, req: object = { method: 'GET', path: '/v1/nowhere', protocol: 'https', headers: { host: 'api.test' } }): ArgumentsHost {
  return {
    switchToHttp: () => ({ getResponse: () => res, getRequest: () => req, getNext: () => undefined }),
  } as unknown as ArgumentsHost;
}

/** The `doc_url` of a code, on the host of the request the filter answered. */
const docUrl = (code: string, origin = 'https://api.test') => `${origin}/v1/docs#error-${code}`;

describe('ApiExceptionFilter', () => {
  const filter = new ApiExceptionFilter();
  let logged: jest.SpyInstance;

  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    logged.mockRestore();
  });

  function run(exception: unknown, req?: { method: string; path: string }): FakeResponse {
    const res = fakeResponse();
    filter.catch(exception, hostOf(res, req));
    return res;
  }

  it.each([
    [new NotFoundError('case'), 404, 'not_found'],
    [new ForbiddenError(), 403, 'forbidden'],
    [new PreconditionFailedError(), 412, 'precondition_failed'],
    [new DomainError('transfer_not_cancellable', 'no'), 409, 'transfer_not_cancellable'],
    [new DomainError('transfer_not_allowed', 'no'), 422, 'transfer_not_allowed'],
    [new DomainError('rate_limit_exceeded', 'slow down'), 429, 'rate_limit_exceeded'],
    [new DomainError('brand_new_code', 'x'), 500, 'brand_new_code'],
  ])('maps a DomainError (%s) to its status and code', (error, status, code) => {
    const res = run(error);
    expect(res.statusCode).toBe(status);
    expect(res.body).toEqual({ error: { code, message: (error as Error).message, doc_url: docUrl(code) } });
  });

  it('keeps the details of a validation error', () => {
    const details = [{ field: 'email', message: 'email must be a valid e-mail address', reason: 'format' as const }];
    const res = run(new ValidationFailedError(details));
    expect(res.statusCode).toBe(422);
    expect(res.body).toEqual({ error: { code: 'validation_error', message: 'The request body is invalid.', details, doc_url: docUrl('validation_error') } });
  });

  it('answers an unknown route (Nest 404) with a not_found envelope naming the route', () => {
    const res = run(new NotFoundException('Cannot GET /v1/nowhere'), { method: 'GET', path: '/v1/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No route matches GET /v1/nowhere.', doc_url: docUrl('not_found', 'http://localhost') } });
  });

  it('answers 405 method_not_allowed with Allow when routes exist for the path but not for the method', () => {
    const app = express();
    app.get('/v1/things/:id', (_req, res) => void res.end());
    app.patch('/v1/things/:id', (_req, res) => void res.end());
    const res = run(new NotFoundException('Cannot PUT /v1/things/1'), { method: 'PUT', path: '/v1/things/1', app } as never);
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, PATCH');
    expect(res.body).toEqual({ error: { code: 'method_not_allowed', message: 'PUT is not allowed on /v1/things/1; it allows GET, HEAD, PATCH.', doc_url: docUrl('method_not_allowed', 'http://localhost') } });

    const unknown = run(new NotFoundException('Cannot GET /v1/nothing'), { method: 'GET', path: '/v1/nothing', app } as never);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
  });

  it('maps other Nest HTTP exceptions by status', () => {
    expect(run(new BadRequestException('bad')).body).toEqual({ error: { code: 'bad_request', message: 'bad', doc_url: docUrl('bad_request') } });
    const tooLarge = run(new PayloadTooLargeException());
    expect(tooLarge.statusCode).toBe(413);
    expect((tooLarge.body as { error: { code: string } }).error.code).toBe('payload_too_large');
    const teapot = run(new HttpException('teapot', 418));
    expect(teapot.statusCode).toBe(418);
    expect((teapot.body as { error: { code: string } }).error.code).toBe('bad_request');
    const unavailable = run(new HttpException('down', 503));
    expect(unavailable.statusCode).toBe(503);
    expect((unavailable.body as { error: { code: string } }).error.code).toBe('internal_error');
  });

  it('maps an optimistic lock failure to 412 precondition_failed', () => {
    const res = run(OptimisticLockError.lockFailed('Case'));
    expect(res.statusCode).toBe(412);
    expect((res.body as { error: { code: string } }).error.code).toBe('precondition_failed');
  });

  it('answers an unknown error with 500 internal_error and leaks neither message nor stack', () => {
    const error = new Error('duplicate key value violates unique constraint "users_email_key" select * from users');
    const res = run(error);
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ error: { code: 'internal_error', message: expect.any(String), doc_url: docUrl('internal_error') } });
    const sent = JSON.stringify(res.body);
    expect(sent).not.toContain('duplicate key');
    expect(sent).not.toContain('select');
    expect(sent).not.toContain(error.stack!.split('\n')[1].trim());
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('logs an unknown error with the route pattern of its path, never the path as sent (issue 33: it may hold a token)', () => {
    const app = express();
    app.get('/v1/document-downloads/:token', (_req, res) => void res.end());
    const token = '01JBX8Q9W4M8Z7T3K2N5R6P0AB.1796000000.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXI';
    const res = fakeResponse();
    filter.catch(new Error('boom'), hostOf(res, { app, method: 'GET', path: `/v1/document-downloads/${token}`, protocol: 'https', headers: { host: 'api.test' } }));
    expect(res.statusCode).toBe(500);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0][0]).toMatchObject({ path: '/v1/document-downloads/:token' });
    expect(JSON.stringify(logged.mock.calls)).not.toContain(token);
  });

  it('answers a thrown non-Error value with 500 internal_error', () => {
    const res = run('oops');
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ error: { code: 'internal_error', message: expect.not.stringContaining('oops'), doc_url: docUrl('internal_error') } });
  });

  it('sets WWW-Authenticate: Bearer on 401', () => {
    const domain = run(new DomainError('unauthorized', 'Missing or invalid bearer token.'));
    expect(domain.statusCode).toBe(401);
    expect(domain.headers['www-authenticate']).toBe('Bearer');
    const nest = run(new UnauthorizedException());
    expect(nest.statusCode).toBe(401);
    expect(nest.headers['www-authenticate']).toBe('Bearer');
    expect((nest.body as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('does not set WWW-Authenticate on other statuses', () => {
    expect(run(new ForbiddenError()).setHeader).not.toHaveBeenCalledWith('WWW-Authenticate', expect.anything());
  });

  it('writes nothing once headers were sent', () => {
    const res = fakeResponse(true);
    filter.catch(new NotFoundError(), hostOf(res));
    expect(res.status).not.toHaveBeenCalled();
    expect(res.json).not.toHaveBeenCalled();
  });
});
