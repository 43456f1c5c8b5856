import { FixedWindowMemoryStorage } from './fixed-window.storage';

describe('FixedWindowMemoryStorage', () => {
  let storage: FixedWindowMemoryStorage;
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    storage = new FixedWindowMemoryStorage();
  });
  afterEach(() => {
    storage.close();
    jest.useRealTimers();
  });

  it('counts hits in a window that opens with the first hit', async () => {
    expect(await storage.increment('org', 60_000, 2, 60_000, 'tier')).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
    jest.advanceTimersByTime(10_000);
    expect(await storage.increment('org', 60_000, 2, 60_000, 'tier')).toEqual({ totalHits: 2, timeToExpire: 50, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('blocks beyond the limit for the block duration, then starts a fresh window', async () => {
    await storage.increment('org', 60_000, 1, 60_000, 'tier');
    jest.advanceTimersByTime(30_000);
    const refused = await storage.increment('org', 60_000, 1, 60_000, 'tier');
    expect(refused).toMatchObject({ totalHits: 2, isBlocked: true, timeToBlockExpire: 60 });
    jest.advanceTimersByTime(59_000);
    expect(await storage.increment('org', 60_000, 1, 60_000, 'tier')).toMatchObject({ isBlocked: true, timeToBlockExpire: 1 });
    jest.advanceTimersByTime(1_000);
    expect(await storage.increment('org', 60_000, 1, 60_000, 'tier')).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('counts keys separately and forgets expired windows', async () => {
    await storage.increment('a', 60_000, 5, 60_000, 'tier');
    expect((await storage.increment('b', 60_000, 5, 60_000, 'tier')).totalHits).toBe(1);
    jest.advanceTimersByTime(60_000);
    expect((await storage.increment('a', 60_000, 5, 60_000, 'tier')).totalHits).toBe(1);
  });
});
