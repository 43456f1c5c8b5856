import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { CaseResourceReader, Clock, JobQueue, RecordWriter, ResourceEvents, UnitOfWork } from '@estate/shared-kernel';
import { CommsConfig, loadCommsConfig } from './application/comms-config';
import { CreateEmail } from './application/create-email';
import { CreatePhoneCall } from './application/create-phone-call';
import { EmailDeliveryProcessor } from './application/email-delivery-processor';
import { EmailReceipts } from './application/email-receipts';
import { EmailStepQueue } from './application/email-step-queue';
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
 * the delivery processor). Ports are bound here from configuration; the use cases receive their declaration here, so
 * that a declaration and its use cases do not import each other.
 */
@Module({
  controllers: [PhoneCallsController, EmailsController],
  providers: [
    { provide: CommsConfig, useFactory: () => loadCommsConfig(process.env) },
    { provide: CallSummarizer, useFactory: callSummarizerFor, inject: [CommsConfig] },
    { provide: EmailProvider, useFactory: emailProviderFor, inject: [CommsConfig] },
    {
      provide: CreatePhoneCall,
      useFactory: (writer: RecordWriter, summarizer: CallSummarizer) => new CreatePhoneCall(phoneCallResource, writer, summarizer),
      inject: [RecordWriter, CallSummarizer],
    },
    {
      provide: PatchPhoneCall,
      useFactory: (writer: RecordWriter, reader: CaseResourceReader, uow: UnitOfWork, summarizer: CallSummarizer) =>
        new PatchPhoneCall(phoneCallResource, writer, reader, uow, summarizer),
      inject: [RecordWriter, CaseResourceReader, UnitOfWork, CallSummarizer],
    },
    { provide: EmailStepQueue, useFactory: (jobs: JobQueue, config: CommsConfig) => new EmailStepQueue(jobs, config), inject: [JobQueue, CommsConfig] },
    {
      provide: CreateEmail,
      useFactory: (writer: RecordWriter, config: CommsConfig, uow: UnitOfWork, steps: EmailStepQueue, clock: Clock) =>
        new CreateEmail(emailResource, writer, config, uow, steps, clock),
      inject: [RecordWriter, CommsConfig, UnitOfWork, EmailStepQueue, Clock],
    },
    {
      provide: EmailReceipts,
      useFactory: (reader: CaseResourceReader) => new EmailReceipts(emailResource, reader),
      inject: [CaseResourceReader],
    },
    {
      provide: EmailDeliveryProcessor,
      useFactory: (
        em: EntityManager, uow: UnitOfWork, provider: EmailProvider, clock: Clock, config: CommsConfig, reader: CaseResourceReader, events: ResourceEvents,
        jobs: JobQueue, steps: EmailStepQueue,
      ) => new EmailDeliveryProcessor(emailResource, em, uow, provider, clock, config, reader, events, jobs, steps),
      inject: [EntityManager, UnitOfWork, EmailProvider, Clock, CommsConfig, CaseResourceReader, ResourceEvents, JobQueue, EmailStepQueue],
    },
  ],
  exports: [EmailDeliveryProcessor, EmailProvider, CallSummarizer],
})
export class CommsModule {}
