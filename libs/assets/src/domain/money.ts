import { type Cents, centsOf } from '@estate/shared-kernel/domain';

/** An amount as JSON gives it (at most two decimals) or as PostgreSQL `numeric` text; summed as integer cents. */
export type Money = number | string;
/** A percentage, 0–100, with any number of decimals; used exactly. */
export type Percentage = number | string;

/** An amount in cents, an unset one counting 0 (a sum's missing term). */
export const centsOr0 = (value: Money | null | undefined): Cents => centsOf(value ?? null) ?? 0n;

/** `a / b` for integers, rounded half away from zero (contract-extensions §10.0, §16.1). */
export function divideRoundingHalfAway(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const [n, d] = [numerator < 0n ? -numerator : numerator, denominator < 0n ? -denominator : denominator];
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A percentage as an exact fraction `{numerator, denominator}` of 100: `33.333` → 33333 / 1000. */
function exactPercentage(percentage: Percentage): { numerator: bigint; denominator: bigint } {
  const text = typeof percentage === 'number' ? (Number.isInteger(percentage) ? String(percentage) : percentage.toFixed(10)) : percentage.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`not a percentage: ${text}`);
  const [, whole, fraction = ''] = match;
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

/**
 * The one product of the account (§16.1): a share of a value, `value × percentage / 100`, rounded half away from zero
 * to the cent. `null` percentage reads as 100 (§12.4's default for a sole owner).
 */
export function shareOf(value: Cents, percentage: Percentage | null): Cents {
  if (percentage === null) return value;
  const { numerator, denominator } = exactPercentage(percentage);
  return divideRoundingHalfAway(value * numerator, 100n * denominator);
}
