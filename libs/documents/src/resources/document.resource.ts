import { caseResource, field, ResourceRecord } from '@estate/shared-kernel';
import { RemoveDocument } from '../application/remove-document';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_TYPES, MAX_FILE_NAME_LENGTH, RELATED_TYPES } from '../domain/document-vocabulary';
import { fileNameProblems, relationProblems } from './document-relation.rule';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * Documents (contract §11.1): a plain record for its reads and merge patch; its `POST` is the controller's own
 * multipart route (the generated JSON one is replaced), and its delete is its own use case (the referrers' veto and
 * the bytes). The bytes live behind `DocumentStorage`; the record holds what describes them, computed once when they
 * arrived (`size_bytes`, `sha256`, `page_count`) and never changed after: a new file is a new document. Events
 * `document.created|updated|deleted` (contract §14.2).
 */
export const documentResource = caseResource({
  name: 'document',
  path: 'documents',
  idParam: 'document_id',
  table: 'documents',
  caseIdShown: true,
  fields: {
    type: field.enum(DOCUMENT_TYPES, { required: true, column: { length: 40 }, description: 'What the document is.', example: 'death_certificate' }),
    title: field.string({ description: 'A title for people.', example: 'Certified death certificate (copy 1 of 3)' }),
    // Optional in a patch body, never null once stored: the upload takes it from the file part.
    fileName: field.string({
      min: 1,
      max: MAX_FILE_NAME_LENGTH,
      column: { nullable: false },
      description: "The file's name: taken from the upload part's filename without its path or control characters (`document` when it has none).",
      example: 'death-certificate.pdf',
    }),
    contentType: field.enum(DOCUMENT_CONTENT_TYPES, {
      required: true,
      readOnly: true,
      column: { length: 40 },
      description: 'The media type of the bytes (the upload part’s, checked against its first bytes).',
      example: 'application/pdf',
    }),
    sizeBytes: field.integer({ required: true, readOnly: true, min: 1, max: 26_214_400, description: 'The stored byte count.', example: 48213 }),
    sha256: field.string({
      required: true,
      readOnly: true,
      max: 64,
      view: { type: String, pattern: '^[0-9a-f]{64}$' },
      description: 'SHA-256 of the bytes, lower-case hex, computed by the service.',
      example: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    }),
    pageCount: field.integer({
      readOnly: true,
      min: 1,
      view: { type: 'integer', nullable: true, minimum: 1 },
      description: 'Pages of a PDF or TIFF; null for other images (and for a PDF whose page objects are all compressed).',
      example: 2,
    }),
    relatedType: field.enum(RELATED_TYPES, {
      column: { length: 40 },
      description: 'The kind of case record the document belongs to (the resource part of its event types, e.g. `bank_account` in `bank_account.created`); set with related_id, or neither.',
      example: 'bank_account',
    }),
    relatedId: field.string({ min: 26, max: 26, pattern: ULID, description: 'The record of related_type in this case the document belongs to.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' }),
    uploadedBy: field.string({ required: true, readOnly: true, max: 26, view: { type: String }, description: 'The user who uploaded it.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AE' }),
    notes: field.text({ description: 'Free notes.', example: 'Received from the county clerk.' }),
  },
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

export type Document = ResourceRecord<typeof documentResource>;
