/**
 * How the simulated network behaves in time. `ACH_SIMULATOR_RETURN_DELAY_MS`: how long after accepting an entry it
 * reports a return, R01 included (four step delays by default, so a demo transfer settles first and is returned after:
 * zero in tests with zero delays). `ACH_SIMULATOR_REALISTIC_TIMING` (`off` by default): `on` times returns as a real
 * network's, an R01 no earlier than the banking day after the expected settlement, and holds settled money for the
 * banking-day window instead of the return delay. `ACH_SIMULATOR_LATENCY_MS`: how long each call to it takes (0 by
 * default; the fault scripts set it so that a process killed during a step is often killed inside the network call).
 */
export class AchSimulatorSettings {
  constructor(
    readonly returnDelayMs: number,
    readonly latencyMs: number,
    readonly realisticTiming: boolean = false,
  ) {}
}

export function loadAchSimulatorSettings(env: NodeJS.ProcessEnv, transferStepDelayMs: number): AchSimulatorSettings {
  return new AchSimulatorSettings(
    milliseconds(env, 'ACH_SIMULATOR_RETURN_DELAY_MS', 4 * transferStepDelayMs),
    milliseconds(env, 'ACH_SIMULATOR_LATENCY_MS', 0),
    onOff(env, 'ACH_SIMULATOR_REALISTIC_TIMING'),
  );
}

function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds, got "${raw}"`);
  return value;
}

function onOff(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'off') return false;
  if (raw === 'on') return true;
  throw new Error(`${name} must be on or off, got "${env[name]}"`);
}
