import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Logger } from 'pino';
import { FixedWindowMemoryStorage, FixedWindowRedisStorage, ThrottlerStorageRecord } from './fixed-window.storage';

export type RedisState = 'up' | 'down';

/** After a failed call, how long before a background PING asks Redis again (requests meanwhile count in memory). */
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * The rate-limit counters (contract §9): Redis, the counter every process shares, when REDIS_URL is set and Redis
 * answers; the process's own counters whenever it does not. A request never waits on an unreachable Redis: while the
 * connection is not ready, or from a failed call until a background PING (one at a time, at most once a second,
 * and only while requests come) answers again, it is counted in memory. The outage and the recovery are logged once each.
 */
export class SharedCounterStorage implements ThrottlerStorage {
  private readonly local = new FixedWindowMemoryStorage();
  private state: RedisState = 'up';
  private retryAt = 0;
  private probing = false;
  private closing = false;

  constructor(
    private readonly redis: FixedWindowRedisStorage | undefined,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    redis?.onConnectionChange((ready) => (ready ? this.markUp() : this.markDown('connection lost')));
  }

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const redis = this.redis;
    if (!redis || !this.redisUsable()) {
      this.probeInBackground();
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
    return redis.increment(key, ttl, limit, blockDuration, throttlerName).then(
      (record) => {
        this.markUp();
        return record;
      },
      (error: Error) => {
        this.markDown(error.message);
        return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
      },
    );
  }

  /**
   * One PING with the command timeout, for `/healthz`, which must say the truth even when no request came;
   * `undefined` without REDIS_URL (nothing to report).
   */
  async checkRedis(): Promise<RedisState | undefined> {
    if (!this.redis) return undefined;
    if (!this.redis.connected()) {
      this.markDown('not connected');
      return 'down';
    }
    try {
      await this.redis.ping();
      this.markUp();
    } catch (error) {
      this.markDown((error as Error).message);
    }
    return this.state;
  }

  close(): void {
    this.closing = true;
    this.local.close();
    this.redis?.close();
  }

  private redisUsable(): boolean {
    return this.state === 'up' && this.redis!.connected();
  }

  private probeInBackground(): void {
    if (!this.redis || this.probing || !this.redis.connected() || Date.now() < this.retryAt) return;
    this.probing = true;
    void this.checkRedis().finally(() => (this.probing = false));
  }

  private markDown(reason: string): void {
    this.retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
    // Our own disconnection at shutdown is no outage.
    if (this.state === 'down' || this.closing) return;
    this.state = 'down';
    this.logger.warn({ redis: 'down', reason }, 'Redis unreachable: rate limits are counted per process until it is back');
  }

  private markUp(): void {
    if (this.state === 'up') return;
    this.state = 'up';
    // At the outage's level, so whoever sees one line sees the other.
    this.logger.warn({ redis: 'up' }, 'Redis reachable again: rate limits are shared again');
  }
}
