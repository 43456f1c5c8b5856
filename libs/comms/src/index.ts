export { CommsModule } from './comms.module';
export { COMMS_ENTITIES } from './infrastructure/persistence/comms.schemas';
export { phoneCallResource } from './resources/phone-call.resource';
export { emailResource } from './resources/email.resource';
export { EmailDeliveryProcessor } from './application/email-delivery-processor';
export { EmailProvider } from './application/ports/email-provider.port';
export { CallSummarizer } from './application/ports/call-summarizer.port';
