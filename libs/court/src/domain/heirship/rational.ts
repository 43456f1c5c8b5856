/**
 * An exact fraction (bigint numerator and denominator, always in lowest terms with a positive denominator): heirship
 * shares such as 2/9 must add up to exactly 1, which no floating-point number promises.
 */
export class Rational {
  static readonly ZERO = new Rational(0n, 1n);
  static readonly ONE = new Rational(1n, 1n);

  private constructor(
    readonly numerator: bigint,
    readonly denominator: bigint,
  ) {}

  static of(numerator: bigint | number, denominator: bigint | number = 1n): Rational {
    let top = BigInt(numerator);
    let bottom = BigInt(denominator);
    if (bottom === 0n) throw new RangeError('a fraction cannot have a zero denominator');
    if (bottom < 0n) {
      top = -top;
      bottom = -bottom;
    }
    const divisor = greatestCommonDivisor(top < 0n ? -top : top, bottom);
    return new Rational(top / divisor, bottom / divisor);
  }

  /** `"3/4"` or `"2"`; anything else throws. */
  static parse(text: string): Rational {
    const match = /^(-?\d+)(?:\/(\d+))?$/.exec(text.trim());
    if (!match) throw new RangeError(`not a fraction: ${text}`);
    return Rational.of(BigInt(match[1]), BigInt(match[2] ?? '1'));
  }

  plus(other: Rational): Rational {
    return Rational.of(this.numerator * other.denominator + other.numerator * this.denominator, this.denominator * other.denominator);
  }

  minus(other: Rational): Rational {
    return Rational.of(this.numerator * other.denominator - other.numerator * this.denominator, this.denominator * other.denominator);
  }

  times(other: Rational | bigint): Rational {
    const factor = typeof other === 'bigint' ? Rational.of(other) : other;
    return Rational.of(this.numerator * factor.numerator, this.denominator * factor.denominator);
  }

  dividedBy(other: Rational | bigint): Rational {
    const divisor = typeof other === 'bigint' ? Rational.of(other) : other;
    if (divisor.numerator === 0n) throw new RangeError('division by zero');
    return Rational.of(this.numerator * divisor.denominator, this.denominator * divisor.numerator);
  }

  compare(other: Rational): -1 | 0 | 1 {
    const difference = this.numerator * other.denominator - other.numerator * this.denominator;
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
  }

  equals(other: Rational): boolean {
    return this.numerator === other.numerator && this.denominator === other.denominator;
  }

  isZero(): boolean {
    return this.numerator === 0n;
  }

  isNegative(): boolean {
    return this.numerator < 0n;
  }

  static max(first: Rational, ...others: Rational[]): Rational {
    return others.reduce((best, candidate) => (candidate.compare(best) > 0 ? candidate : best), first);
  }

  static min(first: Rational, ...others: Rational[]): Rational {
    return others.reduce((best, candidate) => (candidate.compare(best) < 0 ? candidate : best), first);
  }

  static sum(values: Iterable<Rational>): Rational {
    let total = Rational.ZERO;
    for (const value of values) total = total.plus(value);
    return total;
  }

  /** The nearest integer, halves away from zero (contract-extensions §10.0, as the kernel's money does). */
  roundHalfAwayFromZero(): bigint {
    const magnitude = this.numerator < 0n ? -this.numerator : this.numerator;
    const rounded = (magnitude * 2n + this.denominator) / (this.denominator * 2n);
    return this.numerator < 0n ? -rounded : rounded;
  }

  /** Always `n/d`, also for whole numbers (`1/1`), as contract-extensions §17.3 shows shares. */
  toString(): string {
    return `${this.numerator}/${this.denominator}`;
  }
}

function greatestCommonDivisor(first: bigint, second: bigint): bigint {
  let a = first;
  let b = second;
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
