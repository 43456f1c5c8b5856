import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { ResourceList, SingleResource } from '../http/resource-response';
import { etagOfBody, ifNoneMatchHits } from './etag';

/**
 * Sends the ETag of every single-resource and list response, and answers a GET whose `If-None-Match` matches with
 * 304 and no body (contract §6). `If-Match` on writes is checked by the use case against the stored version, inside
 * its transaction, so it cannot race the write.
 */
@Injectable()
export class ConditionalResponseInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    return next.handle().pipe(
      map((result) => {
        if (result instanceof SingleResource) return this.send(req, res, result.etag, { data: result.data });
        if (result instanceof ResourceList) {
          const body = { data: result.data, meta: result.meta };
          return this.send(req, res, etagOfBody(body), body);
        }
        return result;
      }),
    );
  }

  private send(req: Request, res: Response, etag: string, body: unknown): unknown {
    res.setHeader('ETag', etag);
    if ((req.method === 'GET' || req.method === 'HEAD') && ifNoneMatchHits(req.headers['if-none-match'], etag)) {
      res.status(304);
      return undefined;
    }
    return body;
  }
}
