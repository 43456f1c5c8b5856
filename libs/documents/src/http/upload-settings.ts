/**
 * How uploads are bounded in time and in connections (contract §11.1, amended 2026-12-01), read from the environment
 * when the documents module loads; their bytes are bounded by the contract itself (25 MiB a file).
 */
export class UploadSettings {
  constructor(
    /** `UPLOAD_IDLE_TIMEOUT_MS`: a body that sends no byte for this long is refused (`400`) and its connection closed. */
    readonly idleTimeoutMs: number,
    /** `UPLOAD_QUEUE_TIMEOUT_MS`: how long a received upload waits for its turn at the database before `503`. */
    readonly queueTimeoutMs: number,
    /** `UPLOAD_DATABASE_SLOTS`: uploads at the database at once in one process (default: half of `DATABASE_POOL_MAX`). */
    readonly databaseSlots: number,
  ) {}
}

export const DEFAULT_UPLOAD_IDLE_TIMEOUT_MS = 30_000;
export const DEFAULT_UPLOAD_QUEUE_TIMEOUT_MS = 30_000;

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function uploadSettings(env: NodeJS.ProcessEnv, databasePoolMax: number): UploadSettings {
  return new UploadSettings(
    positiveInteger(env, 'UPLOAD_IDLE_TIMEOUT_MS', DEFAULT_UPLOAD_IDLE_TIMEOUT_MS),
    positiveInteger(env, 'UPLOAD_QUEUE_TIMEOUT_MS', DEFAULT_UPLOAD_QUEUE_TIMEOUT_MS),
    // Never the whole pool: what uploads leave is what every other request of the process has.
    Math.min(positiveInteger(env, 'UPLOAD_DATABASE_SLOTS', Math.max(1, Math.floor(databasePoolMax / 2))), Math.max(1, databasePoolMax - 1)),
  );
}
