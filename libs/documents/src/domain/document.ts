import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { DocumentContentType } from './document-vocabulary';

/**
 * What the use cases read of a stored document: the description of its bytes, computed once when they arrived and
 * never changed after (a new file is a new document). The record has more: its declaration (`document.resource.ts`).
 */
export interface StoredDocument extends CaseRecord {
  fileName: string;
  contentType: DocumentContentType;
  sizeBytes: number;
  sha256: string;
}
