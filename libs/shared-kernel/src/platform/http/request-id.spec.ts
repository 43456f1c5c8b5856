import type { IncomingMessage, ServerResponse } from 'node:http';
import { assignRequestId, requestIdOf, stampRequestId } from './request-id';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

function request(headers: Record<string, string | string[] | undefined> = {}): IncomingMessage & { id?: string | number | object } {
  return { headers } as unknown as IncomingMessage & { id?: string };
}

function response(): ServerResponse & { setHeader: jest.Mock } {
  return { setHeader: jest.fn() } as unknown as ServerResponse & { setHeader: jest.Mock };
}

describe('requestIdOf', () => {
  it('echoes a well-formed client id', () => {
    expect(requestIdOf(request({ 'x-request-id': 'client-abc_123:~!' }))).toBe('client-abc_123:~!');
  });

  it('echoes 1 and 200 visible characters', () => {
    expect(requestIdOf(request({ 'x-request-id': 'x' }))).toBe('x');
    const longest = 'a'.repeat(200);
    expect(requestIdOf(request({ 'x-request-id': longest }))).toBe(longest);
  });

  it('generates a ULID when the header is missing or empty', () => {
    expect(requestIdOf(request())).toMatch(ULID);
    expect(requestIdOf(request({ 'x-request-id': '' }))).toMatch(ULID);
  });

  it.each([
    ['too long (201 characters)', 'a'.repeat(201)],
    ['with a space', 'abc def'],
    ['with a tab', 'abc\tdef'],
    ['with non-ASCII', 'req-é'],
    ['with a control character', 'abc\u0001'],
  ])('generates a ULID for an id that is %s', (_label, sent) => {
    const id = requestIdOf(request({ 'x-request-id': sent }));
    expect(id).toMatch(ULID);
    expect(id).not.toBe(sent);
  });

  it('generates a new id per request', () => {
    expect(requestIdOf(request())).not.toBe(requestIdOf(request()));
  });

  it('uses the first of repeated headers', () => {
    expect(requestIdOf(request({ 'x-request-id': ['first', 'second'] }))).toBe('first');
  });
});

describe('assignRequestId', () => {
  it('stores the id on the request and sets X-Request-Id', () => {
    const req = request({ 'x-request-id': 'abc' });
    const res = response();
    expect(assignRequestId(req, res)).toBe('abc');
    expect(req.id).toBe('abc');
    expect(res.setHeader).toHaveBeenCalledWith('X-Request-Id', 'abc');
  });

  it('gives a request its id once: a second call returns the same id and sets no header again', () => {
    const req = request();
    const res = response();
    const first = assignRequestId(req, res);
    const second = assignRequestId(req, res);
    expect(first).toMatch(ULID);
    expect(second).toBe(first);
    expect(res.setHeader).toHaveBeenCalledTimes(1);
    expect(res.setHeader).toHaveBeenCalledWith('X-Request-Id', first);
  });
});

describe('stampRequestId', () => {
  it('assigns the id and calls next', () => {
    const req = request({ 'x-request-id': 'trace-1' });
    const res = response();
    const next = jest.fn();
    stampRequestId(req, res, next);
    expect(next).toHaveBeenCalledTimes(1);
    expect(req.id).toBe('trace-1');
    expect(res.setHeader).toHaveBeenCalledWith('X-Request-Id', 'trace-1');
  });
});
