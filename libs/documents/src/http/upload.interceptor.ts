import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { from, lastValueFrom, Observable } from 'rxjs';
import { DomainError } from '@estate/shared-kernel';
import { discard, isMultipart, ParsedUpload, parseUpload } from './multipart-upload';

export type UploadRequest = Request & { upload?: ParsedUpload };

/**
 * Reads an upload before the write's unit of work starts (it runs outside `@WriteRoute()`'s interceptor), and puts in
 * `req.body` what identifies the request for `Idempotency-Key` (contract §11.1): the text parts and the file's
 * `sha256`, `file_name` and type — not the raw body, whose boundary changes on every retry. The kernel's idempotency
 * fingerprint is taken of `req.body`, so a retry of the same upload matches and one of another file does not. The
 * spooled file is removed once the request is answered.
 */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  /** Whether the route also takes a JSON body (a statement naming an existing document), left to the handler as it is. */
  protected readonly jsonAccepted: boolean = false;

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<UploadRequest>();
    if (this.jsonAccepted && !isMultipart(req)) return next.handle();
    return from(this.run(req, next));
  }

  private async run(req: UploadRequest, next: CallHandler): Promise<unknown> {
    if (!isMultipart(req)) {
      throw new DomainError('unsupported_media_type', 'Send the upload as multipart/form-data with one "file" part; a JSON body is not accepted here.');
    }
    const upload = await parseUpload(req);
    req.upload = upload;
    req.body = { ...upload.fields, file: { sha256: upload.file.sha256, file_name: upload.file.fileName, content_type: upload.file.contentType } };
    try {
      return await lastValueFrom(next.handle(), { defaultValue: undefined });
    } finally {
      await discard(upload.file.path);
    }
  }
}

/** The same for a route that takes either an upload or a JSON body (contract §11.2: `POST …/statements`). */
@Injectable()
export class UploadOrJsonInterceptor extends UploadInterceptor {
  protected override readonly jsonAccepted = true;
}
