import { CommsConfig } from '../application/comms-config';
import { CallSummarizer } from '../application/ports/call-summarizer.port';
import { EmailProvider } from '../application/ports/email-provider.port';
import { FaxProvider } from '../application/ports/fax-provider.port';
import { SimulatedEmailProvider } from './email/simulated-email-provider';
import { SimulatedFaxProvider } from './fax/simulated-fax-provider';
import { ExtractiveCallSummarizer } from './summary/extractive-call-summarizer';

/** The adapter a setting names, from those this build ships; any other value stops start-up with a clear message. */
function chosen<T>(setting: string, value: string, shipped: Record<string, () => T>): T {
  const make = shipped[value];
  if (!make) throw new Error(`${setting} "${value}" is not available in this build (available: ${Object.keys(shipped).join(', ')})`);
  return make();
}

/**
 * `CALL_SUMMARIZER` selects the call-summary adapter. This build ships the offline `extractive` one; a hosted
 * language model adapter is added here as another entry (with its own settings) and nothing else changes.
 */
export function callSummarizerFor(config: CommsConfig): CallSummarizer {
  return chosen('CALL_SUMMARIZER', config.callSummarizer, { extractive: () => new ExtractiveCallSummarizer() });
}

/** `EMAIL_PROVIDER` selects the email provider; `simulator` (the default) never lets mail leave the machine. */
export function emailProviderFor(config: CommsConfig): EmailProvider {
  return chosen('EMAIL_PROVIDER', config.emailProvider, { simulator: () => new SimulatedEmailProvider() });
}

/** `FAX_PROVIDER` selects the fax provider; `simulator` (the default) never dials a number. */
export function faxProviderFor(config: CommsConfig): FaxProvider {
  return chosen('FAX_PROVIDER', config.faxProvider, { simulator: () => new SimulatedFaxProvider() });
}
