import type { Readable } from 'node:stream';

/** An upload's bytes, spooled to a local file while the request was parsed (never held whole in memory). */
export interface UploadedFile {
  path: string;
  sizeBytes: number;
}

/**
 * Where a document's bytes live (contract §11.1). Chosen by `DOCUMENT_STORAGE`: `postgres` (the default, encrypted
 * rows written in the request's transaction) or `s3`. The record of a document is the documents context's; the bytes
 * are the adapter's, found by the document's id.
 */
export abstract class DocumentStorage {
  /** Stores the bytes of a new document as part of the running transaction: they are readable exactly when it commits. */
  abstract store(documentId: string, file: UploadedFile): Promise<void>;

  /** The stored bytes, as a stream; fails when there are none. */
  abstract open(documentId: string): Promise<Readable>;

  /** Removes the bytes of documents deleted in the running transaction (one, or every one of an erased case), once that commits. */
  abstract discard(documentIds: readonly string[]): Promise<void>;
}
