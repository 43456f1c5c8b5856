import { ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerOptions, InjectThrottlerStorage, ThrottlerGuard, ThrottlerModuleOptions, ThrottlerRequest, ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../auth/principal';
import { AppConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';
import { clientAddressOf } from './client-address';

export class RateLimitExceededError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('rate_limit_exceeded', `Rate limit exceeded; retry after ${retryAfterSeconds} seconds (see X-RateLimit-Reset).`);
  }
}

/** The per-address window of a route without `Authorization` (contract-extensions §13.4); see `PerAddressLimit`. */
export type AddressWindow = 'invitations' | 'downloads';
const ADDRESS_WINDOW = 'estate:address-window';

/**
 * Counts a public route's requests per client address in the named window (shared by the routes that name it), in the
 * same storage as the tiers (Redis when set); past the window's limit (`INVITATION_RATE_LIMIT` for `invitations`,
 * `DOWNLOAD_RATE_LIMIT` for `downloads`) the
 * route answers `429 rate_limit_exceeded`. A public route without it is not counted.
 */
export const PerAddressLimit = (window: AddressWindow) => SetMetadata(ADDRESS_WINDOW, window);

/**
 * Per-organization limits by tier (Pro 300/min, Enterprise 1,000/min), counted by @nestjs/throttler's storage —
 * Redis when REDIS_URL is set, so every API process shares one count. Sends the X-RateLimit-* headers (Reset as
 * Unix epoch seconds) and the IETF draft's RateLimit-Policy/RateLimit on every authenticated response (contract §6).
 */
@Injectable()
export class TierThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly config: AppConfig,
  ) {
    super(options, storage, reflector);
  }

  /**
   * One throttler, no per-route overrides (no route uses @Throttle or @SkipThrottle): the base class's six metadata
   * look-ups per request are skipped; public routes (no principal) are not counted.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!context.switchToHttp().getRequest<AuthenticatedRequest>().principal) return this.perAddress(context);
    return this.handleRequest({ context } as ThrottlerRequest);
  }

  /** Windows of public handlers, looked up once per handler. */
  private readonly addressWindows = new WeakMap<object, AddressWindow | null>();

  private async perAddress(context: ExecutionContext): Promise<boolean> {
    const handler = context.getHandler();
    let window = this.addressWindows.get(handler);
    if (window === undefined) {
      window = this.reflector.getAllAndOverride<AddressWindow | undefined>(ADDRESS_WINDOW, [handler, context.getClass()]) ?? null;
      this.addressWindows.set(handler, window);
    }
    const limit = window === 'invitations' ? this.config.invitationRateLimit : window === 'downloads' ? this.config.downloadRateLimit : 0;
    if (window === null || limit <= 0) return true;
    const http = context.switchToHttp();
    const res = http.getResponse<Response>();
    const windowMs = this.config.rateLimitWindowMs;
    const state = await this.storageService.increment(`ratelimit:${window}:${clientAddressOf(http.getRequest<Request>())}`, windowMs, limit, windowMs, 'address');
    const secondsToReset = Math.max(0, state.isBlocked ? state.timeToBlockExpire : state.timeToExpire);
    sendRateLimitHeaders(res, { policy: window, limit, windowSeconds: Math.round(windowMs / 1000), hits: state.totalHits, secondsToReset });
    if (state.isBlocked) {
      res.setHeader('Retry-After', Math.max(1, secondsToReset));
      throw new RateLimitExceededError(Math.max(1, secondsToReset));
    }
    return true;
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return !context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const http = request.context.switchToHttp();
    const principal = http.getRequest<Request & AuthenticatedRequest>().principal!;
    const res = http.getResponse<Response>();
    // A guest (contract-extensions §13.1) has a window of its own, of the `pro` size, keyed by the user.
    const limit = this.config.rateLimits[principal.tier ?? 'pro'];
    const windowMs = this.config.rateLimitWindowMs;
    const windowSeconds = Math.round(windowMs / 1000);
    const state = await this.storageService.increment(principal.organizationId === null ? `ratelimit:guest:${principal.userId}` : `ratelimit:${principal.organizationId}`, windowMs, limit, windowMs, 'tier');
    const secondsToReset = Math.max(0, state.isBlocked ? state.timeToBlockExpire : state.timeToExpire);
    sendRateLimitHeaders(res, { policy: 'minute', limit, windowSeconds, hits: state.totalHits, secondsToReset });
    if (state.isBlocked) {
      res.setHeader('Retry-After', Math.max(1, secondsToReset));
      throw new RateLimitExceededError(Math.max(1, secondsToReset));
    }
    return true;
  }
}

/** The X-RateLimit-* headers (Reset as Unix epoch seconds) and the IETF draft's RateLimit-Policy/RateLimit. */
export function sendRateLimitHeaders(res: Response, window: { policy: string; limit: number; windowSeconds: number; hits: number; secondsToReset: number }): void {
  const remaining = Math.max(0, window.limit - window.hits);
  res.setHeader('X-RateLimit-Limit', window.limit);
  res.setHeader('X-RateLimit-Remaining', remaining);
  res.setHeader('X-RateLimit-Reset', Math.ceil(Date.now() / 1000) + window.secondsToReset);
  res.setHeader('RateLimit-Policy', `"${window.policy}";q=${window.limit};w=${window.windowSeconds}`);
  res.setHeader('RateLimit', `"${window.policy}";r=${remaining};t=${window.secondsToReset}`);
}
