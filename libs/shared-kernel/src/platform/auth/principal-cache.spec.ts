import { FixedClock } from '../clock/clock';
import type { InvalidationFeed, InvalidationSubscriber } from '../invalidation/invalidation-feed';
import { PRINCIPALS_CHANGED, UNKNOWN_TOKEN_TTL_MS, UnknownTokenCache } from './principal-cache';

describe('UnknownTokenCache', () => {
  const setup = () => {
    let subscriber: InvalidationSubscriber | undefined;
    const feed = { trusted: false, subscribe: (s: InvalidationSubscriber) => (subscriber = s) } as unknown as InvalidationFeed;
    const clock = new FixedClock(new Date('2026-12-02T10:00:00Z'));
    const cache = new UnknownTokenCache(feed, clock);
    return { cache, clock, subscriber: () => subscriber! };
  };

  it('answers "unknown" for the TTL by the kernel clock, whether the invalidation feed listens or not (issue 33, item 9)', () => {
    const { cache, clock, subscriber } = setup();
    cache.remember('hash', 'revoked');
    subscriber().distrust();
    expect(cache.refusalOf('hash')).toBe('revoked');
    clock.advance(UNKNOWN_TOKEN_TTL_MS - 1);
    expect(cache.refusalOf('hash')).toBe('revoked');
    clock.advance(1);
    expect(cache.refusalOf('hash')).toBeUndefined();
  });

  it('forgets everything when tokens, users or organizations change', () => {
    const { cache, subscriber } = setup();
    cache.remember('hash', 'revoked');
    subscriber().invalidate('case:01J0000000000000000000000A');
    expect(cache.refusalOf('hash')).toBe('revoked');
    subscriber().invalidate(PRINCIPALS_CHANGED);
    expect(cache.refusalOf('hash')).toBeUndefined();
  });
});
