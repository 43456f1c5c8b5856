const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));
const THREE_DIGITS = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `date.toISOString()`, the same text, about four times faster (issue 7): V8's own takes close to a microsecond on this
 * machine, and every date-time of every row a list sends goes through it. Years outside 1000–9999 (and invalid dates,
 * which throw) are left to `toISOString`.
 */
export function isoString(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString();
  return (
    `${year}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${TWO_DIGITS[date.getUTCDate()]}T` +
    `${TWO_DIGITS[date.getUTCHours()]}:${TWO_DIGITS[date.getUTCMinutes()]}:${TWO_DIGITS[date.getUTCSeconds()]}.${THREE_DIGITS(date.getUTCMilliseconds())}Z`
  );
}
