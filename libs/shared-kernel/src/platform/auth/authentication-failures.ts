import type { Request, Response } from 'express';

/**
 * What the AuthGuard does with a request that failed authentication (contract §2): implemented by the per-address
 * limit of the throttling folder, which sits above this one.
 */
export abstract class AuthenticationFailures {
  /** Counts the failure, then throws `unauthorized`, or a 429 once the address is past its limit. */
  abstract refuse(req: Request, res: Response, unauthorized: Error): Promise<never>;
  /** Whether this address is past its limit, so that its token lookups may be gathered. */
  abstract isFlooding(req: Request): boolean;
}
