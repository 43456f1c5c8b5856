import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
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

/** Where uploads are spooled while they arrive (one file each, removed once the request is answered). */
export function uploadSpoolDirectory(): string {
  return join(tmpdir(), 'estate-desk-uploads');
}

/** A received upload, read and checked; its page count is taken afterwards, by the caller. */
export interface ParsedUpload {
  fields: Record<string, string>;
  file: Omit<ReceivedFile, 'pageCount'>;
}

const unsupported = (message: string, details?: ErrorDetail[]) => new DomainError('unsupported_media_type', message, details);
const tooLarge = () => new DomainError('payload_too_large', `The file exceeds ${MAX_DOCUMENT_BYTES} bytes (25 MiB).`);
const unreadable = (message: string) => new DomainError('bad_request', message);

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
 *
 * A body that cannot be read to its end (contract §11.1, amended 2026-12-01) — malformed, ending inside a part, cut
 * off by the client, or stalled for `idleTimeoutMs` without a byte — is `400 bad_request`, and the spool file's handle
 * is closed before the file is removed: nothing of it is left, and no stream's error goes unheard.
 */
export async function parseUpload(req: Request, idleTimeoutMs: number): Promise<ParsedUpload> {
  const directory = uploadSpoolDirectory();
  await mkdir(directory, { recursive: true, mode: 0o700 });
  return new UploadReading(req, join(directory, randomBytes(16).toString('hex')), idleTimeoutMs).done;
}

