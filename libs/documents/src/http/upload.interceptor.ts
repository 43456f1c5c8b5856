import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, lastValueFrom, Observable } from 'rxjs';
import { CASE_ID_PARAM, DomainError } from '@estate/shared-kernel';
import { PageCounter } from '../application/page-counter.port';
import type { DocumentContentType } from '../domain/document-vocabulary';
import type { ReceivedFile } from '../ports';
import { discard, isMultipart, parseUpload } from './multipart-upload';
import { UploadSettings } from './upload-settings';
import { TurnNotGiven, UploadTurns } from './upload-turns';

/** A received upload: its text parts and its file, measured (size, digest, type, pages). */
export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile;
}

export type UploadRequest = Request & { upload?: ReceivedUpload };

/** Seconds a client told `503` is asked to wait: about one upload's time at the database, with room. */
const RETRY_AFTER_SECONDS = 5;
const BUSY_MESSAGE = `Too many uploads are waiting for the database; retry in ${RETRY_AFTER_SECONDS} seconds.`;

/** The upload routes' `503` (for `@ApiErrors`). */
export const UPLOADS_BUSY = { status: 503, code: 'service_unavailable', message: BUSY_MESSAGE } as const;

/**
 * Reads an upload before the write's unit of work starts (it runs outside `@WriteRoute()`'s interceptor), and puts in
 * `req.body` what identifies the request for `Idempotency-Key` (contract §11.1): the text parts and the file's
 * `sha256`, `file_name` and type — not the raw body, whose boundary changes on every retry. The kernel's idempotency
 * fingerprint is taken of `req.body`, so a retry of the same upload matches and one of another file does not.
 *
 * Everything about the file is measured here, pages included, before any database work (amended 2026-12-01): while
 * the client sends and while the file is parsed the request holds no connection and no lock. Then it waits for its
 * turn at the database (`UploadTurns`): `503 service_unavailable` with `Retry-After` when none came in
 * `UPLOAD_QUEUE_TIMEOUT_MS`. The spooled file is removed once the request is answered.
 */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  /** Whether the route also takes a JSON body (a statement naming an existing document), left to the handler as it is. */
  protected readonly jsonAccepted: boolean = false;

  constructor(
    private readonly pages: PageCounter,
    private readonly turns: UploadTurns,
    private readonly settings: UploadSettings,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<UploadRequest>();
    if (this.jsonAccepted && !isMultipart(req)) return next.handle();
    return from(this.run(req, http.getResponse<Response>(), next));
  }

  private async run(req: UploadRequest, res: Response, next: CallHandler): Promise<unknown> {
    if (!isMultipart(req)) {
      throw new DomainError('unsupported_media_type', 'Send the upload as multipart/form-data with one "file" part; a JSON body is not accepted here.');
    }
    const { fields, file } = await parseUpload(req, this.settings.idleTimeoutMs);
    try {
      const pageCount = await this.pages.count(file.path, file.contentType as DocumentContentType);
      req.upload = { fields, file: { ...file, pageCount } };
      req.body = { ...fields, file: { sha256: file.sha256, file_name: file.fileName, content_type: file.contentType } };
      const release = await this.turnOf(req, res);
      try {
        return await lastValueFrom(next.handle(), { defaultValue: undefined });
      } finally {
        release();
      }
    } finally {
      await discard(file.path);
    }
  }

  private async turnOf(req: Request, res: Response): Promise<() => void> {
    // A client that leaves while its upload waits leaves the queue (the answer would reach no one).
    const gone = new AbortController();
    const leave = () => {
      if (!res.writableFinished) gone.abort();
    };
    res.once('close', leave);
    if (req.socket?.destroyed) gone.abort();
    try {
      return await this.turns.take(String(req.params[CASE_ID_PARAM]), this.settings.queueTimeoutMs, gone.signal);
    } catch (error) {
      if (!(error instanceof TurnNotGiven)) throw error;
      if (error.why === 'gone') throw new DomainError('bad_request', 'The upload was interrupted.');
      res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
      throw new DomainError('service_unavailable', BUSY_MESSAGE);
    } finally {
      res.off('close', leave);
    }
  }
}

/** The same for a route that takes either an upload or a JSON body (contract §11.2: `POST …/statements`). */
@Injectable()
export class UploadOrJsonInterceptor extends UploadInterceptor {
  protected override readonly jsonAccepted = true;
}
