import contentDisposition from 'content-disposition';
import type { Request, Response } from 'express';
import { StreamableFile } from '@nestjs/common';
import { ifNoneMatchHits } from '@estate/shared-kernel';
import type { DocumentDownload } from '../application/document-downloads';

/** RFC 8187's ext-value: UTF-8, percent-encoded beyond its attr-chars. */
function extValue(name: string): string {
  return `UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266), both forms always as contract §11.1 shows them: the
 * `content-disposition` package writes the quoted form, with a plain-ASCII fallback (`_` for each other character: a
 * header is safest in ASCII), and `filename*` when the name needs it; for a plain ASCII name it is added here.
 */
export function attachmentHeader(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_');
  const header = contentDisposition(fileName, { type: 'attachment', fallback });
  return header.includes('filename*=') ? header : `${header}; filename*=${extValue(fileName)}`;
}

/**
 * A document's bytes with the headers of contract §11.1: `ETag` (the SHA-256, so equal bytes have equal tags and a
 * matching `If-None-Match` is `304`), `Repr-Digest` (RFC 9530), `Content-Disposition`, type and length. The headers
 * are set only once the document is known, so a refusal stays a JSON error; the body streams from the storage.
 */
export async function sendDownload(req: Request, res: Response, download: DocumentDownload): Promise<StreamableFile | undefined> {
  const etag = `"${download.sha256}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Repr-Digest', `sha-256=:${Buffer.from(download.sha256, 'hex').toString('base64')}:`);
  res.setHeader('Cache-Control', 'private, no-cache');
  if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
    res.status(304);
    return undefined;
  }
  res.setHeader('Content-Type', download.contentType);
  res.setHeader('Content-Length', String(download.sizeBytes));
  res.setHeader('Content-Disposition', attachmentHeader(download.fileName));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  return new StreamableFile(await download.open());
}
