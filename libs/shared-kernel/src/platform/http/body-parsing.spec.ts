import type { NextFunction, Request, Response } from 'express';
import { Readable } from 'node:stream';
import { bodyParserErrors, MAX_BODY_BYTES, parseJsonBody, rejectUnsupportedMediaType } from './body-parsing';
import { fakeResponse } from './fake-response.testing';

function run(method: string, headers: Record<string, string>) {
  const req = { method, headers } as unknown as Request;
  const res = fakeResponse();
  const next = jest.fn() as jest.Mock & NextFunction;
  rejectUnsupportedMediaType(req, res as unknown as Response, next);
  return { res, next };
}

describe('rejectUnsupportedMediaType', () => {
  it('answers 415 unsupported_media_type for a text/plain body', () => {
    const { res, next } = run('POST', { 'content-type': 'text/plain', 'content-length': '5' });
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(415);
    expect(res.body?.error.code).toBe('unsupported_media_type');
    expect(res.body?.error.message).toContain('text/plain');
  });

  it('answers 415 for a chunked body of another type', () => {
    const { res, next } = run('PUT', { 'content-type': 'application/xml', 'transfer-encoding': 'chunked' });
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(415);
  });

  it('answers 415 for a body without Content-Type', () => {
    const { res } = run('POST', { 'content-length': '2' });
    expect(res.statusCode).toBe(415);
    expect(res.body?.error.message).toContain('no Content-Type');
  });

  it('passes application/json, with parameters and in any case', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
      for (const method of ['POST', 'PUT', 'PATCH']) {
        const { res, next } = run(method, { 'content-type': type, 'content-length': '2' });
        expect(next).toHaveBeenCalledTimes(1);
        expect(res.status).not.toHaveBeenCalled();
      }
    }
  });

  it('passes PATCH with application/merge-patch+json', () => {
    const { res, next } = run('PATCH', { 'content-type': 'application/merge-patch+json', 'content-length': '2' });
    expect(next).toHaveBeenCalledTimes(1);
    expect(res.status).not.toHaveBeenCalled();
  });

  it('refuses merge-patch+json on POST and PUT', () => {
    expect(run('POST', { 'content-type': 'application/merge-patch+json', 'content-length': '2' }).res.statusCode).toBe(415);
    expect(run('PUT', { 'content-type': 'application/merge-patch+json', 'content-length': '2' }).res.statusCode).toBe(415);
  });

  it('passes GET and DELETE whatever their headers', () => {
    for (const method of ['GET', 'DELETE', 'HEAD']) {
      const { res, next } = run(method, { 'content-type': 'text/plain', 'content-length': '5' });
      expect(next).toHaveBeenCalledTimes(1);
      expect(res.status).not.toHaveBeenCalled();
    }
  });

  it('passes a POST with no body', () => {
    const cases: Array<Record<string, string>> = [{}, { 'content-length': '0' }, { 'content-type': 'text/plain', 'content-length': '0' }];
    for (const headers of cases) {
      const { res, next } = run('POST', headers);
      expect(next).toHaveBeenCalledTimes(1);
      expect(res.status).not.toHaveBeenCalled();
    }
  });
});

describe('bodyParserErrors', () => {
  function handle(err: { type?: string; status?: number }) {
    const res = fakeResponse();
    const next = jest.fn() as jest.Mock & NextFunction;
    bodyParserErrors(err, {} as Request, res as unknown as Response, next);
    return { res, next };
  }

  it('maps malformed JSON to 400 bad_request', () => {
    const { res, next } = handle({ type: 'entity.parse.failed', status: 400 });
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ error: { code: 'bad_request', message: 'The request body is not valid JSON.', doc_url: 'http://localhost/v1/docs#error-bad_request' } });
  });

  it('maps a body over 1 MiB to 413 payload_too_large', () => {
    const { res, next } = handle({ type: 'entity.too.large', status: 413 });
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(413);
    expect(res.body?.error.code).toBe('payload_too_large');
    expect(res.body?.error.message).toContain(String(MAX_BODY_BYTES));
    expect(MAX_BODY_BYTES).toBe(1024 * 1024);
  });

  it('maps other client-side read failures to 400 bad_request', () => {
    const { res, next } = handle({ type: 'request.aborted', status: 400 });
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(400);
    expect(res.body?.error.code).toBe('bad_request');
  });

  it('hands anything else to the next error handler', () => {
    const err = Object.assign(new Error('boom'), { status: 500 });
    const { res, next } = handle(err);
    expect(next).toHaveBeenCalledWith(err);
    expect(res.status).not.toHaveBeenCalled();
    const plain = new Error('no status');
    expect(handle(plain as { type?: string }).next).toHaveBeenCalledWith(plain);
  });
});

describe('parseJsonBody', () => {
  function parse(method: string, text: string): Promise<{ body: unknown; error: unknown }> {
    const req = Object.assign(Readable.from([Buffer.from(text)]), {
      method,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
    }) as unknown as Request;
    return new Promise((resolve) => parseJsonBody(req, {} as Response, (error?: unknown) => resolve({ body: req.body, error })));
  }

  it('parses the JSON body of POST, PUT and PATCH', async () => {
    for (const method of ['POST', 'PUT', 'PATCH']) expect(await parse(method, '{"a":1}')).toEqual({ body: { a: 1 }, error: undefined });
  });

  it('ignores a body sent with GET or DELETE, even one that is not JSON (it has no meaning there)', async () => {
    for (const method of ['GET', 'DELETE']) {
      expect(await parse(method, '{"a":')).toEqual({ body: undefined, error: undefined });
      expect(await parse(method, '[1]')).toEqual({ body: undefined, error: undefined });
    }
  });
});
