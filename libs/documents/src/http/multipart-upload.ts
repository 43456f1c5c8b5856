import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import busboy from 'busboy';
import type { Request } from 'express';
import { DomainError, ErrorDetail, ValidationFailedError } from '@estate/shared-kernel';
import { DOCUMENT_CONTENT_TYPES, DocumentContentType, MAX_DOCUMENT_BYTES } from '../domain/document-vocabulary';
import { cleanFileName } from '../domain/file-name';
import { SIGNATURE_BYTES, startsLike } from '../domain/file-signature';
import type { ReceivedFile } from '../ports';

/** Text parts are short (the longest, `notes`, is 10,000 characters, up to 4 bytes each in UTF-8). */
const MAX_FIELD_BYTES = 40_000;
const MAX_TEXT_PARTS = 20;
const UPLOADS = join(tmpdir(), 'estate-desk-uploads');

export interface ParsedUpload {
  fields: Record<string, string>;
  file: ReceivedFile;
}

const unsupported = (message: string, details?: ErrorDetail[]) => new DomainError('unsupported_media_type', message, details);
const tooLarge = () => new DomainError('payload_too_large', `The file exceeds ${MAX_DOCUMENT_BYTES} bytes (25 MiB).`);

export function isMultipart(req: Request): boolean {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() === 'multipart/form-data';
}

/**
 * Reads a `multipart/form-data` upload with busboy, streaming: the file part goes to a file of its own on local disk
 * while its SHA-256, its size and its first bytes are taken on the way, so no upload is ever held whole in memory.
 * The parser's file limit is one byte over 25 MiB — busboy flags a file only once it passes its limit, so this limit
 * lets exactly 25 MiB through and stops at the byte after. The rest of a refused body is read and dropped, so the
 * client gets its answer instead of a reset connection. Checks, in the contract's order: one `file` part, not empty
 * (`422`), not too large (`413`), an allowed declared type whose first bytes match it (`415`). The caller removes the
 * spooled file (`discard`) once the request is answered.
 */
export async function parseUpload(req: Request): Promise<ParsedUpload> {
  await mkdir(UPLOADS, { recursive: true, mode: 0o700 });
  const path = join(UPLOADS, randomBytes(16).toString('hex'));
  try {
    return await new Promise<ParsedUpload>((resolve, reject) => read(req, path, resolve, reject));
  } catch (error) {
    await discard(path);
    throw error;
  }
}

export async function discard(path: string): Promise<void> {
  await rm(path, { force: true });
}

function read(req: Request, path: string, resolve: (upload: ParsedUpload) => void, reject: (error: unknown) => void): void {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: MAX_DOCUMENT_BYTES + 1, fields: MAX_TEXT_PARTS, fieldSize: MAX_FIELD_BYTES, parts: MAX_TEXT_PARTS + 1 },
    });
  } catch {
    reject(unsupported('Send the upload as multipart/form-data with a boundary.'));
    return;
  }
  const fields: Record<string, string> = {};
  const problems: ErrorDetail[] = [];
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let size = 0;
  let fileSeen = false;
  let overLimit = false;
  let declaredType = '';
  let fileName = '';
  let sink: WriteStream | undefined;
  let written: Promise<void> = Promise.resolve();

  parser.on('field', (name, value, info) => {
    // busboy reads a part without a filename as text unless it is application/octet-stream.
    if (name === 'file') problems.push({ field: 'file', message: 'file must be a file part, with a filename parameter', reason: 'type' });
    else if (info.valueTruncated) problems.push({ field: name, message: `${name} is too long`, reason: 'range' });
    else if (name in fields) problems.push({ field: name, message: `${name} is sent twice`, reason: 'rule' });
    else fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || fileSeen) {
      problems.push({ field: name, message: name === 'file' ? 'send exactly one file part' : `${name}: the only file part is "file"`, reason: name === 'file' ? 'rule' : 'unknown_field' });
      stream.resume();
      return;
    }
    fileSeen = true;
    declaredType = (info.mimeType ?? '').toLowerCase();
    fileName = cleanFileName(info.filename);
    sink = createWriteStream(path, { mode: 0o600 });
    written = new Promise((done, failed) => {
      (sink as WriteStream).on('finish', done);
      (sink as WriteStream).on('error', failed);
    });
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DOCUMENT_BYTES) return;
      hash.update(chunk);
      if (head.length < SIGNATURE_BYTES) head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES - head.length)]);
      // Back-pressure: the request is paused while the disk is behind, so memory holds a few chunks at most.
      if (!(sink as WriteStream).write(chunk)) {
        stream.pause();
        (sink as WriteStream).once('drain', () => stream.resume());
      }
    });
    stream.on('limit', () => {
      overLimit = true;
    });
    stream.on('end', () => (sink as WriteStream).end());
  });
  parser.on('filesLimit', () => problems.push({ field: 'file', message: 'send exactly one file part', reason: 'rule' }));
  parser.on('fieldsLimit', () => problems.push({ field: '', message: `at most ${MAX_TEXT_PARTS} text parts`, reason: 'range' }));
  parser.on('partsLimit', () => problems.push({ field: '', message: 'too many parts', reason: 'range' }));
  parser.on('error', () => reject(new DomainError('bad_request', 'The multipart body could not be read.')));
  parser.on('close', () => {
    written
      .then(() => {
        if (overLimit || size > MAX_DOCUMENT_BYTES) throw tooLarge();
        if (!fileSeen && !problems.some((problem) => problem.field === 'file')) problems.unshift({ field: 'file', message: 'file is required: one part named "file"', reason: 'required' });
        if (problems.length > 0) throw new ValidationFailedError(problems);
        if (size === 0) throw new ValidationFailedError([{ field: 'file', message: 'file is empty', reason: 'range' }]);
        if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(declaredType)) {
          throw unsupported(`The file's type must be one of ${DOCUMENT_CONTENT_TYPES.join(', ')}.`, [
            { field: 'file', message: `the part's Content-Type "${declaredType || 'none'}" is not allowed`, reason: 'enum' },
          ]);
        }
        if (!startsLike(declaredType as DocumentContentType, head)) {
          throw unsupported('The file does not start like its declared type.', [{ field: 'file', message: `the bytes are not ${declaredType}`, reason: 'format' }]);
        }
        resolve({ fields, file: { path, sizeBytes: size, sha256: hash.digest('hex'), fileName, contentType: declaredType } });
      })
      .catch(reject);
  });
  req.on('aborted', () => reject(new DomainError('bad_request', 'The upload was interrupted.')));
  req.pipe(parser);
}
