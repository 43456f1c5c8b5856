import { ExpressAdapter } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { isResource, sendResource } from './resource-reply';

/**
 * Nest's Express adapter, writing the resources controllers return (`SingleResource`, `ResourceList`) itself: their
 * ETag, `304` on a matching `If-None-Match`, and the JSON body in one write. Done where Nest writes every response
 * rather than in a global interceptor (issue 7): with no interceptor on a route, Nest runs its handler without the
 * rxjs pipeline and the async resources an interceptor chain builds per request.
 */
export class ResourceExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!isResource(body)) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    sendResource(response.req as Request | undefined, response, body);
    return response;
  }
}
