import type { IncomingMessage, ServerResponse } from 'node:http';
import { ResourceList, SingleResource } from '../http/resource-response';
import { etagOfText, ifNoneMatchHits } from './etag';

/** A single resource or a page, as the controllers return them. */
export type Resource = SingleResource | ResourceList;

export function isResource(value: unknown): value is Resource {
  return value instanceof SingleResource || value instanceof ResourceList;
}

/** The body as sent (`{data}` or `{data, meta}`), its JSON text and its strong ETag. */
interface Presented {
  body: unknown;
  text: string;
  etag: string;
}

/** A page's tag is a digest of what is sent; the text is made once, for the tag and the wire. */
function presented(resource: Resource): Presented {
  if (resource instanceof SingleResource) {
    const body = { data: resource.data };
    return { body, text: JSON.stringify(body), etag: resource.etag };
  }
  const body = { data: resource.data, meta: resource.meta };
  const text = JSON.stringify(body);
  return { body, text, etag: resource.etag ?? etagOfText(text) };
}

function notModified(req: IncomingMessage | undefined, etag: string): boolean {
  return (req?.method === 'GET' || req?.method === 'HEAD') && ifNoneMatchHits(req.headers['if-none-match'], etag);
}

/**
 * Sends a resource with its ETag (contract §6), or `304` with no body when a `GET`'s `If-None-Match` still matches.
 * The JSON is written in one piece with the headers Express's `res.json` would set; the HTTP adapter calls this for
 * every controller result that is a resource (`ResourceExpressAdapter`), so no interceptor stands between a read and
 * its response.
 */
export function sendResource(req: IncomingMessage | undefined, res: ServerResponse, resource: Resource): void {
  // A single resource's tag is known before its body is written: a revalidation that matches writes no JSON at all.
  const single = resource instanceof SingleResource;
  if (single && notModified(req, resource.etag)) return sendNotModified(res, resource.etag);
  const { text, etag } = presented(resource);
  if (!single && notModified(req, etag)) return sendNotModified(res, etag);
  res.setHeader('ETag', etag);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

function sendNotModified(res: ServerResponse, etag: string): void {
  res.setHeader('ETag', etag);
  res.statusCode = 304;
  res.end();
}

/**
 * The same presentation for a write's unit of work, which stores the body and ETag it answered with (an
 * `Idempotency-Key` replays both): sets the ETag and gives the body to send.
 */
export function presentResource(res: ServerResponse, resource: Resource): unknown {
  // A single resource's tag is its version: no JSON text is made here, only where the body is sent (issue 19: a write
  // serialised its response twice).
  if (resource instanceof SingleResource) {
    res.setHeader('ETag', resource.etag);
    return { data: resource.data };
  }
  const { body, etag } = presented(resource);
  res.setHeader('ETag', etag);
  return body;
}
