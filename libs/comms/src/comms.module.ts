import { Module } from '@nestjs/common';
import { CaseResourceModule } from '@estate/shared-kernel';
import { CommsConfig, loadCommsConfig } from './application/comms-config';
import { CreateEmail } from './application/create-email';
import { CreatePhoneCall } from './application/create-phone-call';
import { EmailDeliveryProcessor } from './application/email-delivery-processor';
import { EmailReceipts } from './application/email-receipts';
import { PatchPhoneCall } from './application/patch-phone-call';
import { CallSummarizer } from './application/ports/call-summarizer.port';
import { EmailProvider } from './application/ports/email-provider.port';
import { EmailsController } from './http/emails.controller';
import { PhoneCallsController } from './http/phone-calls.controller';
import { callSummarizerFor, emailProviderFor } from './infrastructure/comms-adapters';
import { emailResource } from './resources/email.resource';
import { phoneCallResource } from './resources/phone-call.resource';

/**
 * The comms bounded context: phone calls (with the call-summary port) and emails (with the email-provider port and
 * the delivery processor). Ports are bound here from configuration; the use cases are handed their declarations by the
 * kernel (`CaseResourceModule`).
 */
@Module({
  imports: [CaseResourceModule.forResources([phoneCallResource, emailResource])],
  controllers: [PhoneCallsController, EmailsController],
  providers: [
    { provide: CommsConfig, useFactory: () => loadCommsConfig(process.env) },
    { provide: CallSummarizer, useFactory: callSummarizerFor, inject: [CommsConfig] },
    { provide: EmailProvider, useFactory: emailProviderFor, inject: [CommsConfig] },
    CreatePhoneCall,
    PatchPhoneCall,
    CreateEmail,
    EmailReceipts,
    EmailDeliveryProcessor,
  ],
  exports: [EmailDeliveryProcessor, EmailProvider, CallSummarizer],
})
export class CommsModule {}
