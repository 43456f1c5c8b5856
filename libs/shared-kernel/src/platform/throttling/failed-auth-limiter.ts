import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthenticationFailures } from '../auth/authentication-failures';
import { AppConfig } from '../config/app-config';
import { SharedCounterStorage } from './shared-counter.storage';
import { DomainError } from '../errors/domain-error';
import { sendRateLimitHeaders } from './tier-throttler.guard';
import { clientAddressOf } from './client-address';

export { clientAddressOf };

export class TooManyFailedAuthenticationsError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('rate_limit_exceeded', `Too many requests from this address failed authentication; retry after ${retryAfterSeconds} seconds.`);
  }
}

/**
 * Failed authentication per client address (contract §2): the failures of one fixed minute are counted (in Redis when
 * it is there, so every process shares the count), and past `AUTH_FAILURE_LIMIT` a failing request answers
 * `429 rate_limit_exceeded` with Retry-After instead of `401` until the minute is over. Only failures are counted:
 * a valid token never reaches this.
 */

@Injectable()
export class FailedAuthLimiter implements AuthenticationFailures {
  /** Addresses this process refused with 429, until their minute ends: their unknown tokens are looked up in batches. */
  private readonly refusedUntil = new Map<string, number>();

  constructor(
    private readonly counters: SharedCounterStorage,
    private readonly config: AppConfig,
  ) {}

  /** Whether this address is past the limit (as far as this process saw), so that its lookups may be gathered. */
  isFlooding(req: Request): boolean {
    const until = this.refusedUntil.get(clientAddressOf(req));
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.refusedUntil.delete(clientAddressOf(req));
    return false;
  }

  /** Counts the failure, then throws `unauthorized`, or the 429 once the address is past the limit. */
  async refuse(req: Request, res: Response, unauthorized: Error): Promise<never> {
    const limit = this.config.authFailureLimit;
    if (limit <= 0) throw unauthorized;
    const windowMs = this.config.rateLimitWindowMs;
    // The storage's own block is not used (its limit is out of reach): the window stays the fixed minute of the first failure.
    const address = clientAddressOf(req);
    const state = await this.counters.increment(`authfail:${address}`, windowMs, Number.MAX_SAFE_INTEGER, windowMs, 'auth');
    const secondsToReset = Math.max(1, state.timeToExpire);
    sendRateLimitHeaders(res, { policy: 'auth-failures', limit, windowSeconds: Math.round(windowMs / 1000), hits: state.totalHits, secondsToReset });
    if (state.totalHits <= limit) throw unauthorized;
    if (this.refusedUntil.size >= 10_000) this.refusedUntil.clear();
    this.refusedUntil.set(address, Date.now() + secondsToReset * 1000);
    res.setHeader('Retry-After', secondsToReset);
    throw new TooManyFailedAuthenticationsError(secondsToReset);
  }
}
