import fc from 'fast-check';
import { isoString } from './iso-date';

describe('isoString', () => {
  it('writes exactly what toISOString writes, for any valid date', () => {
    fc.assert(
      // A plain predicate: an expect() per run would cost more than the function it checks, twenty thousand times.
      fc.property(fc.date({ noInvalidDate: true }), (date) => isoString(date) === date.toISOString()),
      { numRuns: 20_000 },
    );
  });

  it('writes the edges of the fast range and the years beyond it the same way', () => {
    for (const text of ['1000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '0999-12-31T23:59:59.999Z', '+010000-01-01T00:00:00.000Z', '2026-02-28T09:05:03.007Z']) {
      const date = new Date(text);
      expect(isoString(date)).toBe(date.toISOString());
    }
  });

  it('throws for an invalid date, as toISOString does', () => {
    expect(() => isoString(new Date(Number.NaN))).toThrow(RangeError);
  });
});
