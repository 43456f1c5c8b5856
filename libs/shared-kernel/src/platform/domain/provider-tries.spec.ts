import { nextProviderTry, PROVIDER_TRIES } from './provider-tries';

describe('nextProviderTry', () => {
  const now = new Date('2026-01-01T00:00:00.000Z');

  it('waits 1, 2, 4 and 8 s after the first four failures, then gives up', () => {
    const waits = [1, 2, 3, 4].map((tries) => (nextProviderTry(tries, now)!.getTime() - now.getTime()) / 1000);
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(nextProviderTry(PROVIDER_TRIES, now)).toBeNull();
    expect(nextProviderTry(PROVIDER_TRIES + 1, now)).toBeNull();
  });
});
