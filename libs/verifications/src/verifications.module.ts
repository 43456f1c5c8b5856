import { VERIFICATIONS_PARTS } from './verifications.parts';
import { Module, OnModuleInit } from '@nestjs/common';
import { CaseModule } from '@estate/case';
import { DocumentReferences, DocumentsModule } from '@estate/documents';
import { CaseResourceModule } from '@estate/shared-kernel';
import { CancelIdentityVerification } from './application/cancel-identity-verification';
import { ExecutorIdentityProjection } from './application/executor-identity-projection';
import { IdentityVerificationProcessor } from './application/identity-verification-processor';
import { IdentityVerificationProvider } from './application/ports/identity-verification-provider.port';
import { VerificationDocuments } from './application/ports/verification-documents.port';
import { ReviseIdentityVerification } from './application/revise-identity-verification';
import { StartIdentityVerification } from './application/start-identity-verification';
import { DeclaredVerificationDocuments } from './infrastructure/declared-verification-documents';
import { identityProviderFrom } from './infrastructure/provider/identity-provider-setting';
import { VerificationDocumentReferrers } from './infrastructure/verification-document-referrers';
import { identityVerificationResource } from './resources/identity-verification.resource';

/**
 * The verifications bounded context (contract-extensions §11.4, §11.7): identity verifications of the deceased and
 * the executor, the identity-provider port (`IDV_PROVIDER`) and the processor that advances them. It reads the
 * subjects through the case context's ports and keeps the executor's `identity_status` through `ExecutorIdentity`;
 * documents it names are documents of the case, and a document a verification names cannot be deleted.
 */
@Module({
  imports: [CaseModule, DocumentsModule, CaseResourceModule.forResources([identityVerificationResource])],
  controllers: VERIFICATIONS_PARTS.controllers,
  providers: [
    { provide: IdentityVerificationProvider, useFactory: () => identityProviderFrom(process.env) },
    { provide: VerificationDocuments, useClass: DeclaredVerificationDocuments },
    VerificationDocumentReferrers,
    ExecutorIdentityProjection,
    IdentityVerificationProcessor,
    StartIdentityVerification,
    ReviseIdentityVerification,
    CancelIdentityVerification,
  ],
  exports: [IdentityVerificationProcessor, IdentityVerificationProvider],
})
export class VerificationsModule implements OnModuleInit {
  constructor(
    private readonly documentReferences: DocumentReferences,
    private readonly verificationReferrers: VerificationDocumentReferrers,
  ) {}

  /** §11.1: a document a verification names is in use (`409 document_in_use` names the verification). */
  onModuleInit(): void {
    this.documentReferences.register(this.verificationReferrers);
  }
}
