import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { OptimisticLockError } from '@mikro-orm/core';
import type { Request, Response } from 'express';
import { allowedMethods } from './allowed-methods';
import { loggablePath } from './route-table';
import { DomainError } from './domain-error';
import { ErrorBody, errorBody } from './error-body';
import { statusOfCode } from './error-status';

const CODE_OF_HTTP_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_error',
  429: 'rate_limit_exceeded',
};

/**
 * Turns every error into the specification's envelope. Domain errors carry their code; Nest's own HTTP exceptions
 * (unknown route, …) get the code of their status; anything else is a 500 whose cause stays in the log, never in the
 * response (no stack, no SQL).
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const res = context.getResponse<Response>();
    const req = context.getRequest<Request>();
    const { status, body, allow } = this.describe(exception, req);
    if (res.headersSent) return;
    if (status === HttpStatus.UNAUTHORIZED) res.setHeader('WWW-Authenticate', 'Bearer');
    if (allow) res.setHeader('Allow', allow);
    res.status(status).json(body);
  }

  private describe(exception: unknown, req: Request): { status: number; body: ErrorBody; allow?: string } {
    if (exception instanceof DomainError) {
      return { status: statusOfCode(exception.code), body: errorBody(req, exception.code, exception.message, exception.details) };
    }
    if (exception instanceof OptimisticLockError) {
      return { status: 412, body: errorBody(req, 'precondition_failed', 'The resource changed while this request ran; fetch it again and retry.') };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === HttpStatus.NOT_FOUND) return this.routeMiss(req);
      const code = CODE_OF_HTTP_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
      return { status, body: errorBody(req, code, exception.message) };
    }
    this.logger.error({ err: exception, path: loggablePath(req.app, req.path) }, 'unhandled error');
    return { status: 500, body: errorBody(req, 'internal_error', 'An unexpected error occurred; the request id identifies it in our logs.') };
  }

  /**
   * Nest's 404 for a request no route took. If routes exist for the path but not for the method, the answer is
   * `405 method_not_allowed` with `Allow` listing them (contract §7, RFC 9110 §15.5.6), read from Express's route
   * table so that every route, registered now or later, is covered; a path no route knows stays `404`.
   */
  private routeMiss(req: Request): { status: number; body: ErrorBody; allow?: string } {
    const allowed = allowedMethods(req.app, req.path);
    if (allowed.length > 0 && !allowed.includes(req.method)) {
      const allow = allowed.join(', ');
      return { status: 405, body: errorBody(req, 'method_not_allowed', `${req.method} is not allowed on ${req.path}; it allows ${allow}.`), allow };
    }
    return { status: 404, body: errorBody(req, 'not_found', `No route matches ${req.method} ${req.path}.`) };
  }
}
