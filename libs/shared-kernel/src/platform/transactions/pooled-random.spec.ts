import { decodeTime, monotonicFactory, ulid } from 'ulid';
import { pooledRandom } from './pooled-random';

describe('pooledRandom', () => {
  it('stays in [0, 1) and spreads evenly over the 32 characters of a ULID', () => {
    const counts = new Array<number>(32).fill(0);
    const draws = 32 * 2000;
    for (let i = 0; i < draws; i++) {
      const value = pooledRandom();
      expect(value >= 0 && value < 1).toBe(true);
      counts[Math.floor(value * 32)]++;
    }
    for (const count of counts) expect(Math.abs(count - 2000)).toBeLessThan(300);
  });

  it('makes valid, distinct, time-ordered ULIDs', () => {
    const next = monotonicFactory(pooledRandom);
    const ids = Array.from({ length: 5000 }, () => next());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    const one = ulid(undefined, pooledRandom);
    expect(one).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(Math.abs(decodeTime(one) - Date.now())).toBeLessThan(5000);
  });
});
