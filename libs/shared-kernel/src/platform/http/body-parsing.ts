import { json, NextFunction, Request, Response } from 'express';
import { errorBody } from '../errors/error-body';

export const MAX_BODY_BYTES = 1024 * 1024;
const JSON_MEDIA_TYPES = ['application/json', 'application/merge-patch+json'];
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

function mediaTypeOf(req: Request): string {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

const multipartRoutes: RegExp[] = [];

/**
 * A `POST` path that takes `multipart/form-data` (contract §11.1: uploads), registered by the context that serves it
 * when its module loads. Such a body is left unread here: the route's own parser (busboy, with limits) streams it.
 */
export function acceptMultipart(path: RegExp): void {
  multipartRoutes.push(path);
}

/** Bodies are JSON; PATCH also takes `application/merge-patch+json`; anything else is 415 (contract §1). */
export function rejectUnsupportedMediaType(req: Request, res: Response, next: NextFunction): void {
  if (!METHODS_WITH_BODY.has(req.method) || !hasBody(req)) return next();
  const mediaType = mediaTypeOf(req);
  if (req.method === 'POST' && mediaType === 'multipart/form-data' && multipartRoutes.some((path) => path.test(req.path))) return next();
  const allowed = req.method === 'PATCH' ? JSON_MEDIA_TYPES : ['application/json'];
  if (allowed.includes(mediaType)) return next();
  res.status(415).json(errorBody(req, 'unsupported_media_type', `Send the body as ${allowed.join(' or ')}, not "${mediaType || 'no Content-Type'}".`));
}

/**
 * Not strict: a body that is valid JSON but no object (`"text"`, `null`, `42`) parses, so that `rejectUnsafeJsonBody`
 * answers it `422` like an array instead of body-parser calling it "not valid JSON". JSON.parse turns a `__proto__`
 * key into a plain own property (it never sets a prototype); `rejectUnsafeJsonBody` then refuses the key.
 */
const parseJson = json({ limit: MAX_BODY_BYTES, type: JSON_MEDIA_TYPES, strict: false });

/**
 * Only POST, PUT and PATCH take a body (contract §1); one sent with GET or DELETE has no meaning and is ignored
 * unread, so it cannot turn a read or a delete into a 400, 413 or 422 the route does not document.
 */
export function parseJsonBody(req: Request, res: Response, next: NextFunction): void {
  if (!METHODS_WITH_BODY.has(req.method)) return next();
  parseJson(req, res, next);
}

/** body-parser's failures, in the envelope: malformed JSON is 400, a body over 1 MiB is 413 (contract §7). */
export function bodyParserErrors(err: { type?: string; status?: number }, req: Request, res: Response, next: NextFunction): void {
  if (err?.type === 'entity.parse.failed') {
    res.status(400).json(errorBody(req, 'bad_request', 'The request body is not valid JSON.'));
  } else if (err?.type === 'entity.too.large') {
    res.status(413).json(errorBody(req, 'payload_too_large', `The request body exceeds ${MAX_BODY_BYTES} bytes.`));
  } else if (err?.type === 'charset.unsupported' || err?.type === 'encoding.unsupported') {
    res.status(415).json(errorBody(req, 'unsupported_media_type', 'Send the body as UTF-8 JSON without a content encoding.'));
  } else if (err?.status && err.status >= 400 && err.status < 500) {
    res.status(400).json(errorBody(req, 'bad_request', 'The request body could not be read.'));
  } else {
    next(err);
  }
}
