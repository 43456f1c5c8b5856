import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '../auth/auth.guard';
import { TierThrottlerGuard } from '../throttling/tier-throttler.guard';
import { CaseAccessGuard } from './case-access.guard';

type Verdict = boolean | Promise<boolean>;

/** `next()` once `result` allows it: at once for an answer already known, after it for one still coming. */
function then(result: Verdict, next: () => Verdict): Verdict {
  if (typeof result === 'boolean') return result && next();
  return result.then((allowed) => allowed && next());
}

/**
 * The checks every request passes, in this order: who is calling (401), how often (429), may they touch this case
 * (403/404). One guard for Nest rather than three (issue 7): Nest awaits each guard in turn, a promise and a turn of
 * the event loop apiece, and the caller and the case's owner are usually known already, so those two checks answer
 * without waiting; only the rate-limit count (Redis, or the process's counters) is always asked.
 */
@Injectable()
export class RequestGuard implements CanActivate {
  constructor(
    private readonly auth: AuthGuard,
    private readonly rateLimit: TierThrottlerGuard,
    private readonly caseAccess: CaseAccessGuard,
  ) {}

  canActivate(context: ExecutionContext): Verdict {
    return then(this.auth.canActivate(context), () => then(this.rateLimit.canActivate(context), () => this.caseAccess.canActivate(context)));
  }
}
