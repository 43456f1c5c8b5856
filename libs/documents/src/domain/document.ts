import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { DocumentContentType, DocumentType } from './document-vocabulary';

/**
 * A file of a case (contract §11.1). The bytes live behind `DocumentStorage`; the record holds what describes them,
 * computed once when they arrived (`size_bytes`, `sha256`, `page_count`) and never changed after: a new file is a new
 * document.
 */
export class Document implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  type: DocumentType;
  title: string | null;
  fileName: string;
  contentType: DocumentContentType;
  sizeBytes: number;
  sha256: string;
  pageCount: number | null;
  relatedType: string | null;
  relatedId: string | null;
  uploadedBy: string;
  notes: string | null;
}
