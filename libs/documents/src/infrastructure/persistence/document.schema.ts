import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Document } from '../../domain/document';

export const DocumentSchema = new EntitySchema<Document>({
  class: Document,
  tableName: 'documents',
  properties: {
    ...caseRecordProperties({ showCaseId: true }),
    type: { type: 'string', length: 40 },
    title: nullableText(),
    fileName: { type: 'string', length: 255 },
    contentType: { type: 'string', length: 40 },
    sizeBytes: { type: 'integer' },
    sha256: { type: 'string', length: 64 },
    pageCount: { type: 'integer', nullable: true },
    relatedType: nullableText(40),
    relatedId: nullableText(26),
    uploadedBy: { type: 'string', length: 26 },
    notes: nullableText(10_000),
    ...timestampProperties(),
  },
});
