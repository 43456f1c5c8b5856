import { Module, OnModuleInit } from '@nestjs/common';
import { COMMS_PARTS } from './comms.parts';
import { AssetsModule } from '@estate/assets';
import { DocumentReferences, DocumentsModule } from '@estate/documents';
import { CaseResourceModule } from '@estate/shared-kernel';
import { CancelFax } from './application/cancel-fax';
import { CommsConfig, loadCommsConfig } from './application/comms-config';
import { CreateEmail } from './application/create-email';
import { CreatePhoneCall } from './application/create-phone-call';
import { EmailDeliveryProcessor } from './application/email-delivery-processor';
import { EmailReceipts } from './application/email-receipts';
import { FaxTransmissionProcessor } from './application/fax-transmission-processor';
import { PatchPhoneCall } from './application/patch-phone-call';
import { CallSummarizer } from './application/ports/call-summarizer.port';
import { EmailProvider } from './application/ports/email-provider.port';
import { FaxProvider } from './application/ports/fax-provider.port';
import { ReviseFaxNotes } from './application/revise-fax-notes';
import { SendFax } from './application/send-fax';
import { callSummarizerFor, emailProviderFor, faxProviderFor } from './infrastructure/comms-adapters';
import { FaxDocumentReferrers } from './infrastructure/persistence/fax-document-referrers';
import { emailResource } from './resources/email.resource';
import { faxResource } from './resources/fax.resource';
import { phoneCallResource } from './resources/phone-call.resource';

/**
 * The comms bounded context: phone calls (with the call-summary port), emails (with the email-provider port and the
 * delivery processor) and faxes (with the fax-provider port and the transmission processor; they read documents and
 * institution contacts through those contexts' ports). Ports are bound here from configuration; the use cases are
 * handed their declarations by the kernel (`CaseResourceModule`).
 */
@Module({
  imports: [AssetsModule, DocumentsModule, CaseResourceModule.forResources([phoneCallResource, emailResource, faxResource])],
  controllers: COMMS_PARTS.controllers,
  providers: [
    { provide: CommsConfig, useFactory: () => loadCommsConfig(process.env) },
    { provide: CallSummarizer, useFactory: callSummarizerFor, inject: [CommsConfig] },
    { provide: EmailProvider, useFactory: emailProviderFor, inject: [CommsConfig] },
    { provide: FaxProvider, useFactory: faxProviderFor, inject: [CommsConfig] },
    CreatePhoneCall,
    PatchPhoneCall,
    CreateEmail,
    EmailReceipts,
    EmailDeliveryProcessor,
    SendFax,
    ReviseFaxNotes,
    CancelFax,
    FaxTransmissionProcessor,
    FaxDocumentReferrers,
  ],
  exports: [EmailDeliveryProcessor, EmailProvider, CallSummarizer, FaxTransmissionProcessor, FaxProvider],
})
export class CommsModule implements OnModuleInit {
  constructor(
    private readonly documentReferences: DocumentReferences,
    private readonly faxReferrers: FaxDocumentReferrers,
  ) {}

  onModuleInit(): void {
    // A document a fax names cannot be deleted (409 document_in_use naming the fax).
    this.documentReferences.register(this.faxReferrers);
  }
}
