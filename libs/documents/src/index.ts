import { DOCUMENTS_PARTS } from './documents.parts';

export { DocumentsModule } from './documents.module';
/** Its ORM mappings, gathered from its folder. */
export const DOCUMENTS_ENTITIES = DOCUMENTS_PARTS.entities;
export { documentResource } from './resources/document.resource';
export { notarizationResource } from './resources/notarization.resource';
export { NotarizationSteps } from './application/notarization-steps';
export { NotaryProvider } from './application/notary-provider.port';
export * from './ports';
export { statementResource } from './resources/statement.resource';
export { UploadInterceptor } from './http/upload.interceptor';
export { DocumentStorage } from './application/document-storage.port';
export { PROMOTE_QUEUE, REMOVE_QUEUE } from './infrastructure/storage/s3-queues';
// A type only: the adapter (and the AWS SDK) loads where DOCUMENT_STORAGE=s3 chooses it (documents.module.ts).
export type { S3DocumentStorage } from './infrastructure/storage/s3-document-storage';
