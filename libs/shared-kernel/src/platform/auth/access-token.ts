import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_PREFIX = 'edk_';
const TOKEN_PATTERN = /^edk_[A-Za-z0-9_-]{43}$/;

/** An opaque token: `edk_` and 32 random bytes; shown once, stored only as its SHA-256 (contract §2). */
export function generateAccessToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashAccessToken(token: string): string {
  // The one-shot digest: every authenticated request hashes its token (issue 39).
  return hash('sha256', token, 'hex');
}

export function looksLikeAccessToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function sameHash(a: string, b: string): boolean {
  if (!SHA256_HEX.test(a) || !SHA256_HEX.test(b)) return false;
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `Authorization: Bearer <token>` → the token, or undefined when the header is missing or malformed. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  const match = /^Bearer +([^\s]+)$/i.exec(header ?? '');
  return match?.[1];
}
