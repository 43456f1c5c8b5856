import { FixedClock, SystemClock } from './clock';

describe('Clock', () => {
  it('the system clock reads the current time', () => {
    const before = Date.now();
    const read = new SystemClock().now().getTime();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
  });

  it('a fixed clock stands still, can be set and advanced, and hands out copies', () => {
    const clock = new FixedClock(new Date('2026-03-31T23:30:00.000Z'));
    expect(clock.today()).toBe('2026-03-31');
    clock.now().setUTCFullYear(1999);
    expect(clock.now().toISOString()).toBe('2026-03-31T23:30:00.000Z');
    clock.advance(60 * 60 * 1000);
    expect(clock.today()).toBe('2026-04-01');
    clock.set('2027-01-02T00:00:00Z');
    expect(clock.now().toISOString()).toBe('2027-01-02T00:00:00.000Z');
  });
});
