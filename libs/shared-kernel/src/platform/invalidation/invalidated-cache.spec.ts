import { InvalidatedCache } from './invalidated-cache';
import type { InvalidationSubscriber } from './invalidation-feed';

/** A stand-in for the LISTEN connection: tests decide when it listens, drops and notifies. */
class FakeFeed {
  trusted = true;
  private readonly subscribers: InvalidationSubscriber[] = [];
  subscribe(subscriber: InvalidationSubscriber): void {
    this.subscribers.push(subscriber);
  }
  notify(payload: string): void {
    for (const subscriber of this.subscribers) subscriber.invalidate(payload);
  }
  /** What InvalidationFeed does when its connection errors, ends or misses a heartbeat. */
  drop(): void {
    this.trusted = false;
    for (const subscriber of this.subscribers) subscriber.distrust();
  }
  reconnect(): void {
    for (const subscriber of this.subscribers) subscriber.distrust();
    this.trusted = true;
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('InvalidatedCache', () => {
  let feed: FakeFeed;
  let cache: InvalidatedCache<string>;
  let loads: number;
  const load = (value: string | undefined) => async () => {
    loads++;
    return value;
  };

  beforeEach(() => {
    feed = new FakeFeed();
    cache = new InvalidatedCache<string>(feed, { maxEntries: 3, keyOf: (payload) => (payload === 'all' ? 'all' : payload.startsWith('k:') ? payload.slice(2) : undefined) });
    loads = 0;
  });

  it('loads once, then answers from memory', async () => {
    expect(await cache.through('a', load('org-1'))).toBe('org-1');
    expect(await cache.through('a', load('org-2'))).toBe('org-1');
    expect(loads).toBe(1);
  });

  it('never keeps a negative answer (a token or case may exist a moment later)', async () => {
    expect(await cache.through('a', load(undefined))).toBeUndefined();
    expect(await cache.through('a', load('org-1'))).toBe('org-1');
    expect(loads).toBe(2);
  });

  it('drops the key a notification names, and everything on a notification for all', async () => {
    await cache.through('a', load('1'));
    await cache.through('b', load('2'));
    feed.notify('k:a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('2');
    feed.notify('something-else');
    expect(cache.get('b')).toBe('2');
    feed.notify('all');
    expect(cache.size).toBe(0);
  });

  it('does not store what a lookup read before an invalidation that passed while it ran', async () => {
    const row = deferred<string | undefined>();
    const pending = cache.through('a', () => row.promise);
    feed.notify('k:a'); // e.g. the case was deleted while its row was being read
    row.resolve('stale');
    expect(await pending).toBe('stale');
    expect(cache.get('a')).toBeUndefined();
  });

  it('serves nothing from memory while the feed is not listening, and keeps nothing from before the drop', async () => {
    await cache.through('a', load('1'));
    feed.drop();
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.through('a', load('2'))).toBe('2');
    expect(await cache.through('a', load('3'))).toBe('3'); // every lookup goes to the database meanwhile
    expect(cache.size).toBe(0);
    feed.reconnect();
    expect(await cache.through('a', load('4'))).toBe('4');
    expect(await cache.through('a', load('5'))).toBe('4');
  });

  it('a lookup that began before the connection dropped stores nothing, even if the feed is back when it ends', async () => {
    const row = deferred<string | undefined>();
    const pending = cache.through('a', () => row.promise);
    feed.drop();
    feed.reconnect();
    row.resolve('read-while-deaf');
    await pending;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    for (const key of ['a', 'b', 'c', 'd']) await cache.through(key, load(key));
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBe('d');
  });
});
