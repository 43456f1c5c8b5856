import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '@estate/shared-kernel';
import { DocumentStorage, UploadedFile } from '../../application/document-storage.port';

/** Each chunk is encrypted and stored on its own, so neither a write nor a read ever holds a whole file. */
export const CHUNK_BYTES = 1024 * 1024;
const ALGORITHM = 'aes-256-gcm';

/** Binds a chunk's ciphertext to its place: a chunk moved to another document or position fails authentication. */
function associatedData(documentId: string, chunk: number): Buffer {
  return Buffer.from(`document:${documentId}:${chunk}`, 'utf8');
}

/**
 * The default storage (contract §11.1): the bytes in PostgreSQL, in `document_contents`, 1 MiB per row, each row
 * AES-256-GCM encrypted under `FIELD_ENCRYPTION_KEY` with a fresh 96-bit IV and the document id and chunk number as
 * associated data. Written in the request's transaction, so a failed upload leaves nothing and every API process, and
 * every backup, has the bytes with their record. Rows go with their document (`on delete cascade`).
 */
@Injectable()
export class PostgresDocumentStorage extends DocumentStorage {
  private readonly key: Buffer;

  constructor(
    config: AppConfig,
    private readonly em: EntityManager,
  ) {
    super();
    this.key = config.fieldEncryptionKey;
  }

  async store(documentId: string, file: UploadedFile): Promise<void> {
    const em = this.em;
    let chunk = 0;
    for await (const plain of createReadStream(file.path, { highWaterMark: CHUNK_BYTES })) {
      const iv = randomBytes(12);
      const cipher = createCipheriv(ALGORITHM, this.key, iv);
      cipher.setAAD(associatedData(documentId, chunk));
      const data = Buffer.concat([cipher.update(plain as Buffer), cipher.final()]);
      await em
        .getConnection()
        .execute(
          'insert into document_contents (document_id, chunk, iv, tag, data) values (?, ?, ?, ?, ?)',
          [documentId, chunk, iv, cipher.getAuthTag(), data],
          'run',
          em.getTransactionContext(),
        );
      chunk += 1;
    }
  }

  async open(documentId: string): Promise<Readable> {
    const chunks = await this.em
      .getConnection()
      .execute<Array<{ chunk: number }>>('select chunk from document_contents where document_id = ? order by chunk', [documentId]);
    if (chunks.length === 0) throw new Error(`no stored content for document ${documentId}`);
    const connection = this.em.getConnection();
    const key = this.key;
    // One chunk in memory at a time: the next is read when the client has taken the previous one.
    return Readable.from(
      (async function* () {
        for (const { chunk } of chunks) {
          const [row] = await connection.execute<Array<{ iv: Buffer; tag: Buffer; data: Buffer }>>(
            'select iv, tag, data from document_contents where document_id = ? and chunk = ?',
            [documentId, chunk],
          );
          if (!row) throw new Error(`document ${documentId} lost chunk ${chunk} while it was read`);
          const decipher = createDecipheriv(ALGORITHM, key, row.iv);
          decipher.setAAD(associatedData(documentId, chunk));
          decipher.setAuthTag(row.tag);
          yield Buffer.concat([decipher.update(row.data), decipher.final()]);
        }
      })(),
      { objectMode: false },
    );
  }

  async discard(documentIds: readonly string[]): Promise<void> {
    if (documentIds.length === 0) return;
    const em = this.em;
    const placeholders = documentIds.map(() => '?').join(', ');
    await em.getConnection().execute(`delete from document_contents where document_id in (${placeholders})`, [...documentIds], 'run', em.getTransactionContext());
  }
}
