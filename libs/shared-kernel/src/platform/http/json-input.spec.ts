import { isStorableText, jsonInputProblems, MAX_JSON_DEPTH, unstorableCharacterIn } from './json-input';

describe('isStorableText / unstorableCharacterIn', () => {
  it.each(['', 'Ann Lee', 'Zoë Ñandú', 'emoji 😀 is a valid surrogate pair', '\ud83d\ude00', 'tab\tand newline\n', '\u00ff\uffff'])(
    'accepts %j',
    (text) => {
      expect(isStorableText(text)).toBe(true);
      expect(unstorableCharacterIn(text)).toBeUndefined();
    },
  );

  it.each([
    ['a\u0000b', 'a NUL character'],
    ['\u0000', 'a NUL character'],
    ['\ud800', 'an unpaired UTF-16 surrogate'],
    ['a\udc00b', 'an unpaired UTF-16 surrogate'],
    ['\ude00\ud83d', 'an unpaired UTF-16 surrogate'],
    ['x\ud83d', 'an unpaired UTF-16 surrogate'],
  ])('refuses %j: %s', (text, reason) => {
    expect(isStorableText(text)).toBe(false);
    expect(unstorableCharacterIn(text)).toBe(reason);
  });
});

describe('jsonInputProblems', () => {
  it('finds nothing in a clean body', () => {
    expect(jsonInputProblems({ first_name: 'Ann', address: { city: 'Reno', lines: ['1 Main St'] }, count: 3, flag: true, none: null })).toEqual([]);
  });

  it('finds nothing in primitives, null and undefined', () => {
    for (const value of [null, undefined, 1, true, 'text']) expect(jsonInputProblems(value)).toEqual([]);
  });

  it('names each unstorable string by its JSON path, arrays by index', () => {
    const body = JSON.parse('{"a":"ok","deceased":{"first_name":"A\\u0000n"},"types":["x","\\ud800"],"list":[{"v":"\\udc00"}]}');
    expect(jsonInputProblems(body)).toEqual([
      { field: 'deceased.first_name', message: 'deceased.first_name contains a NUL character, which cannot be stored', reason: 'format' },
      { field: 'types.1', message: 'types.1 contains an unpaired UTF-16 surrogate, which cannot be stored', reason: 'format' },
      { field: 'list.0.v', message: 'list.0.v contains an unpaired UTF-16 surrogate, which cannot be stored', reason: 'format' },
    ]);
  });

  it('names a string body as the whole body', () => {
    expect(jsonInputProblems('\u0000')).toEqual([{ field: '', message: 'the body contains a NUL character, which cannot be stored', reason: 'format' }]);
  });

  it('refuses keys that cannot be stored', () => {
    expect(jsonInputProblems(JSON.parse('{"a\\u0000":1}'))).toEqual([{ field: 'a\u0000', message: 'the name of a\u0000 contains a NUL character, which cannot be stored', reason: 'format' }]);
  });

  it('refuses __proto__, constructor and prototype at any depth, as JSON.parse makes them, without touching a prototype', () => {
    const body = JSON.parse(
      '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},"deceased":{"prototype":1,"address":{"__proto__":{"admin":true}}},"items":[{"constructor":1}]}',
    );
    expect(jsonInputProblems(body).map((problem) => problem.field)).toEqual(['__proto__', 'constructor', 'deceased.prototype', 'deceased.address.__proto__', 'items.0.constructor']);
    expect(jsonInputProblems(body)[0].message).toBe('__proto__ is not allowed: "__proto__", "constructor" and "prototype" are reserved names');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
  });

  it('accepts the reserved names as values', () => {
    expect(jsonInputProblems({ note: '__proto__', kinds: ['constructor', 'prototype'] })).toEqual([]);
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels, naming where, and allows ${MAX_JSON_DEPTH}`, () => {
    const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nest(levels - 1) });
    expect(jsonInputProblems(nest(MAX_JSON_DEPTH))).toEqual([]);
    const problems = jsonInputProblems(nest(MAX_JSON_DEPTH + 1));
    expect(problems).toHaveLength(1);
    expect(problems[0].field).toBe(Array(MAX_JSON_DEPTH).fill('a').join('.'));
    expect(problems[0].message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it('walks a very deeply nested value without overflowing the stack', () => {
    const text = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(jsonInputProblems(JSON.parse(text))).toHaveLength(1);
  });

  it('lists at most 50 problems', () => {
    expect(jsonInputProblems(Array.from({ length: 500 }, () => '\u0000'))).toHaveLength(50);
  });
});
