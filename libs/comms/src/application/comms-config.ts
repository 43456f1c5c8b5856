/**
 * The comms context's settings (README, "Settings"), read once from the environment. Every one has a safe default:
 * no setting makes mail leave the machine.
 */
export class CommsConfig {
  constructor(
    /** `from` of an email created without one. */
    readonly senderAddress: string,
    /** `EMAIL_PROVIDER`: `simulator` (the only adapter shipped). */
    readonly emailProvider: string,
    /** `CALL_SUMMARIZER`: `extractive` (the offline default). */
    readonly callSummarizer: string,
  ) {}
}

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function loadCommsConfig(env: NodeJS.ProcessEnv): CommsConfig {
  const sender = env.EMAIL_FROM_ADDRESS || 'no-reply@estatedesk.invalid';
  if (!ADDRESS.test(sender)) throw new Error(`EMAIL_FROM_ADDRESS must be an e-mail address, got "${sender}"`);
  return new CommsConfig(
    sender,
    (env.EMAIL_PROVIDER || 'simulator').toLowerCase(),
    (env.CALL_SUMMARIZER || 'extractive').toLowerCase(),
  );
}
