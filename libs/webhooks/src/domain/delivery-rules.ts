/** Contract §14.5–§14.6: what an attempt's outcome means and when the next one comes. */

export const ATTEMPT_ERRORS = ['timeout', 'connection_error', 'redirect', 'http_status', 'destination_not_allowed'] as const;
export type AttemptError = (typeof ATTEMPT_ERRORS)[number];

/** One attempt as the delivery log shows it. */
export interface DeliveryAttempt {
  attempted_at: string;
  response_status: number | null;
  duration_ms: number;
  error: AttemptError | null;
}

/** What one POST to a receiver came to (the sender's answer, before any rule). */
export interface SendResult {
  status: number | null;
  error: Exclude<AttemptError, 'http_status' | 'redirect'> | null;
  durationMs: number;
  /** `Retry-After` as sent, if any. */
  retryAfter?: string;
}

export type AttemptVerdict = { kind: 'succeeded' } | { kind: 'gone' } | { kind: 'failed'; error: AttemptError };

/** Success is a 2xx; a 3xx is a `redirect` (never followed); `410` disables the endpoint; anything else fails. */
export function verdictOf(result: SendResult): AttemptVerdict {
  if (result.error !== null || result.status === null) return { kind: 'failed', error: result.error ?? 'connection_error' };
  if (result.status >= 200 && result.status < 300) return { kind: 'succeeded' };
  if (result.status === 410) return { kind: 'gone' };
  if (result.status >= 300 && result.status < 400) return { kind: 'failed', error: 'redirect' };
  return { kind: 'failed', error: 'http_status' };
}

export const MAX_RETRY_AFTER_SECONDS = 24 * 60 * 60;
const JITTER = 0.1;

/** `Retry-After` in seconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, now: Date): number | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

/**
 * The delay before the next attempt after `attemptsMade` attempts failed, in milliseconds, or undefined when the
 * schedule is spent (the delivery is then `failed`). Each delay has ±10 % jitter (`random` in [0, 1)); a longer
 * `Retry-After` on 429 or 503 is honoured, up to 24 hours.
 */
export function nextRetryDelayMs(
  schedule: readonly number[],
  attemptsMade: number,
  result: Pick<SendResult, 'status' | 'retryAfter'>,
  now: Date,
  random: () => number = Math.random,
): number | undefined {
  if (attemptsMade < 1 || attemptsMade > schedule.length) return undefined;
  const base = schedule[attemptsMade - 1] * 1000;
  let delay = Math.round(base * (1 - JITTER + 2 * JITTER * random()));
  if (result.status === 429 || result.status === 503) {
    const asked = retryAfterSeconds(result.retryAfter, now);
    if (asked !== undefined) delay = Math.max(delay, Math.min(asked, MAX_RETRY_AFTER_SECONDS) * 1000);
  }
  return delay;
}
