import { Rational } from './rational';

describe('Rational', () => {
  it('keeps lowest terms with a positive denominator', () => {
    expect(Rational.of(6n, -8n).toString()).toBe('-3/4');
    expect(Rational.parse('10/4').toString()).toBe('5/2');
    expect(Rational.parse('3').toString()).toBe('3/1');
    expect(Rational.of(0n, 7n).toString()).toBe('0/1');
  });

  it('adds, subtracts, multiplies and divides exactly', () => {
    const third = Rational.of(1n, 3n);
    expect(third.plus(third).plus(third).equals(Rational.ONE)).toBe(true);
    expect(Rational.ONE.minus(Rational.of(2n, 9n)).toString()).toBe('7/9');
    expect(Rational.of(2n, 3n).times(Rational.of(3n, 4n)).toString()).toBe('1/2');
    expect(Rational.of(1n, 2n).dividedBy(3n).toString()).toBe('1/6');
    expect(Rational.sum([Rational.of(1n, 4n), Rational.of(1n, 4n), Rational.of(1n, 2n)]).equals(Rational.ONE)).toBe(true);
  });

  it('compares and picks the larger or smaller', () => {
    expect(Rational.of(1n, 3n).compare(Rational.of(1n, 4n))).toBe(1);
    expect(Rational.max(Rational.of(1n, 3n), Rational.of(1n, 4n), Rational.of(2n, 5n)).toString()).toBe('2/5');
    expect(Rational.min(Rational.of(1n, 3n), Rational.of(1n, 4n)).toString()).toBe('1/4');
  });

  it('rounds halves away from zero', () => {
    expect(Rational.of(5n, 2n).roundHalfAwayFromZero()).toBe(3n);
    expect(Rational.of(-5n, 2n).roundHalfAwayFromZero()).toBe(-3n);
    expect(Rational.of(7n, 3n).roundHalfAwayFromZero()).toBe(2n);
    expect(Rational.of(8n, 3n).roundHalfAwayFromZero()).toBe(3n);
  });

  it('refuses a zero denominator and text that is not a fraction', () => {
    expect(() => Rational.of(1n, 0n)).toThrow(RangeError);
    expect(() => Rational.parse('one half')).toThrow(RangeError);
    expect(() => Rational.ONE.dividedBy(Rational.ZERO)).toThrow(RangeError);
  });
});
