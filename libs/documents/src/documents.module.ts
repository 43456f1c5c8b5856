import { Module, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { acceptMultipart, AppConfig, CaseResourceModule, JobQueue, registerErrorCodes } from '@estate/shared-kernel';
import { CaseDeletionParticipants, CaseModule } from '@estate/case';
import { DocumentDownloads } from './application/document-downloads';
import { EraseCaseDocuments } from './application/erase-case-documents';
import { DocumentStorage } from './application/document-storage.port';
import { PageCounter } from './application/page-counter.port';
import { RemoveDocument } from './application/remove-document';
import { UploadDocument } from './application/upload-document';
import { UploadStatement } from './application/upload-statement';
import { DocumentDownloadsController, DocumentsController } from './http/documents.controller';
import { StatementsController } from './http/statements.controller';
import { UploadInterceptor, UploadOrJsonInterceptor } from './http/upload.interceptor';
import { DeclaredDocumentReferences } from './infrastructure/declared-document-references';
import { FilePageCounter } from './infrastructure/file-page-counter';
import { documentStorageSettings, DocumentStorageSettings } from './infrastructure/storage/document-storage-settings';
import { PostgresDocumentStorage } from './infrastructure/storage/postgres-document-storage';
import { S3DocumentStorage } from './infrastructure/storage/s3-document-storage';
import { CaseDocuments, DocumentReferences } from './ports';
import { documentResource } from './resources/document.resource';
import { statementResource } from './resources/statement.resource';
import { OrmCaseDocuments } from './infrastructure/orm-case-documents';

registerErrorCodes({
  document_in_use: { status: 409, explanation: 'The document is named by other records (each `details` item names one); remove those references before deleting it.' },
});
// The upload routes read their own body (a multipart parser with limits); every other route stays JSON only.
acceptMultipart(/^\/v1\/cases\/[^/]+\/documents\/?$/);
acceptMultipart(/^\/v1\/cases\/[^/]+\/bank-accounts\/[^/]+\/statements\/?$/);

/**
 * The documents bounded context (issue 21, contract §11.1–§11.2): files of a case, where their bytes are kept, and the
 * bank statements resting on them.
 */
@Module({
  imports: [CaseModule, CaseResourceModule.forResources([documentResource, statementResource])],
  controllers: [DocumentsController, DocumentDownloadsController, StatementsController],
  providers: [
    UploadDocument,
    UploadStatement,
    RemoveDocument,
    DocumentDownloads,
    EraseCaseDocuments,
    UploadInterceptor,
    UploadOrJsonInterceptor,
    { provide: PageCounter, useClass: FilePageCounter },
    { provide: DocumentReferences, useClass: DeclaredDocumentReferences },
    { provide: CaseDocuments, useClass: OrmCaseDocuments },
    { provide: DocumentStorageSettings, useFactory: () => documentStorageSettings(process.env) },
    {
      provide: DocumentStorage,
      inject: [DocumentStorageSettings, AppConfig, EntityManager, JobQueue],
      useFactory: (settings: DocumentStorageSettings, config: AppConfig, em: EntityManager, jobs: JobQueue) =>
        settings.kind === 's3' ? new S3DocumentStorage(settings, em, jobs) : new PostgresDocumentStorage(config, em),
    },
  ],
  exports: [DocumentReferences, CaseDocuments],
})
export class DocumentsModule implements OnModuleInit {
  constructor(
    private readonly deletion: CaseDeletionParticipants,
    private readonly erasure: EraseCaseDocuments,
  ) {}

  onModuleInit(): void {
    // A deleted case's documents leave no bytes behind, in either storage.
    this.deletion.register(this.erasure);
  }
}
