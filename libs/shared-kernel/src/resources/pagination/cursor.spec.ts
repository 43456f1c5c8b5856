import { BadRequestError } from '../../platform/errors/domain-error';
import { decodeCursor, encodeCursor, listDigest } from './cursor';

const LIST = 'persons-of-case-1';
const bound = (sortBy: string, sortOrder: 'asc' | 'desc', list = LIST) => ({ sortBy, sortOrder, list });

function errorOf(fn: () => unknown): BadRequestError {
  try {
    fn();
  } catch (error) {
    return error as BadRequestError;
  }
  throw new Error('expected the call to throw');
}

describe('cursor encoding', () => {
  it('round-trips a Date value as a Date', () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const cursor = encodeCursor(bound('created_at', 'desc'), { value: at, id: '01J000000000000000000000AB' });
    const position = decodeCursor(cursor, bound('created_at', 'desc'));
    expect(position.value).toBeInstanceOf(Date);
    expect((position.value as Date).toISOString()).toBe('2026-03-04T05:06:07.089Z');
    expect(position.id).toBe('01J000000000000000000000AB');
  });

  it('round-trips null, strings and numbers unchanged', () => {
    for (const value of [null, 'Smith', 42, 12.5]) {
      const cursor = encodeCursor(bound('name', 'asc'), { value, id: 'row-1' });
      expect(decodeCursor(cursor, bound('name', 'asc'))).toEqual({ value, id: 'row-1' });
    }
  });

  it('does not turn a date-like string into a Date', () => {
    const cursor = encodeCursor(bound('date', 'asc'), { value: '2026-01-01', id: 'x' });
    expect(decodeCursor(cursor, bound('date', 'asc')).value).toBe('2026-01-01');
  });

  it('is an opaque URL-safe string', () => {
    const cursor = encodeCursor(bound('created_at', 'desc'), { value: new Date(0), id: 'a/b+c' });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ['garbage', 'not-a-cursor!!'],
    ['base64 of non-JSON', Buffer.from('hello world').toString('base64url')],
    ['JSON of the wrong shape', Buffer.from(JSON.stringify({ foo: 1 })).toString('base64url')],
    ['a JSON number', Buffer.from('1').toString('base64url')],
    ['JSON null', Buffer.from('null').toString('base64url')],
    ['an object value', Buffer.from(JSON.stringify({ s: 'created_at', l: LIST, o: 'desc', v: { x: 1 }, i: 'a' })).toString('base64url')],
    ['a bad order', Buffer.from(JSON.stringify({ s: 'created_at', l: LIST, o: 'sideways', v: 1, i: 'a' })).toString('base64url')],
    ['an invalid date', Buffer.from(JSON.stringify({ s: 'created_at', l: LIST, o: 'desc', v: 'not a date', d: 1, i: 'a' })).toString('base64url')],
  ])('rejects %s with 400 bad_request naming the cursor', (_label, cursor) => {
    const error = errorOf(() => decodeCursor(cursor, bound('created_at', 'desc')));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('bad_request');
    expect(error.details?.[0]?.field).toBe('cursor');
  });

  it('rejects a tampered cursor', () => {
    const cursor = encodeCursor(bound('created_at', 'desc'), { value: new Date(), id: 'row-1' });
    const tampered = cursor.slice(0, -6) + '!!!!!!';
    expect(() => decodeCursor(tampered, bound('created_at', 'desc'))).toThrow(BadRequestError);
    const truncated = cursor.slice(0, Math.floor(cursor.length / 2));
    expect(() => decodeCursor(truncated, bound('created_at', 'desc'))).toThrow(BadRequestError);
  });

  it('rejects a cursor used with another sort_by', () => {
    const cursor = encodeCursor(bound('created_at', 'desc'), { value: new Date(), id: 'row-1' });
    const error = errorOf(() => decodeCursor(cursor, bound('updated_at', 'desc')));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.details).toEqual([{ field: 'cursor', message: expect.stringContaining('sort_by=created_at'), reason: 'conflict' }]);
  });

  it('rejects a cursor used with another sort_order', () => {
    const cursor = encodeCursor(bound('created_at', 'desc'), { value: new Date(), id: 'row-1' });
    const error = errorOf(() => decodeCursor(cursor, bound('created_at', 'asc')));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.details?.[0]?.field).toBe('cursor');
  });

  it('rejects a cursor of another list, even under the same sort', () => {
    const cursor = encodeCursor(bound('created_at', 'desc'), { value: new Date(), id: 'row-1' });
    const error = errorOf(() => decodeCursor(cursor, bound('created_at', 'desc', 'deadlines-of-case-1')));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.details).toEqual([{ field: 'cursor', message: expect.stringContaining('another list'), reason: 'conflict' }]);
  });

  it('rejects a cursor without a list (one made before cursors were bound)', () => {
    const unbound = Buffer.from(JSON.stringify({ s: 'created_at', o: 'desc', v: 1, i: 'a' })).toString('base64url');
    expect(errorOf(() => decodeCursor(unbound, bound('created_at', 'desc'))).details?.[0]?.field).toBe('cursor');
  });
});

describe('listDigest', () => {
  it('is the same for the same list and filters, whatever their order or repetition', () => {
    expect(listDigest(['persons', { caseId: 'A' }], { status: ['open', 'frozen'], type: ['x'] })).toBe(
      listDigest(['persons', { caseId: 'A' }], { type: ['x'], status: ['frozen', 'open', 'open'] }),
    );
    expect(listDigest(['persons', { caseId: 'A' }], { status: [] })).toBe(listDigest(['persons', { caseId: 'A' }], {}));
  });

  it('differs for another route, another case or parent, and other filters', () => {
    const base = listDigest(['persons', { caseId: 'A' }], { status: ['open'] });
    expect(listDigest(['probate/deadlines', { caseId: 'A' }], { status: ['open'] })).not.toBe(base);
    expect(listDigest(['persons', { caseId: 'B' }], { status: ['open'] })).not.toBe(base);
    expect(listDigest(['persons', { caseId: 'A' }], { status: ['closed'] })).not.toBe(base);
    expect(listDigest(['persons', { caseId: 'A' }], {})).not.toBe(base);
  });
});
