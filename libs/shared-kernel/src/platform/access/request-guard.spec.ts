import type { ExecutionContext } from '@nestjs/common';
import type { AuthGuard } from '../auth/auth.guard';
import type { TierThrottlerGuard } from '../throttling/tier-throttler.guard';
import type { CaseAccessGuard } from './case-access.guard';
import { RequestGuard } from './request-guard';

type Step = () => boolean | Promise<boolean>;

function guardOf(auth: Step, rateLimit: Step, caseAccess: Step, calls: string[]) {
  const named = (name: string, step: Step) => ({ canActivate: () => (calls.push(name), step()) });
  return new RequestGuard(named('auth', auth) as unknown as AuthGuard, named('rateLimit', rateLimit) as unknown as TierThrottlerGuard, named('caseAccess', caseAccess) as unknown as CaseAccessGuard);
}

const context = {} as ExecutionContext;

describe('RequestGuard', () => {
  it('runs the caller, the rate limit and the case in that order, answering at once when every check does', () => {
    const calls: string[] = [];
    expect(guardOf(() => true, () => true, () => true, calls).canActivate(context)).toBe(true);
    expect(calls).toEqual(['auth', 'rateLimit', 'caseAccess']);
  });

  it('waits for a check that has to ask, then runs the next', async () => {
    const calls: string[] = [];
    const verdict = guardOf(() => Promise.resolve(true), () => Promise.resolve(true), () => true, calls).canActivate(context);
    expect(verdict).toBeInstanceOf(Promise);
    expect(calls).toEqual(['auth']);
    await expect(verdict).resolves.toBe(true);
    expect(calls).toEqual(['auth', 'rateLimit', 'caseAccess']);
  });

  it('stops at the first refusal: an unknown caller is never counted, a limited one never reaches the case', async () => {
    const unauthorized: string[] = [];
    expect(() =>
      guardOf(() => { throw new Error('401'); }, () => true, () => true, unauthorized).canActivate(context),
    ).toThrow('401');
    expect(unauthorized).toEqual(['auth']);

    const limited: string[] = [];
    await expect(guardOf(() => true, () => Promise.reject(new Error('429')), () => true, limited).canActivate(context)).rejects.toThrow('429');
    expect(limited).toEqual(['auth', 'rateLimit']);

    const refused: string[] = [];
    expect(guardOf(() => false, () => true, () => true, refused).canActivate(context)).toBe(false);
    expect(refused).toEqual(['auth']);
  });
});
