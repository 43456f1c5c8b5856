/**
 * Exact money for sums (contract §1: never floating point). Amounts arrive as JSON numbers with at most two decimals
 * (or as `numeric` strings from PostgreSQL) and are summed as integer cents in `bigint`.
 */
export type Cents = bigint;

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/;

/** `1234.5`, `"1234.50"`, `-0.07` → cents. `null`/`undefined` → `null`. Numbers go through their 2-decimal text. */
export function centsOf(value: number | string | null | undefined): Cents | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`not a money amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  // Up to 13 digits of whole units the cents are exact in a double (< 2^53): one bigint made per amount instead of
  // three, which counts when an account reads a ledger of a hundred thousand of them.
  const cents = whole.length <= 13 ? BigInt(Number(whole) * 100 + Number(fraction.padEnd(2, '0'))) : BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

/** Cents as a JSON number (the nearest double prints back as the exact 2-decimal amount within ±999,999,999,999.99). */
export function centsToNumber(cents: Cents): number {
  return Number(cents) / 100;
}

/** Cents as fixed 2-decimal text, e.g. for CSV: `-1234.05`. */
export function centsToText(cents: Cents): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const text = `${absolute / 100n}.${(absolute % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** `numerator / divisor` (divisor > 0) to the nearest integer, halves away from zero (contract-extensions §10.0). */
export function divideRoundingHalfAway(numerator: Cents, divisor: Cents): Cents {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return numerator < 0n ? -rounded : rounded;
}

/** A percentage (at most 2 decimals, e.g. `37.5`) of an amount in cents, rounded half away from zero. */
export function percentageOf(cents: Cents, percentage: number): Cents {
  return divideRoundingHalfAway(cents * (centsOf(percentage) ?? 0n), 10_000n);
}
