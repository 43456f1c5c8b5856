const VISIBLE_TRAILING = 4;

/**
 * `123-45-6789` → `*******6789`. A value of four characters or fewer is masked entirely. Characters are Unicode
 * code points: cutting between the two halves of a surrogate pair would leave a lone surrogate, which JSON allows
 * but PostgreSQL's `jsonb` (the events' payloads) refuses.
 */
export function maskSensitive(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const characters = Array.from(value);
  if (characters.length <= VISIBLE_TRAILING) return '*'.repeat(characters.length);
  return '*'.repeat(characters.length - VISIBLE_TRAILING) + characters.slice(-VISIBLE_TRAILING).join('');
}
