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
    /** `PROVIDER_PROCESSOR`: `off` keeps this process from advancing emails. */
    readonly processor: 'on' | 'off',
    /** `PROVIDER_STEP_DELAY_MS`: the pause before each automatic step of a delivery. */
    readonly stepDelayMs: number,
    /** `EMAIL_BATCH_SIZE`: email steps a worker takes per poll of the job queue. */
    readonly batchSize: number,
  ) {}
}

function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return value;
}

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function loadCommsConfig(env: NodeJS.ProcessEnv): CommsConfig {
  const processor = (env.PROVIDER_PROCESSOR || 'on').toLowerCase();
  if (processor !== 'on' && processor !== 'off') throw new Error('PROVIDER_PROCESSOR must be "on" or "off"');
  const sender = env.EMAIL_FROM_ADDRESS || 'no-reply@estatedesk.invalid';
  if (!ADDRESS.test(sender)) throw new Error(`EMAIL_FROM_ADDRESS must be an e-mail address, got "${sender}"`);
  return new CommsConfig(
    sender,
    (env.EMAIL_PROVIDER || 'simulator').toLowerCase(),
    (env.CALL_SUMMARIZER || 'extractive').toLowerCase(),
    processor,
    intSetting(env, 'PROVIDER_STEP_DELAY_MS', 1000),
    intSetting(env, 'EMAIL_BATCH_SIZE', 20, 1),
  );
}
