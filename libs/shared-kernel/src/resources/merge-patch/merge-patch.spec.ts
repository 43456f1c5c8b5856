import { applyMergePatch, JsonObject } from './merge-patch';
import { ValidationFailedError } from '../../platform/errors/domain-error';

/** RFC 7396, Appendix A: original, patch, result. */
const RFC_7396_EXAMPLES: Array<[unknown, unknown, unknown]> = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [['a', 'b'], ['c', 'd'], ['c', 'd']],
  [{ a: 'b' }, ['c'], ['c']],
  [{ a: 'foo' }, null, null],
  [{ a: 'foo' }, 'bar', 'bar'],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

describe('applyMergePatch (RFC 7396)', () => {
  it.each(RFC_7396_EXAMPLES)('%j patched with %j gives %j', (original, patch, result) => {
    expect(applyMergePatch(original as JsonObject, patch as JsonObject)).toEqual(result);
  });

  it('does not mutate the target', () => {
    const target = { a: { b: 'c', keep: [1, 2] }, gone: 'x', n: 1 };
    const snapshot = structuredClone(target);
    const result = applyMergePatch(target, { a: { b: 'd', keep: null }, gone: null, n: 2 });
    expect(result).toEqual({ a: { b: 'd' }, n: 2 });
    expect(target).toEqual(snapshot);
    expect(result).not.toBe(target);
    expect(result.a).not.toBe(target.a);
  });

  it('keeps members the patch does not mention', () => {
    expect(applyMergePatch({ first_name: 'Ann', last_name: 'Lee', email: 'a@b.co' }, { email: null })).toEqual({ first_name: 'Ann', last_name: 'Lee' });
  });

  it('removing an absent member is a no-op', () => {
    expect(applyMergePatch({ a: 1 }, { b: null })).toEqual({ a: 1 });
  });
});

describe('applyMergePatch and prototype keys', () => {
  it.each([
    ['{"__proto__":{"admin":true}}', '__proto__'],
    ['{"progress":"done","constructor":{"prototype":{"admin":true}}}', 'constructor'],
    ['{"address":{"prototype":{"admin":true}}}', 'address.prototype'],
  ])('refuses %s with a 422 naming %s and changes nothing', (text, field) => {
    const target = { progress: 'started', address: { city: 'Reno' } };
    let thrown: unknown;
    try {
      applyMergePatch(target, JSON.parse(text));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationFailedError);
    expect((thrown as ValidationFailedError).details?.map((detail) => detail.field)).toEqual([field]);
    expect(target).toEqual({ progress: 'started', address: { city: 'Reno' } });
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
