import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino, { DestinationStream, LogFn, Logger } from 'pino';
import type { AuthenticatedRequest } from '../auth/principal';
import { assignRequestId } from '../http/request-id';
import { loggableError, withoutValues } from './loggable-error';
import { loggablePath } from '../errors/route-table';

type LoggedRequest = IncomingMessage & AuthenticatedRequest & { id?: string; route?: { path?: string }; originalUrl?: string; app?: unknown };

/**
 * Standard output written asynchronously (issue 7): a synchronous write per log line blocks the event loop for the
 * duration of the system call, once per request. `minLength: 0` keeps lines from lingering in a buffer (a log reader
 * sees each request at once); whatever is still queued is flushed when the process exits (pino registers that).
 */
let destination: ReturnType<typeof pino.destination> | undefined;

function standardOutput(): ReturnType<typeof pino.destination> {
  destination ??= pino.destination({ dest: 1, sync: false, minLength: 0 });
  return destination;
}

/**
 * The service's one pino logger: the request log below and Nest's own messages (through nestjs-pino) write to it.
 * Errors go through `loggableError` and every text argument through `withoutValues`, so no SQL, parameter value or
 * quoted input reaches a line at any level, whoever logs it (issue 18).
 */
export function createRootLogger(level: string, destination: DestinationStream = standardOutput()): Logger {
  return pino(
    {
      level,
      serializers: { err: loggableError },
      hooks: {
        logMethod(args, method) {
          for (let index = 0; index < args.length; index++) if (typeof args[index] === 'string') args[index] = withoutValues(args[index] as string);
          return method.apply(this, args as Parameters<LogFn>);
        },
      },
    },
    destination,
  );
}

/**
 * Nest's messages through nestjs-pino, on the root logger. Its per-request middleware (pino-http: a child logger,
 * serializers and an AsyncLocalStorage context for every request, about a sixth of the CPU of a `GET` of a case in the
 * issue-7 profile) is not mounted: the request log is `requestLog` below, and no code logs through a request's logger.
 */
export function loggingParams(logger: Logger): Params {
  return { pinoHttp: { logger }, forRoutes: [] };
}

/**
 * Mounted first, for every request: gives it its id (`X-Request-Id`, contract §6), then logs one JSON line when it ends:
 * request id, method, route pattern, status, duration and organization, at `info` (`error` from 500 on). Headers,
 * bodies, query strings and the path as sent are never logged (a path no route took is logged as `loggablePath` makes
 * it), so no token, SSN or account number can reach the log. A request refused
 * before routing is logged too; the line costs nothing when the level logs no request (`silent`, or above `error`).
 * One middleware for both, so the request log adds no layer to Express's routing.
 */
export function requestLog(logger: Logger) {
  return function logRequest(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    assignRequestId(req, res);
    if (!logger.isLevelEnabled('error')) return next();
    const started = performance.now();
    res.once('close', () => {
      const request = req as LoggedRequest;
      const status = res.statusCode;
      const failed = status >= 500 || !res.writableFinished;
      if (!failed && !logger.isLevelEnabled('info')) return;
      const line = {
        request_id: request.id,
        req: { method: req.method },
        res: { status },
        duration_ms: Math.round(performance.now() - started),
        // Never the path as sent: it may hold a capability token (issue 33); a route's pattern, or the path withheld.
        route: request.route?.path ?? loggablePath(request.app, (request.originalUrl ?? request.url ?? '').split('?')[0]),
        organization_id: request.principal?.organizationId ?? null,
      };
      if (failed) logger.error(line, res.writableFinished ? 'request failed' : 'request aborted');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
