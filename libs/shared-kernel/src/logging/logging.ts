import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino from 'pino';
import type { AuthenticatedRequest } from '../auth/principal';
import { assignRequestId } from '../http/request-id';

type LoggedRequest = IncomingMessage & AuthenticatedRequest & { id?: string; route?: { path?: string }; originalUrl?: string };

function requestFacts(req: IncomingMessage) {
  const request = req as LoggedRequest;
  return {
    route: request.route?.path ?? (request.originalUrl ?? request.url ?? '').split('?')[0],
    organization_id: request.principal?.organizationId ?? null,
  };
}

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
 * One JSON line per request: request id, method, route pattern, status, duration and organization. Headers, bodies
 * and query strings are never logged, so no token, SSN or account number can reach the log.
 */
export function loggingParams(level: string): Params {
  return {
    pinoHttp: [
      {
        level,
        genReqId: (req, res) => assignRequestId(req, res),
        customAttributeKeys: { reqId: 'request_id', responseTime: 'duration_ms' },
        serializers: {
          req: (req: { method?: string; raw?: LoggedRequest }) => ({ method: req.method }),
          res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
          err: (err: { type?: string; message?: string; stack?: string }) => ({ type: err?.type, message: err?.message, stack: err?.stack }),
        },
        // Added when the response is logged, after routing and authentication have filled them in.
        customSuccessObject: (req: IncomingMessage, _res: ServerResponse, value: Record<string, unknown>) => ({ ...value, ...requestFacts(req) }),
        customErrorObject: (req: IncomingMessage, _res: ServerResponse, _error: Error, value: Record<string, unknown>) => ({ ...value, ...requestFacts(req) }),
        customSuccessMessage: () => 'request completed',
        customErrorMessage: () => 'request failed',
        customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => (err || res.statusCode >= 500 ? 'error' : 'info'),
        quietReqLogger: true,
      },
      standardOutput(),
    ],
  };
}
