import type { ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';

/** What a storage answers for one hit. @nestjs/throttler exports the interface only from a file of dist/, not its root. */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The per-organization counters of the tier rate limit (contract §6: a fixed one-minute window), with the same
 * semantics in memory and in Redis: the first hit opens a window of `ttl`; a hit beyond `limit` blocks the key for
 * `blockDuration` (the window then lasts as long as the block); the first hit after the window starts a fresh one.
 *
 * They replace @nestjs/throttler's in-memory storage, which arms one timer per request (60,000 live timers at
 * 1,000 req/s, each filtering an array of them when it fires), and the Redis storage of @nest-lab, which sends its
 * whole Lua script with every request (`EVAL`) instead of its digest (`EVALSHA`).
 */
export class FixedWindowMemoryStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, { hits: number; expiresAt: number; blockedUntil: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    // Expired windows are dropped now and then, so organizations that stopped calling cost no memory.
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const now = Date.now();
    const id = `${key}:${throttlerName}`;
    let window = this.windows.get(id);
    if (!window || window.expiresAt <= now) {
      window = { hits: 0, expiresAt: now + ttl, blockedUntil: 0 };
      this.windows.set(id, window);
    }
    window.hits += 1;
    if (window.blockedUntil === 0 && window.hits > limit) window.expiresAt = window.blockedUntil = now + blockDuration;
    const isBlocked = window.blockedUntil !== 0;
    return {
      totalHits: window.hits,
      timeToExpire: Math.ceil((window.expiresAt - now) / 1000),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((window.blockedUntil - now) / 1000) : 0,
    };
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, window] of this.windows) {
      if (window.expiresAt <= now) this.windows.delete(id);
    }
  }
}

/** One round trip, the script sent by digest: the same rules as FixedWindowMemoryStorage, shared by every process. */
const FIXED_WINDOW_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
local blocked = redis.call('PTTL', KEYS[2])
if blocked < 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], 1, 'PX', ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  blocked = tonumber(ARGV[3])
  ttl = blocked
elseif blocked < 0 then
  blocked = 0
end
return { hits, ttl, blocked }`;

type FixedWindowRedis = Redis & { estateFixedWindow(hitKey: string, blockKey: string, ttl: number, limit: number, block: number): Promise<[number, number, number]> };

/**
 * A request must never wait on Redis (contract §9): ioredis's defaults queue commands while disconnected and retry each
 * 20 times, which turned an outage into 10–40 s answers. Here a command fails at once while the connection is down (no
 * offline queue, no retry of a command), after `commandTimeout` when Redis hangs, and reconnection goes on in the
 * background at most every two seconds.
 */
export const REDIS_CONNECTION_OPTIONS = {
  enableAutoPipelining: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 1_000,
  commandTimeout: 500,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 2_000),
} as const;

export class FixedWindowRedisStorage implements ThrottlerStorage {
  private readonly redis: FixedWindowRedis;

  constructor(url: string) {
    this.redis = new Redis(url, REDIS_CONNECTION_OPTIONS) as FixedWindowRedis;
    this.redis.defineCommand('estateFixedWindow', { numberOfKeys: 2, lua: FIXED_WINDOW_SCRIPT });
  }

  /**
   * `ready` / not ready, as ioredis sees the connection. Listening to `error` also keeps ioredis from printing every
   * failed reconnection attempt to stderr.
   */
  onConnectionChange(listener: (ready: boolean) => void): void {
    this.redis.on('ready', () => listener(true));
    this.redis.on('close', () => listener(false));
    this.redis.on('error', () => undefined);
  }

  connected(): boolean {
    return this.redis.status === 'ready';
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    // The hash tag keeps both keys of one organization on one Redis Cluster slot.
    const base = `{${key}:${throttlerName}}`;
    const [hits, ttlMs, blockedMs] = await this.redis.estateFixedWindow(`${base}:hits`, `${base}:blocked`, ttl, limit, blockDuration);
    return {
      totalHits: hits,
      timeToExpire: Math.ceil(ttlMs / 1000),
      isBlocked: blockedMs > 0,
      timeToBlockExpire: Math.ceil(blockedMs / 1000),
    };
  }

  close(): void {
    this.redis.disconnect(false);
  }
}
