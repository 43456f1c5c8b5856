/**
 * How this process works the outside providers' steps (contract-extensions §11.4), read once from the environment:
 * `PROVIDER_PROCESSOR` (`on` by default; `off` keeps the process from advancing provider records, as
 * `TRANSFER_PROCESSOR` does for transfers), `PROVIDER_STEP_DELAY_MS` (the pause before each automatic step, 1000 by
 * default, 0 in tests) and `PROVIDER_BATCH_SIZE` (steps taken per poll of a queue).
 */
export class ProviderSettings {
  constructor(
    readonly processor: 'on' | 'off',
    readonly stepDelayMs: number,
    readonly batchSize: number,
  ) {}

  static fromEnvironment(env: NodeJS.ProcessEnv): ProviderSettings {
    const processor = (env.PROVIDER_PROCESSOR || 'on').toLowerCase();
    if (processor !== 'on' && processor !== 'off') throw new Error('PROVIDER_PROCESSOR must be "on" or "off"');
    return new ProviderSettings(processor, integer(env, 'PROVIDER_STEP_DELAY_MS', 1000, 0), integer(env, 'PROVIDER_BATCH_SIZE', 20, 1));
  }
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return value;
}
