import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DomainError } from '../errors/domain-error';
import { bearerTokenOf, looksLikeAccessToken } from './access-token';
import { IdentityService } from './identity.service';
import { AuthenticatedRequest, PUBLIC_ROUTE } from './principal';

export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super('unauthorized', message);
  }
}

/** Bearer-token authentication on every route but the public ones; 401 with `WWW-Authenticate: Bearer` otherwise. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly identity: IdentityService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) return true;
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const token = bearerTokenOf(req.headers.authorization);
    if (!token) throw new UnauthorizedError('Send an access token: Authorization: Bearer <token>.');
    const principal = looksLikeAccessToken(token) ? await this.identity.principalOf(token) : undefined;
    if (!principal) throw new UnauthorizedError('The access token is unknown or revoked.');
    req.principal = principal;
    return true;
  }
}
