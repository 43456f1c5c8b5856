import type { Logger } from 'pino';
import { ROOT_LOGGER } from '@estate/shared-kernel';
import { overrideEnv } from './support/env';
import { PrivateRedis } from './support/private-redis';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Redis is a shared counter only (contract §9, issue 18): while it is unreachable the API answers at its normal
 * latency and counts rate limits in the process, `/healthz` says `degraded` with `redis: down` (still 200), the
 * outage and the recovery are logged once each. The suite runs its own redis-server and stops it.
 */
describe('Redis outage (issue 18)', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let caller: TestCaller;
  let restoreEnv: () => void;
  let warn: jest.SpyInstance;
  const LIMIT = 8;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    restoreEnv = overrideEnv({ REDIS_URL: redis.url });
    t = await createTestApp({ rateLimits: { pro: LIMIT, enterprise: 1_000 } });
    caller = await t.invite('pro');
    const logger = t.app.get<Logger>(ROOT_LOGGER);
    warn = jest.spyOn(logger, 'warn');
  });
  afterAll(async () => {
    await t?.close();
    restoreEnv?.();
    await redis?.stop();
  });

  const outageLines = () => warn.mock.calls.filter(([, message]) => /Redis unreachable/.test(String(message)));
  const recoveryLines = () => warn.mock.calls.filter(([, message]) => /Redis reachable again/.test(String(message)));

  async function timedList(): Promise<{ status: number; ms: number; remaining: string | undefined; retryAfter: string | undefined }> {
    const started = Date.now();
    const res = await t.http().get('/v1/cases').set(caller.auth);
    return { status: res.status, ms: Date.now() - started, remaining: res.headers['x-ratelimit-remaining'], retryAfter: res.headers['retry-after'] };
  }

  async function waitForHealth(redisState: 'up' | 'down'): Promise<{ status: number; body: unknown }> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const res = await t.http().get('/healthz');
      if (res.body.redis === redisState || Date.now() > deadline) return { status: res.status, body: res.body };
      await new Promise((tick) => setTimeout(tick, 100));
    }
  }

  it('serves at normal latency with per-process rate limits while Redis is down, says degraded, logs once, and recovers', async () => {
    expect(await t.http().get('/healthz').then((res) => [res.status, res.body])).toEqual([200, { status: 'ok', database: 'up', redis: 'up' }]);
    const shared = await timedList();
    expect(shared).toMatchObject({ status: 200, remaining: String(LIMIT - 1) });

    await redis.stop();
    const during: Array<Awaited<ReturnType<typeof timedList>>> = [];
    for (let index = 0; index < LIMIT + 2; index++) during.push(await timedList());
    // Every answer comes at once (the defect: 500 after 10–40 s), with the rate-limit headers of a count kept in the
    // process, which starts afresh: LIMIT answers, then 429 with Retry-After.
    expect(Math.max(...during.map((result) => result.ms))).toBeLessThan(1_000);
    expect(during.map((result) => result.status)).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    expect(during.map((result) => result.remaining)).toEqual([...Array.from({ length: LIMIT }, (_, index) => String(LIMIT - 1 - index)), '0', '0']);
    expect(Number(during[LIMIT].retryAfter)).toBeGreaterThan(0);

    const started = Date.now();
    const health = await t.http().get('/healthz');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect([health.status, health.body]).toEqual([200, { status: 'degraded', database: 'up', redis: 'down' }]);
    expect(outageLines()).toHaveLength(1);
    const logged = JSON.stringify(outageLines());
    expect(logged).not.toMatch(/edk_|ratelimit:/);

    await redis.start();
    expect(await waitForHealth('up')).toEqual({ status: 200, body: { status: 'ok', database: 'up', redis: 'up' } });
    // Back on Redis's count (a new, empty server): the process's count of the outage is no longer used.
    expect(await timedList()).toMatchObject({ status: 200, remaining: String(LIMIT - 1) });
    expect(outageLines()).toHaveLength(1);
    expect(recoveryLines()).toHaveLength(1);
  }, 60_000);

  it('a Redis that hangs (SIGSTOP) costs at most one command timeout, then requests count in the process', async () => {
    const other = await t.invite('enterprise');
    redis.freeze();
    try {
      const times: number[] = [];
      for (let index = 0; index < 10; index++) {
        const started = Date.now();
        const res = await t.http().get('/v1/cases').set(other.auth);
        times.push(Date.now() - started);
        expect(res.status).toBe(200);
        expect(res.headers['x-ratelimit-limit']).toBe('1000');
      }
      expect(Math.max(...times)).toBeLessThan(1_000);
      // One request waits out the command timeout (500 ms); after it, none waits for Redis again.
      expect(times.filter((ms) => ms >= 500).length).toBeLessThanOrEqual(1);
      expect(await waitForHealth('down')).toEqual({ status: 200, body: { status: 'degraded', database: 'up', redis: 'down' } });
    } finally {
      redis.thaw();
    }
    expect(await waitForHealth('up')).toEqual({ status: 200, body: { status: 'ok', database: 'up', redis: 'up' } });
  }, 60_000);
});
