import { PreconditionFailedError } from '../../platform/errors/domain-error';
import { assertIfMatch, etagOfBody, etagOfVersion, ifNoneMatchHits } from './etag';

describe('etagOfVersion', () => {
  it('is a strong, quoted tag (no W/ prefix)', () => {
    const tag = etagOfVersion('case', '01HZX0000000000000000000AA', 1);
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(tag.startsWith('W/')).toBe(false);
  });

  it('is stable for the same kind, id and version', () => {
    expect(etagOfVersion('case', 'id-1', 3)).toBe(etagOfVersion('case', 'id-1', 3));
  });

  it('changes when the version changes', () => {
    expect(etagOfVersion('case', 'id-1', 1)).not.toBe(etagOfVersion('case', 'id-1', 2));
  });

  it('differs between resources of another kind or id', () => {
    expect(etagOfVersion('case', 'id-1', 1)).not.toBe(etagOfVersion('person', 'id-1', 1));
    expect(etagOfVersion('case', 'id-1', 1)).not.toBe(etagOfVersion('case', 'id-2', 1));
  });
});

describe('etagOfBody', () => {
  it('is strong and changes with the body', () => {
    const a = etagOfBody({ data: [1] });
    expect(a).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOfBody({ data: [1] })).toBe(a);
    expect(etagOfBody({ data: [2] })).not.toBe(a);
  });
});

describe('ifNoneMatchHits', () => {
  const current = etagOfVersion('case', 'id-1', 7);
  const other = etagOfVersion('case', 'id-1', 6);

  it('is false without a header', () => {
    expect(ifNoneMatchHits(undefined, current)).toBe(false);
    expect(ifNoneMatchHits('', current)).toBe(false);
  });

  it('hits on the exact current tag', () => {
    expect(ifNoneMatchHits(current, current)).toBe(true);
  });

  it('misses on another tag', () => {
    expect(ifNoneMatchHits(other, current)).toBe(false);
  });

  it('hits on * for an existing resource', () => {
    expect(ifNoneMatchHits('*', current)).toBe(true);
  });

  it('hits when any tag of a list matches, with or without spaces', () => {
    expect(ifNoneMatchHits(`${other}, ${current}`, current)).toBe(true);
    expect(ifNoneMatchHits(`${other},${current}`, current)).toBe(true);
    expect(ifNoneMatchHits(`${other}, "nope"`, current)).toBe(false);
  });

  it('uses weak comparison: a W/ tag with the same opaque value hits', () => {
    expect(ifNoneMatchHits(`W/${current}`, current)).toBe(true);
    expect(ifNoneMatchHits(`W/${other}, W/${current}`, current)).toBe(true);
    expect(ifNoneMatchHits(`W/${other}`, current)).toBe(false);
  });
});

describe('assertIfMatch', () => {
  const current = etagOfVersion('case', 'id-1', 7);
  const other = etagOfVersion('case', 'id-1', 6);

  it('passes when the header is absent', () => {
    expect(() => assertIfMatch(undefined, current)).not.toThrow();
  });

  it('passes on * and on the current tag', () => {
    expect(() => assertIfMatch('*', current)).not.toThrow();
    expect(() => assertIfMatch(current, current)).not.toThrow();
  });

  it('passes when one tag of a list matches', () => {
    expect(() => assertIfMatch(`${other}, ${current}`, current)).not.toThrow();
  });

  it('throws PreconditionFailedError on a mismatch', () => {
    let thrown: unknown;
    try {
      assertIfMatch(other, current);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PreconditionFailedError);
    expect((thrown as PreconditionFailedError).code).toBe('precondition_failed');
  });

  it('never matches a weak tag (strong comparison)', () => {
    expect(() => assertIfMatch(`W/${current}`, current)).toThrow(PreconditionFailedError);
  });

  it('throws when no tag of a list matches', () => {
    expect(() => assertIfMatch(`${other}, "abc"`, current)).toThrow(PreconditionFailedError);
  });
});
