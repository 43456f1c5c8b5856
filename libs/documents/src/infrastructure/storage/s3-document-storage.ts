import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { JobQueue, plainRows } from '@estate/shared-kernel';
import { DocumentStorage, UploadedFile } from '../../application/document-storage.port';
import { DocumentStorageSettings } from './document-storage-settings';
import { PROMOTE_QUEUE, REMOVE_QUEUE, SWEEP_QUEUE } from './s3-queues';

/** Temporary keys older than this are swept (contract §11.1). */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

const temporaryKey = (documentId: string) => `tmp/${documentId}`;
const finalKey = (documentId: string) => `documents/${documentId}`;

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404));
}

/**
 * The S3-compatible storage (`DOCUMENT_STORAGE=s3`). An upload goes to a temporary key before its record commits; a
 * job enqueued in the record's transaction renames it (copy, then delete) once the record exists, so a rolled-back
 * upload never reaches a document's key. Reads fall back to the temporary key until the rename ran. A scheduled sweep
 * renames the temporary keys older than an hour whose record committed (a rename job lost) and deletes the others
 * (uploads whose request failed). Every object is written with server-side encryption (SSE-S3, `AES256`).
 */
@Injectable()
export class S3DocumentStorage extends DocumentStorage implements OnModuleInit, OnModuleDestroy {
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    settings: DocumentStorageSettings,
    private readonly em: EntityManager,
    private readonly jobs: JobQueue,
  ) {
    super();
    const s3 = settings.s3 as NonNullable<DocumentStorageSettings['s3']>;
    this.bucket = s3.bucket;
    this.client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.endpoint !== undefined,
      // Checksums only where S3 requires them: the SDK's default streams an upload `aws-chunked` with a trailing
      // checksum, which S3-compatible servers (s3rver, older MinIO and Ceph) store framing and all. Integrity is the
      // document's own SHA-256, checked on every download's digest headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }

  onModuleInit(): void {
    const work = { enabled: true, retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 300 };
    this.jobs.define<{ document_id: string }>({ ...work, name: PROMOTE_QUEUE, handle: ({ document_id }) => this.promote(document_id) });
    this.jobs.define<{ document_id: string }>({ ...work, name: REMOVE_QUEUE, handle: ({ document_id }) => this.remove(document_id) });
    this.jobs.define({ ...work, name: SWEEP_QUEUE, cron: '*/10 * * * *', handle: async () => void (await this.sweep()) });
  }

  async store(documentId: string, file: UploadedFile): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: temporaryKey(documentId),
        Body: createReadStream(file.path),
        ContentLength: file.sizeBytes,
        ServerSideEncryption: 'AES256',
      }),
    );
    await this.jobs.enqueue(PROMOTE_QUEUE, { document_id: documentId });
  }

  async open(documentId: string): Promise<Readable> {
    for (const key of [finalKey(documentId), temporaryKey(documentId)]) {
      try {
        const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    throw new Error(`no stored content for document ${documentId}`);
  }

  async discard(documentIds: readonly string[]): Promise<void> {
    await this.jobs.enqueueMany(REMOVE_QUEUE, documentIds.map((documentId) => ({ data: { document_id: documentId } })));
  }

  /** Renames a committed upload's temporary key; a second run finds it gone and does nothing. */
  async promote(documentId: string): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: finalKey(documentId),
          CopySource: `${this.bucket}/${temporaryKey(documentId)}`,
          ServerSideEncryption: 'AES256',
        }),
      );
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: temporaryKey(documentId) }));
  }

  /** Deletes a deleted document's bytes under either key (deleting a missing key succeeds, so twice is harmless). */
  async remove(documentId: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: temporaryKey(documentId) }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: finalKey(documentId) }));
  }

  /** Temporary keys older than an hour: renamed when their document exists, else deleted. Answers how many went. */
  async sweep(now: Date = new Date()): Promise<{ promoted: number; deleted: number }> {
    const result = { promoted: 0, deleted: 0 };
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: 'tmp/', ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (!object.Key || !object.LastModified || now.getTime() - object.LastModified.getTime() < ABANDONED_AFTER_MS) continue;
        const documentId = object.Key.slice('tmp/'.length);
        const [row] = await plainRows(this.em, 'select 1 from documents where id = $1', [documentId]);
        if (row) {
          await this.promote(documentId);
          result.promoted += 1;
        } else {
          await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
          result.deleted += 1;
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return result;
  }
}
