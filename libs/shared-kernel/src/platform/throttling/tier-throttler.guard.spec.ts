import { randomBytes } from 'node:crypto';
import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { Principal } from '../auth/principal';
import { loadAppConfig } from '../config/app-config';
import { statusOfCode } from '../errors/error-status';
import { RateLimitExceededError, TierThrottlerGuard } from './tier-throttler.guard';

class CasesController {
  list(): void {}
}

interface Call {
  context: ExecutionContext;
  headers: Record<string, string | number>;
}

function call(principal?: Principal): Call {
  const headers: Record<string, string | number> = {};
  const res = {
    setHeader: jest.fn((name: string, value: string | number) => {
      headers[name] = value;
    }),
    header: jest.fn((name: string, value: string | number) => {
      headers[name] = value;
    }),
  };
  const req = { principal, headers: {}, ip: '203.0.113.9' };
  const context = {
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res, getNext: () => undefined }),
    getHandler: () => CasesController.prototype.list,
    getClass: () => CasesController,
    getType: () => 'http',
    getArgs: () => [req, res],
    getArgByIndex: (index: number) => [req, res][index],
  } as unknown as ExecutionContext;
  return { context, headers };
}

const pro = (organizationId: string, userId = 'user-1'): Principal => ({ userId, organizationId, tier: 'pro', orgRole: 'owner', collaborations: {} });
const enterprise = (organizationId: string, userId = 'user-1'): Principal => ({ userId, organizationId, tier: 'enterprise', orgRole: 'owner', collaborations: {} });

describe('TierThrottlerGuard', () => {
  let storage: ThrottlerStorageService;
  let guard: TierThrottlerGuard;

  beforeEach(async () => {
    storage = new ThrottlerStorageService();
    const config = loadAppConfig({}, { databaseUrl: 'postgres://unused', fieldEncryptionKey: randomBytes(32), rateLimits: { pro: 2, enterprise: 4 } });
    guard = new TierThrottlerGuard({ throttlers: [{ name: 'tier', ttl: config.rateLimitWindowMs, limit: config.rateLimits.pro }] }, storage, new Reflector(), config);
    await guard.onModuleInit();
  });

  afterEach(() => {
    storage.onApplicationShutdown();
  });

  async function refusalOf(principal: Principal): Promise<{ error: unknown; headers: Call['headers'] }> {
    const { context, headers } = call(principal);
    try {
      await guard.canActivate(context);
    } catch (error) {
      return { error, headers };
    }
    throw new Error('expected the request to be rate limited');
  }

  it('skips requests without a principal (public routes) and sets no headers', async () => {
    const { context, headers } = call(undefined);
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(headers).toEqual({});
  });

  it('sends X-RateLimit-* and the IETF RateLimit headers on an allowed request', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { context, headers } = call(pro('org-a'));
    await expect(guard.canActivate(context)).resolves.toBe(true);
    const after = Math.ceil(Date.now() / 1000);

    expect(Number(headers['X-RateLimit-Limit'])).toBe(2);
    expect(Number(headers['X-RateLimit-Remaining'])).toBe(1);
    const reset = Number(headers['X-RateLimit-Reset']);
    expect(reset).toBeGreaterThanOrEqual(before + 59);
    expect(reset).toBeLessThanOrEqual(after + 61);
    expect(headers['RateLimit-Policy']).toBe('"minute";q=2;w=60');
    expect(headers['RateLimit']).toMatch(/^"minute";r=1;t=(59|60)$/);
    expect(headers['Retry-After']).toBeUndefined();
  });

  it('counts down the remaining requests', async () => {
    const first = call(pro('org-a'));
    await guard.canActivate(first.context);
    const second = call(pro('org-a'));
    await guard.canActivate(second.context);
    expect(Number(first.headers['X-RateLimit-Remaining'])).toBe(1);
    expect(Number(second.headers['X-RateLimit-Remaining'])).toBe(0);
    expect(second.headers['RateLimit']).toMatch(/^"minute";r=0;t=\d+$/);
  });

  it('refuses the request over the limit with rate_limit_exceeded and Retry-After', async () => {
    await guard.canActivate(call(pro('org-a')).context);
    await guard.canActivate(call(pro('org-a')).context);
    const { error, headers } = await refusalOf(pro('org-a'));

    expect(error).toBeInstanceOf(RateLimitExceededError);
    expect((error as RateLimitExceededError).code).toBe('rate_limit_exceeded');
    expect(statusOfCode((error as RateLimitExceededError).code)).toBe(429);
    const retryAfter = Number(headers['Retry-After']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Number(headers['X-RateLimit-Limit'])).toBe(2);
    expect(Number(headers['X-RateLimit-Remaining'])).toBe(0);
    expect(Number(headers['X-RateLimit-Reset'])).toBeGreaterThan(Date.now() / 1000);
    expect(headers['RateLimit']).toBe(`"minute";r=0;t=${retryAfter}`);
  });

  it('keeps refusing while the window lasts', async () => {
    for (let i = 0; i < 2; i++) await guard.canActivate(call(pro('org-a')).context);
    await expect(guard.canActivate(call(pro('org-a')).context)).rejects.toBeInstanceOf(RateLimitExceededError);
    await expect(guard.canActivate(call(pro('org-a')).context)).rejects.toBeInstanceOf(RateLimitExceededError);
  });

  it('counts organizations separately', async () => {
    for (let i = 0; i < 2; i++) await guard.canActivate(call(pro('org-a')).context);
    await expect(guard.canActivate(call(pro('org-a')).context)).rejects.toBeInstanceOf(RateLimitExceededError);

    const other = call(pro('org-b'));
    await expect(guard.canActivate(other.context)).resolves.toBe(true);
    expect(Number(other.headers['X-RateLimit-Remaining'])).toBe(1);
  });

  it('counts all users of one organization together', async () => {
    await guard.canActivate(call(pro('org-a', 'alice')).context);
    await guard.canActivate(call(pro('org-a', 'bob')).context);
    await expect(guard.canActivate(call(pro('org-a', 'carol')).context)).rejects.toBeInstanceOf(RateLimitExceededError);
  });

  it('gives enterprise organizations their higher limit', async () => {
    for (let i = 0; i < 4; i++) {
      const { context, headers } = call(enterprise('org-e'));
      await expect(guard.canActivate(context)).resolves.toBe(true);
      expect(Number(headers['X-RateLimit-Limit'])).toBe(4);
      expect(Number(headers['X-RateLimit-Remaining'])).toBe(3 - i);
      expect(headers['RateLimit-Policy']).toBe('"minute";q=4;w=60');
    }
    const { error } = await refusalOf(enterprise('org-e'));
    expect(error).toBeInstanceOf(RateLimitExceededError);
  });

  it('gives pro organizations the pro limit, not the enterprise one', async () => {
    for (let i = 0; i < 2; i++) await guard.canActivate(call(pro('org-p')).context);
    const { error, headers } = await refusalOf(pro('org-p'));
    expect(error).toBeInstanceOf(RateLimitExceededError);
    expect(Number(headers['X-RateLimit-Limit'])).toBe(2);
  });
});
