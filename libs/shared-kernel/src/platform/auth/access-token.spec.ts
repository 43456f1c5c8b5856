import { createHash } from 'node:crypto';
import { bearerTokenOf, generateAccessToken, hashAccessToken, looksLikeAccessToken, sameHash, TOKEN_PREFIX } from './access-token';

describe('generateAccessToken', () => {
  it('is edk_ followed by 43 base64url characters (32 random bytes)', () => {
    const token = generateAccessToken();
    expect(TOKEN_PREFIX).toBe('edk_');
    expect(token).toMatch(/^edk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(32);
    expect(looksLikeAccessToken(token)).toBe(true);
  });

  it('never repeats', () => {
    const tokens = new Set(Array.from({ length: 500 }, () => generateAccessToken()));
    expect(tokens.size).toBe(500);
  });
});

describe('looksLikeAccessToken', () => {
  it.each([
    ['no prefix', 'A'.repeat(43)],
    ['another prefix', `edx_${'A'.repeat(43)}`],
    ['too short', `edk_${'A'.repeat(42)}`],
    ['too long', `edk_${'A'.repeat(44)}`],
    ['non base64url characters', `edk_${'A'.repeat(42)}+`],
    ['upper-case prefix', `EDK_${'A'.repeat(43)}`],
  ])('rejects %s', (_label, token) => {
    expect(looksLikeAccessToken(token)).toBe(false);
  });
});

describe('hashAccessToken', () => {
  it('is the SHA-256 of the token as 64 lower-case hex characters', () => {
    const token = generateAccessToken();
    const hash = hashAccessToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashAccessToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('differs between tokens', () => {
    expect(hashAccessToken(generateAccessToken())).not.toBe(hashAccessToken(generateAccessToken()));
  });
});

describe('sameHash', () => {
  it('is true for equal hashes and false otherwise', () => {
    const a = hashAccessToken('token-a');
    const b = hashAccessToken('token-b');
    expect(sameHash(a, a)).toBe(true);
    expect(sameHash(a, `${a}`)).toBe(true);
    expect(sameHash(a, b)).toBe(false);
  });

  it('is false (and does not throw) for hashes of different length', () => {
    const a = hashAccessToken('token-a');
    expect(sameHash(a, a.slice(0, 62))).toBe(false);
    expect(sameHash(a, '')).toBe(false);
  });
});

describe('bearerTokenOf', () => {
  const token = `edk_${'a'.repeat(43)}`;

  it('extracts the token of a Bearer header', () => {
    expect(bearerTokenOf(`Bearer ${token}`)).toBe(token);
  });

  it('accepts the scheme in any case', () => {
    expect(bearerTokenOf(`bearer ${token}`)).toBe(token);
    expect(bearerTokenOf(`BEARER ${token}`)).toBe(token);
  });

  it('accepts more than one space between scheme and token (RFC 6750: "Bearer" 1*SP b64token)', () => {
    expect(bearerTokenOf(`Bearer  ${token}`)).toBe(token);
    expect(bearerTokenOf(`Bearer   ${token}`)).toBe(token);
  });

  it('is undefined for a missing or empty header', () => {
    expect(bearerTokenOf(undefined)).toBeUndefined();
    expect(bearerTokenOf('')).toBeUndefined();
  });

  it('is undefined for other schemes', () => {
    expect(bearerTokenOf(`Basic ${Buffer.from('u:p').toString('base64')}`)).toBeUndefined();
    expect(bearerTokenOf(`Token ${token}`)).toBeUndefined();
    expect(bearerTokenOf(`Bearer${token}`)).toBeUndefined();
  });

  it('is undefined without a token or with more than one', () => {
    expect(bearerTokenOf('Bearer')).toBeUndefined();
    expect(bearerTokenOf('Bearer ')).toBeUndefined();
    expect(bearerTokenOf(`Bearer ${token} extra`)).toBeUndefined();
    expect(bearerTokenOf(token)).toBeUndefined();
  });
});
