import { Module, OnModuleInit } from '@nestjs/common';
import { DOCUMENTS_PARTS } from './documents.parts';
import { EntityManager } from '@mikro-orm/postgresql';
import { acceptMultipart, AppConfig, CaseResourceModule, JobQueue, ProviderSettings, registerErrorCodes } from '@estate/shared-kernel';
import { CaseDeletionParticipants, CaseModule } from '@estate/case';
import { AssetsModule, StatementClosings } from '@estate/assets';
import { CancelNotarization } from './application/cancel-notarization';
import { DocumentDownloads } from './application/document-downloads';
import { EraseCaseDocuments } from './application/erase-case-documents';
import { DocumentStorage } from './application/document-storage.port';
import { InitiateNotarization } from './application/initiate-notarization';
import { NotarizationSteps } from './application/notarization-steps';
import { NotaryProvider } from './application/notary-provider.port';
import { PageCounter } from './application/page-counter.port';
import { RemoveDocument } from './application/remove-document';
import { ReviseNotarization } from './application/revise-notarization';
import { UploadDocument } from './application/upload-document';
import { UploadStatement } from './application/upload-statement';
import { UploadInterceptor, UploadOrJsonInterceptor } from './http/upload.interceptor';
import { UploadSettings, uploadSettings } from './http/upload-settings';
import { UploadTurns } from './http/upload-turns';
import { DeclaredDocumentReferences } from './infrastructure/declared-document-references';
import { FilePageCounter } from './infrastructure/file-page-counter';
import { notaryProviderFor } from './infrastructure/notary/simulated-notary-provider';
import { RegisteredProbateState } from './infrastructure/registered-probate-state';
import { documentStorageSettings, DocumentStorageSettings } from './infrastructure/storage/document-storage-settings';
import { PostgresDocumentStorage } from './infrastructure/storage/postgres-document-storage';
import { CaseDocuments, CaseProbateState, CaseStatementClosings, DocumentReferences } from './ports';
import { PlainCaseStatementClosings } from './infrastructure/plain-case-statement-closings';
import { documentResource } from './resources/document.resource';
import { notarizationResource } from './resources/notarization.resource';
import { statementResource } from './resources/statement.resource';
import { OrmCaseDocuments } from './infrastructure/orm-case-documents';
import { StatementClosingsOfStatements } from './infrastructure/statement-closings-of-statements';

registerErrorCodes({
  document_in_use: { status: 409, explanation: 'The document is named by other records (each `details` item names one); remove those references before deleting it.' },
  service_unavailable: {
    status: 503,
    explanation: 'The upload was received but could not get its turn at the database in time (too many uploads at once); nothing was stored. Send it again after `Retry-After` seconds.',
  },
});
// The upload routes read their own body (a multipart parser with limits); every other route stays JSON only.
acceptMultipart(/^\/v1\/cases\/[^/]+\/documents\/?$/);
acceptMultipart(/^\/v1\/cases\/[^/]+\/bank-accounts\/[^/]+\/statements\/?$/);

/**
 * The documents bounded context (issue 21, contract §11.1–§11.2, §11.6): files of a case and where their bytes are
 * kept; the bank statements resting on them; and remote online notarizations, whose result is a new document, with the
 * notary port (`NOTARY_PROVIDER`) and its steps.
 */
const s3Storage = () => require('./infrastructure/storage/s3-document-storage') as typeof import('./infrastructure/storage/s3-document-storage');

@Module({
  imports: [CaseModule, AssetsModule, CaseResourceModule.forResources([documentResource, statementResource, notarizationResource])],
  controllers: DOCUMENTS_PARTS.controllers,
  providers: [
    UploadDocument,
    UploadStatement,
    InitiateNotarization,
    ReviseNotarization,
    CancelNotarization,
    NotarizationSteps,
    { provide: NotaryProvider, useFactory: (settings: ProviderSettings) => notaryProviderFor(process.env, settings.stepDelayMs), inject: [ProviderSettings] },
    { provide: CaseProbateState, useClass: RegisteredProbateState },
    RemoveDocument,
    DocumentDownloads,
    EraseCaseDocuments,
    UploadInterceptor,
    UploadOrJsonInterceptor,
    { provide: UploadSettings, inject: [AppConfig], useFactory: (config: AppConfig) => uploadSettings(process.env, config.databasePoolMax) },
    { provide: UploadTurns, inject: [UploadSettings], useFactory: (settings: UploadSettings) => new UploadTurns(settings.databaseSlots) },
    { provide: PageCounter, useClass: FilePageCounter },
    { provide: DocumentReferences, useClass: DeclaredDocumentReferences },
    { provide: CaseDocuments, useClass: OrmCaseDocuments },
    { provide: CaseStatementClosings, useClass: PlainCaseStatementClosings },
    StatementClosingsOfStatements,
    { provide: DocumentStorageSettings, useFactory: () => documentStorageSettings(process.env) },
    {
      provide: DocumentStorage,
      inject: [DocumentStorageSettings, AppConfig, EntityManager, JobQueue],
      // The S3 adapter (and the AWS SDK under it, a quarter of a second to load) only where it is configured.
      useFactory: (settings: DocumentStorageSettings, config: AppConfig, em: EntityManager, jobs: JobQueue) =>
        settings.kind === 's3' ? new (s3Storage().S3DocumentStorage)(settings, em, jobs) : new PostgresDocumentStorage(config, em),
    },
  ],
  exports: [DocumentReferences, CaseDocuments, CaseProbateState, CaseStatementClosings, NotaryProvider, NotarizationSteps],
})
export class DocumentsModule implements OnModuleInit {
  constructor(
    private readonly deletion: CaseDeletionParticipants,
    private readonly erasure: EraseCaseDocuments,
    private readonly statementClosings: StatementClosings,
    private readonly closingsOfStatements: StatementClosingsOfStatements,
  ) {}

  onModuleInit(): void {
    // A deleted case's documents leave no bytes behind, in either storage.
    this.deletion.register(this.erasure);
    // A bank account's balance history takes its statements' closing balances (contract §12.3), read here.
    this.statementClosings.answerWith((caseId, accountId, through) => this.closingsOfStatements.closingsOf(caseId, accountId, through));
  }
}
