import { E164 } from '../domain/fax';

/**
 * The comms context's settings (README, "Settings"), read once from the environment. Every one has a safe default:
 * no setting makes mail or a fax leave the machine.
 */
export class CommsConfig {
  constructor(
    /** `from` of an email created without one. */
    readonly senderAddress: string,
    /** `EMAIL_PROVIDER`: `simulator` (the only adapter shipped). */
    readonly emailProvider: string,
    /** `CALL_SUMMARIZER`: `extractive` (the offline default). */
    readonly callSummarizer: string,
    /** `FAX_PROVIDER`: `simulator` (the only adapter shipped). */
    readonly faxProvider: string,
    /** `FAX_FROM_NUMBER`: every fax's `from_number`, in E.164. */
    readonly faxFromNumber: string,
  ) {}
}

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A number reserved for fiction (NANP 555-0100 to 555-0199): no real fax line answers it. */
export const DEFAULT_FAX_FROM_NUMBER = '+12025550100';

export function loadCommsConfig(env: NodeJS.ProcessEnv): CommsConfig {
  const sender = env.EMAIL_FROM_ADDRESS || 'no-reply@estatedesk.invalid';
  if (!ADDRESS.test(sender)) throw new Error(`EMAIL_FROM_ADDRESS must be an e-mail address, got "${sender}"`);
  const faxFrom = env.FAX_FROM_NUMBER || DEFAULT_FAX_FROM_NUMBER;
  if (!E164.test(faxFrom)) throw new Error(`FAX_FROM_NUMBER must be an E.164 number (+ then 8 to 15 digits), got "${faxFrom}"`);
  return new CommsConfig(
    sender,
    (env.EMAIL_PROVIDER || 'simulator').toLowerCase(),
    (env.CALL_SUMMARIZER || 'extractive').toLowerCase(),
    (env.FAX_PROVIDER || 'simulator').toLowerCase(),
    faxFrom,
  );
}