export async function discard(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** One upload being read: the parser, the spool file and the one outcome (a parsed upload or a refusal). */
class UploadReading {
  readonly done: Promise<ParsedUpload>;
  private resolve!: (upload: ParsedUpload) => void;
  private reject!: (error: unknown) => void;
  private settled = false;
  private parser?: busboy.Busboy;
  private sink?: WriteStream;
  private sinkClosed: Promise<void> = Promise.resolve();
  private idle?: NodeJS.Timeout;
  private readonly fields: Record<string, string> = {};
  private readonly problems: ErrorDetail[] = [];
  private readonly hash = createHash('sha256');
  private head = Buffer.alloc(0);
  private size = 0;
  private fileSeen = false;
  private overLimit = false;
  private declaredType = '';
  private fileName = '';

  constructor(
    private readonly req: Request,
    private readonly path: string,
    private readonly idleTimeoutMs: number,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.start();
  }

  private start(): void {
    const { req } = this;
    if (req.readableAborted || req.destroyed) return void this.fail(unreadable('The upload was interrupted.'));
    try {
      this.parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: MAX_DOCUMENT_BYTES + 1, fields: MAX_TEXT_PARTS, fieldSize: MAX_FIELD_BYTES, parts: MAX_TEXT_PARTS + 1 },
      });
    } catch {
      return void this.fail(unsupported('Send the upload as multipart/form-data with a boundary.'));
    }
    const parser = this.parser;
    parser.on('field', (name, value, info) => this.field(name, value, info.valueTruncated));
    parser.on('file', (name, stream, info) => this.file(name, stream, info));
    parser.on('filesLimit', () => this.problems.push({ field: 'file', message: 'send exactly one file part', reason: 'rule' }));
    parser.on('fieldsLimit', () => this.problems.push({ field: '', message: `at most ${MAX_TEXT_PARTS} text parts`, reason: 'range' }));
    parser.on('partsLimit', () => this.problems.push({ field: '', message: 'too many parts', reason: 'range' }));
    parser.on('error', () => this.fail(unreadable('The multipart body could not be read: it is malformed or ends before its last boundary.')));
    parser.on('close', () => void this.finish());
    req.on('data', this.touch);
    req.on('close', this.closed);
    this.touch();
    req.pipe(parser);
  }

  /** Each chunk that arrives restarts the stall timer. */
  private readonly touch = () => {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.fail(unreadable(`The upload stalled: no bytes arrived for ${Math.round(this.idleTimeoutMs / 1000)} s.`), { closeConnection: true }), this.idleTimeoutMs);
  };

  /** The request ended before its body did: the client is gone. */
  private readonly closed = () => {
    if (!this.req.complete) this.fail(unreadable('The upload was interrupted.'));
  };

  private field(name: string, value: string, truncated: boolean): void {
    const { problems, fields } = this;
    // busboy reads a part without a filename as text unless it is application/octet-stream.
    if (name === 'file') problems.push({ field: 'file', message: 'file must be a file part, with a filename parameter', reason: 'type' });
    else if (truncated) problems.push({ field: name, message: `${name} is too long`, reason: 'range' });
    else if (name in fields) problems.push({ field: name, message: `${name} is sent twice`, reason: 'rule' });
    else fields[name] = value;
  }

  private file(name: string, stream: Readable, info: busboy.FileInfo): void {
    // A file stream errs when the body ends inside it (busboy: "Unexpected end of form"); the parser errs too.
    stream.on('error', () => this.fail(unreadable('The multipart body ends inside its file part.')));
    if (name !== 'file' || this.fileSeen) {
      this.problems.push({ field: name, message: name === 'file' ? 'send exactly one file part' : `${name}: the only file part is "file"`, reason: name === 'file' ? 'rule' : 'unknown_field' });
      stream.resume();
      return;
    }
    this.fileSeen = true;
    this.declaredType = (info.mimeType ?? '').toLowerCase();
    this.fileName = cleanFileName(info.filename);
    const sink = createWriteStream(this.path, { mode: 0o600 });
    this.sink = sink;
    // The handle is released at `close`, after `finish` or `destroy`: the file is removed only after that.
    this.sinkClosed = new Promise((closed) => sink.on('close', () => closed()));
    sink.on('error', (error) => this.fail(error));
    stream.on('data', (chunk: Buffer) => {
      this.size += chunk.length;
      if (this.size > MAX_DOCUMENT_BYTES) return;
      this.hash.update(chunk);
      if (this.head.length < SIGNATURE_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, SIGNATURE_BYTES - this.head.length)]);
      // Back-pressure: the request is paused while the disk is behind, so memory holds a few chunks at most.
      if (!sink.write(chunk)) {
        stream.pause();
        sink.once('drain', () => {
          this.touch();
          stream.resume();
        });
      }
    });
    stream.on('limit', () => {
      this.overLimit = true;
    });
    stream.on('end', () => sink.end());
  }

  /** The parser read the whole body: the checks, once the spool file is written and closed. */
  private async finish(): Promise<void> {
    if (this.settled) return;
    await this.sinkClosed;
    if (this.settled) return;
    this.stopListening();
    try {
      this.settled = true;
      this.resolve(this.checked());
    } catch (error) {
      this.settled = false;
      await this.fail(error);
    }
  }

  private checked(): ParsedUpload {
    const { problems, size, declaredType } = this;
    if (this.overLimit || size > MAX_DOCUMENT_BYTES) throw tooLarge();
    if (!this.fileSeen && !problems.some((problem) => problem.field === 'file')) problems.unshift({ field: 'file', message: 'file is required: one part named "file"', reason: 'required' });
    if (problems.length > 0) throw new ValidationFailedError(problems);
    if (size === 0) throw new ValidationFailedError([{ field: 'file', message: 'file is empty', reason: 'range' }]);
    if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(declaredType)) {
      throw unsupported(`The file's type must be one of ${DOCUMENT_CONTENT_TYPES.join(', ')}.`, [
        { field: 'file', message: `the part's Content-Type "${declaredType || 'none'}" is not allowed`, reason: 'enum' },
      ]);
    }
    if (!startsLike(declaredType as DocumentContentType, this.head)) {
      throw unsupported('The file does not start like its declared type.', [{ field: 'file', message: `the bytes are not ${declaredType}`, reason: 'format' }]);
    }
    return { fields: this.fields, file: { path: this.path, sizeBytes: size, sha256: this.hash.digest('hex'), fileName: this.fileName, contentType: declaredType } };
  }

  /**
   * The one refusal: the body is no longer read into the parser (what still comes is dropped, or the connection closes
   * after the answer when the client stalled), the spool file's stream is destroyed and, once its handle is closed,
   * the file removed; then the request is refused.
   */
  private async fail(error: unknown, options: { closeConnection?: boolean } = {}): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    this.stopListening();
    const { req, parser, sink } = this;
    if (parser) {
      req.unpipe(parser);
      parser.destroy();
    }
    if (options.closeConnection) req.res?.setHeader('Connection', 'close');
    if (!req.complete && !req.destroyed) req.resume();
    sink?.destroy();
    await this.sinkClosed;
    await discard(this.path).catch(() => undefined);
    this.reject(error);
  }

  private stopListening(): void {
    clearTimeout(this.idle);
    this.req.off('data', this.touch);
    this.req.off('close', this.closed);
  }
}
