import { CommsConfig } from '../application/comms-config';
import { CallSummarizer } from '../application/ports/call-summarizer.port';
import { EmailProvider } from '../application/ports/email-provider.port';
import { SimulatedEmailProvider } from './email/simulated-email-provider';
import { ExtractiveCallSummarizer } from './summary/extractive-call-summarizer';

/**
 * `CALL_SUMMARIZER` selects the call-summary adapter. This build ships the offline `extractive` one; a hosted
 * language model adapter is added here as another case (with its own settings) and nothing else changes.
 */
export function callSummarizerFor(config: CommsConfig): CallSummarizer {
  switch (config.callSummarizer) {
    case 'extractive':
      return new ExtractiveCallSummarizer();
    default:
      throw new Error(`CALL_SUMMARIZER "${config.callSummarizer}" is not available in this build (available: extractive)`);
  }
}

/** `EMAIL_PROVIDER` selects the email provider; `simulator` (the default) never lets mail leave the machine. */
export function emailProviderFor(config: CommsConfig): EmailProvider {
  switch (config.emailProvider) {
    case 'simulator':
      return new SimulatedEmailProvider();
    default:
      throw new Error(`EMAIL_PROVIDER "${config.emailProvider}" is not available in this build (available: simulator)`);
  }
}
