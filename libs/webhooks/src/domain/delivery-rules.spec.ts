import { nextRetryDelayMs, retryAfterSeconds, verdictOf } from './delivery-rules';

const DEFAULT = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];
const now = new Date('2026-11-23T12:00:00.000Z');

describe('delivery rules (contract §14.5–§14.6)', () => {
  it('judges an attempt: 2xx succeeds, 3xx is a redirect, 410 is gone, others fail with their kind', () => {
    expect(verdictOf({ status: 200, error: null, durationMs: 3 })).toEqual({ kind: 'succeeded' });
    expect(verdictOf({ status: 204, error: null, durationMs: 3 })).toEqual({ kind: 'succeeded' });
    expect(verdictOf({ status: 302, error: null, durationMs: 3 })).toEqual({ kind: 'failed', error: 'redirect' });
    expect(verdictOf({ status: 410, error: null, durationMs: 3 })).toEqual({ kind: 'gone' });
    expect(verdictOf({ status: 500, error: null, durationMs: 3 })).toEqual({ kind: 'failed', error: 'http_status' });
    expect(verdictOf({ status: 404, error: null, durationMs: 3 })).toEqual({ kind: 'failed', error: 'http_status' });
    expect(verdictOf({ status: null, error: 'timeout', durationMs: 15000 })).toEqual({ kind: 'failed', error: 'timeout' });
    expect(verdictOf({ status: null, error: 'destination_not_allowed', durationMs: 0 })).toEqual({ kind: 'failed', error: 'destination_not_allowed' });
  });

  it('follows the schedule with ±10 % jitter, then stops after the last retry (10 attempts in all)', () => {
    expect(nextRetryDelayMs(DEFAULT, 1, { status: 500 }, now, () => 0)).toBe(4500);
    expect(nextRetryDelayMs(DEFAULT, 1, { status: 500 }, now, () => 0.999999)).toBeCloseTo(5500, -1);
    expect(nextRetryDelayMs(DEFAULT, 1, { status: 500 }, now, () => 0.5)).toBe(5000);
    expect(nextRetryDelayMs(DEFAULT, 2, { status: 500 }, now, () => 0.5)).toBe(300_000);
    expect(nextRetryDelayMs(DEFAULT, 9, { status: 500 }, now, () => 0.5)).toBe(86_400_000);
    expect(nextRetryDelayMs(DEFAULT, 10, { status: 500 }, now, () => 0.5)).toBeUndefined();
    const total = DEFAULT.reduce((sum, seconds) => sum + seconds, 0);
    expect(Math.round(total / 3600)).toBe(76); // about 3 days and 4 hours (75.6 h)
  });

  it('takes the schedule of WEBHOOK_RETRY_SCHEDULE as given (0,0: three attempts, no wait)', () => {
    expect(nextRetryDelayMs([0, 0], 1, { status: 500 }, now)).toBe(0);
    expect(nextRetryDelayMs([0, 0], 2, { status: 500 }, now)).toBe(0);
    expect(nextRetryDelayMs([0, 0], 3, { status: 500 }, now)).toBeUndefined();
  });

  it('honours a longer Retry-After on 429 and 503, up to 24 hours, and ignores it otherwise', () => {
    expect(nextRetryDelayMs(DEFAULT, 1, { status: 429, retryAfter: '120' }, now, () => 0.5)).toBe(120_000);
    expect(nextRetryDelayMs(DEFAULT, 1, { status: 503, retryAfter: '1' }, now, () => 0.5)).toBe(5000);
    expect(nextRetryDelayMs(DEFAULT, 1, { status: 503, retryAfter: '999999' }, now, () => 0.5)).toBe(86_400_000);
    expect(nextRetryDelayMs(DEFAULT, 1, { status: 500, retryAfter: '120' }, now, () => 0.5)).toBe(5000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 12:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds('garbage', now)).toBeUndefined();
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
  });
});
