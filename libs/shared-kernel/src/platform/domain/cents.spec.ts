import { centsOf, centsToNumber } from './cents';

/** The exact parse every sum starts from; amounts of 13 whole digits or fewer take a shortcut through a double. */
describe('centsOf', () => {
  it('reads numeric text and JSON numbers as integer cents', () => {
    expect(centsOf('1234.50')).toBe(123450n);
    expect(centsOf('1234.5')).toBe(123450n);
    expect(centsOf('1234')).toBe(123400n);
    expect(centsOf(' 7.05 ')).toBe(705n);
    expect(centsOf('-0.07')).toBe(-7n);
    expect(centsOf('-0.00')).toBe(0n);
    expect(centsOf(1234.5)).toBe(123450n);
    expect(centsOf(-0.07)).toBe(-7n);
    expect(centsOf(null)).toBeNull();
    expect(centsOf(undefined)).toBeNull();
  });

  it('drops decimals beyond the cent, as it always has', () => {
    expect(centsOf('10.129')).toBe(1012n);
    expect(centsOf('-10.999')).toBe(-1099n);
  });

  it('is exact on both sides of the 13-digit shortcut', () => {
    expect(centsOf('9999999999999.99')).toBe(999999999999999n);
    expect(centsOf('-9999999999999.99')).toBe(-999999999999999n);
    expect(centsOf('10000000000000.01')).toBe(1000000000000001n);
    expect(centsOf('123456789012345678.91')).toBe(12345678901234567891n);
    expect(centsOf('0000000000000000001.10')).toBe(110n);
  });

  it('matches the bigint arithmetic on every cent of a range', () => {
    for (let cents = -100_000; cents <= 100_000; cents += 7) {
      const text = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
      expect(centsOf(text)).toBe(BigInt(cents));
      expect(centsToNumber(centsOf(text) ?? 0n)).toBe(cents / 100);
    }
  });

  it('refuses what is not an amount', () => {
    expect(() => centsOf('12,50')).toThrow('not a money amount');
    expect(() => centsOf('1e3')).toThrow('not a money amount');
  });
});
