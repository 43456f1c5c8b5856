import { caseResource } from '@estate/shared-kernel';
import { RemoveDocument } from '../application/remove-document';
import { Document } from '../domain/document';
import { DOCUMENT_TYPES, RELATED_TYPES } from '../domain/document-vocabulary';
import { DocumentFields, DocumentView, PatchDocumentBody } from '../http/dto/document.dto';
import { DocumentSchema } from '../infrastructure/persistence/document.schema';
import { fileNameProblems, relationProblems } from './document-relation.rule';

/**
 * Documents (contract §11.1): a plain record for its reads and merge patch; its `POST` is the controller's own
 * multipart route (the generated JSON one is replaced), and its delete is its own use case (the referrers' veto and
 * the bytes). Events `document.created|updated|deleted` (contract §14.2).
 */
export const documentResource = caseResource<Document>({
  name: 'document',
  path: 'documents',
  idParam: 'document_id',
  schema: DocumentSchema,
  create: DocumentFields,
  patch: PatchDocumentBody,
  view: DocumentView,
  filters: { type: DOCUMENT_TYPES, related_type: RELATED_TYPES, related_id: { kind: 'equals' } },
  sorts: ['created_at', 'file_name'],
  tagDescription: 'Files of a case (PDF, JPEG, PNG, TIFF up to 25 MiB): multipart upload, download with digests, signed links.',
  useCases: { delete: () => RemoveDocument },
  rules: async (document, context) => [...fileNameProblems(document), ...(await relationProblems(document, context))],
  // A statement shows its document's `file_name` (contract §11.2), kept on its row: a rename is copied to the
  // statements that name the document in the same transaction, their version (and so their ETag) following.
  afterWrite: async (document, { em }) => {
    await em.execute('update statements set file_name = ?, version = version + 1 where document_id = ? and file_name <> ?', [document.fileName, document.id, document.fileName]);
  },
});
