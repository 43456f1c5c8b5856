import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AuthenticationFailures } from './authentication-failures';
import { DomainError } from '../errors/domain-error';
import { bearerTokenOf, looksLikeAccessToken } from './access-token';
import { IdentityService } from './identity.service';
import { LastSeen } from './last-seen';
import { AuthenticatedRequest, Principal, PUBLIC_ROUTE } from './principal';

export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super('unauthorized', message);
  }
}

const UNKNOWN_TOKEN = 'The access token is unknown.';
/** Contract §9: a revoked token's 401 says that it was revoked (its code stays `unauthorized`). */
const REVOKED_TOKEN = 'The access token was revoked; it no longer grants access. Use a token that is still valid.';
const REFUSALS = { unknown: UNKNOWN_TOKEN, revoked: REVOKED_TOKEN } as const;
const FLOOD_GATHER_MS = 50;


/** Bearer-token authentication on every route but the public ones; 401 with `WWW-Authenticate: Bearer` otherwise. */
@Injectable()
export class AuthGuard implements CanActivate {
  /** Whether a handler is public never changes after start-up: looked up once per handler, not once per request. */
  private readonly publicHandlers = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    private readonly identity: IdentityService,
    private readonly failures: AuthenticationFailures,
    private readonly lastSeen: LastSeen,
  ) {}

  private authenticated(req: AuthenticatedRequest, principal: Principal): true {
    req.principal = principal;
    this.lastSeen.touch(principal.userId);
    return true;
  }

  /**
   * Asks the database on every request (issue 33: what another process changed a moment ago must hold here at once),
   * through the principal cache: a known token costs one small statement shared with the requests arriving with it.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (this.isPublic(context)) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<Request & AuthenticatedRequest>();
    const token = bearerTokenOf(req.headers.authorization);
    const refuse = (message: string) => this.failures.refuse(req, http.getResponse<Response>(), new UnauthorizedError(message));
    if (!token) return refuse('Send an access token: Authorization: Bearer <token>.');
    if (!looksLikeAccessToken(token)) return refuse(UNKNOWN_TOKEN);
    // From an address past the failure limit, lookups wait up to 50 ms to share one query: a flood of forged tokens
    // then costs a query per 50 ms, not per request, and a valid token among them still passes.
    const gatherMs = this.failures.isFlooding(req) ? FLOOD_GATHER_MS : 0;
    return this.identity.principalOf(token, { gatherMs }).then((found) => (typeof found === 'string' ? refuse(REFUSALS[found]) : this.authenticated(req, found)));
  }

  private isPublic(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let isPublic = this.publicHandlers.get(handler);
    if (isPublic === undefined) {
      isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [handler, context.getClass()]) === true;
      this.publicHandlers.set(handler, isPublic);
    }
    return isPublic;
  }
}
