import { ulid } from 'ulid';
import type { IncomingMessage, ServerResponse } from 'node:http';

const CLIENT_REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

/** Echoes a well-formed client `X-Request-Id` (1–200 visible ASCII characters), otherwise makes a ULID (contract §6). */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  const candidate = Array.isArray(sent) ? sent[0] : sent;
  return candidate && CLIENT_REQUEST_ID.test(candidate) ? candidate : ulid();
}

type WithId = IncomingMessage & { id?: string | number | object };

/** Express middleware mounted before everything else, so every response, errors and docs included, carries the id. */
export function stampRequestId(req: WithId, res: ServerResponse, next: () => void): void {
  assignRequestId(req, res);
  next();
}

/** Gives the request its id once; pino-http's genReqId calls it again and gets the same id. */
export function assignRequestId(req: WithId, res: ServerResponse): string {
  if (typeof req.id === 'string') return req.id;
  const id = requestIdOf(req);
  req.id = id;
  res.setHeader('X-Request-Id', id);
  return id;
}
