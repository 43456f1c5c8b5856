import { existsSync, readdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, Observable } from 'rxjs';
import { DomainError } from '@estate/shared-kernel';
import type { PageCounter } from '../application/page-counter.port';
import { uploadSpoolDirectory } from './multipart-upload';
import { UploadSettings } from './upload-settings';
import { UploadTurns } from './upload-turns';
import { UploadInterceptor, UploadRequest } from './upload.interceptor';

const BOUNDARY = 'spec-boundary';
const PDF = Buffer.from('%PDF-1.4\n<< /Type /Page >>\n%%EOF\n', 'latin1');

/** A multipart request of one `type` part and one PDF file part, as Express hands it over (a readable with headers). */
function uploadRequest(caseId: string): UploadRequest {
  const body = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nwill\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF.toString('latin1')}\r\n--${BOUNDARY}--\r\n`,
    'latin1',
  );
  const req = Object.assign(new PassThrough(), {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.length) },
    params: { case_id: caseId },
    complete: false,
  });
  req.on('end', () => (req.complete = true));
  req.end(body);
  return req as unknown as UploadRequest;
}

function fakeResponse() {
  const headers: Record<string, unknown> = {};
  return { headers, writableFinished: false, setHeader: (name: string, value: unknown) => (headers[name] = value), once: () => undefined, off: () => undefined };
}

const contextOf = (req: UploadRequest, res: ReturnType<typeof fakeResponse>) =>
  ({ switchToHttp: () => ({ getRequest: () => req, getResponse: () => res, getNext: () => undefined }) }) as unknown as ExecutionContext;

describe('UploadInterceptor', () => {
  const settings = new UploadSettings(30_000, 30_000, 1);

  it('measures the file, its pages included, before the write (the unit of work) starts, and removes it once answered', async () => {
    const steps: string[] = [];
    const pages = { count: jest.fn(async () => (steps.push('pages counted'), 1)) } as unknown as PageCounter;
    const req = uploadRequest('case-1');
    const next: CallHandler = {
      handle: () =>
        new Observable((subscriber) => {
          steps.push('write started');
          expect(req.upload?.file).toMatchObject({ sizeBytes: PDF.length, contentType: 'application/pdf', pageCount: 1 });
          expect(existsSync(req.upload!.file.path)).toBe(true);
          subscriber.next('written');
          subscriber.complete();
        }),
    };
    const interceptor = new UploadInterceptor(pages, new UploadTurns(1), settings);
    await expect(lastValueFrom(interceptor.intercept(contextOf(req, fakeResponse()), next))).resolves.toBe('written');
    expect(steps).toEqual(['pages counted', 'write started']);
    expect(existsSync(req.upload!.file.path)).toBe(false);
  });

  it('answers 503 service_unavailable with Retry-After when no turn at the database came in time, and keeps nothing', async () => {
    const turns = new UploadTurns(1);
    const held = await turns.take('case-2', 60_000); // another upload of the case is at the database and stays there
    const next: CallHandler = { handle: jest.fn() };
    const res = fakeResponse();
    const req = uploadRequest('case-2');
    const interceptor = new UploadInterceptor({ count: async () => 1 } as unknown as PageCounter, turns, new UploadSettings(30_000, 20, 1));
    const refusal = await lastValueFrom(interceptor.intercept(contextOf(req, res), next)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe('service_unavailable');
    expect(res.headers['Retry-After']).toBe(5);
    expect(next.handle).not.toHaveBeenCalled();
    expect(readdirSync(uploadSpoolDirectory())).not.toContain(req.upload!.file.path.split('/').pop());
    held();
  });
});
