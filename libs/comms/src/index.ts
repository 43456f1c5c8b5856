import { COMMS_PARTS } from './comms.parts';

export { CommsModule } from './comms.module';
/** Its ORM mappings, gathered from its folder. */
export const COMMS_ENTITIES = COMMS_PARTS.entities;
export { phoneCallResource } from './resources/phone-call.resource';
export { emailResource } from './resources/email.resource';
export { EmailDeliveryProcessor } from './application/email-delivery-processor';
export { EmailProvider } from './application/ports/email-provider.port';
export { CallSummarizer } from './application/ports/call-summarizer.port';
export { faxResource } from './resources/fax.resource';
export { FaxTransmissionProcessor } from './application/fax-transmission-processor';
export { FaxProvider } from './application/ports/fax-provider.port';
export { SimulatedFaxProvider } from './infrastructure/fax/simulated-fax-provider';
export { SIMULATED_EMAIL_OUTCOMES } from './infrastructure/email/simulated-email-provider';
