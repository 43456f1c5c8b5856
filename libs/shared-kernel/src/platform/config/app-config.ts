/**
 * Settings read once from the environment. Every other module receives this object through DI,
 * so tests can build an app with their own values (a small rate limit, a fixed key) without touching process.env.
 */
export class AppConfig {
  constructor(
    readonly databaseUrl: string,
    readonly redisUrl: string | undefined,
    readonly port: number,
    /** 32-byte key for AES-256-GCM encryption of sensitive numbers at rest. */
    readonly fieldEncryptionKey: Buffer,
    readonly rateLimits: Readonly<Record<Tier, number>>,
    readonly rateLimitWindowMs: number,
    /** `AUTH_FAILURE_LIMIT` (contract §2): failed authentications per client address and minute before `429`; 0 = none. */
    readonly authFailureLimit: number,
    readonly logLevel: string,
    readonly transferProcessor: 'on' | 'off',
    readonly transferStepDelayMs: number,
    readonly idempotencyRetentionHours: number,
    /** Connections each process keeps to PostgreSQL at most (`DATABASE_POOL_MAX`). */
    readonly databasePoolMax: number = 10,
    /** Webhooks (contract §14.6–§14.8): `WEBHOOK_DISPATCHER`, `WEBHOOK_RETRY_SCHEDULE` (seconds), `WEBHOOK_ALLOWED_TARGETS`. */
    readonly webhookDispatcher: 'on' | 'off' = 'on',
    readonly webhookRetrySchedule: readonly number[] = DEFAULT_WEBHOOK_RETRY_SCHEDULE,
    readonly webhookAllowedTargets: readonly string[] = [],
    readonly webhookTimeoutMs: number = 15_000,
    /** Contract §14.2: scheduled events (deadline reminders) every `EVENT_SCHEDULER_INTERVAL_MS` (whole minutes) and at start-up. */
    readonly eventSchedulerIntervalMs: number = 600_000,
    /** Contract §14.1: events are kept `EVENT_RETENTION_DAYS` days. */
    readonly eventRetentionDays: number = 30,
    /** The job queue (issue 17): `JOBS=off` keeps this process from working any queue; `SCHEDULER=off` from cron work. */
    readonly jobs: Switch = 'on',
    readonly scheduler: Switch = 'on',
    /** `JOB_POLL_INTERVAL_MS`: how often an idle worker asks for due jobs (pg-boss's floor is 500). */
    readonly jobPollIntervalMs: number = 500,
    /** `TRANSFER_STEP_RETRIES`: how often a failing transfer step is retried (with backoff) before the transfer fails. */
    readonly transferStepRetries: number = 6,
    /**
     * `WEBHOOK_ALLOW_LOOPBACK`: webhook targets on this machine (`127.0.0.0/8`, `::1`, `localhost`, over http) are
     * allowed, so a developer receives webhooks locally. On by default on the embedded database only; off in production.
     */
    readonly webhookAllowLoopback: boolean = false,
    /**
     * `INVITATION_RATE_LIMIT` (contract-extensions §13.4): requests per client address and minute to the invitation
     * routes, which take no `Authorization`; 0 = none.
     */
    readonly invitationRateLimit: number = 10,
    /**
     * `DOWNLOAD_RATE_LIMIT` (contract-extensions §13.4): requests per client address and minute to the signed document
     * download links (`/v1/document-downloads/*`), which take no `Authorization`; 0 = none.
     */
    readonly downloadRateLimit: number = 60,
  ) {}
}

/** Contract §14.6: the delays before each retry, in seconds (10 attempts over about 3 days and 4 hours). */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];

function webhookRetryScheduleFromEnv(raw: string | undefined): readonly number[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_WEBHOOK_RETRY_SCHEDULE;
  const delays = raw.split(',').map((part) => Number(part.trim()));
  if (delays.some((delay) => !Number.isFinite(delay) || delay < 0)) {
    throw new Error(`WEBHOOK_RETRY_SCHEDULE must be comma-separated non-negative seconds, got "${raw}"`);
  }
  return delays;
}

export type Tier = 'pro' | 'enterprise';
export type Switch = 'on' | 'off';

function switchFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: Switch = 'on'): Switch {
  const value = (env[name] || fallback).toLowerCase();
  if (value !== 'on' && value !== 'off') throw new Error(`${name} must be "on" or "off"`);
  return value;
}
export const TIERS: readonly Tier[] = ['pro', 'enterprise'];

export interface AppConfigOverrides {
  databaseUrl: string;
  redisUrl?: string;
  fieldEncryptionKey?: string | Buffer;
  rateLimits?: Partial<Record<Tier, number>>;
  authFailureLimit?: number;
  invitationRateLimit?: number;
  downloadRateLimit?: number;
  port?: number;
  logLevel?: string;
  /** The embedded default (no `DATABASE_URL`): a developer's machine, where loopback webhook targets are allowed. */
  embedded?: boolean;
}

export function decodeEncryptionKey(value: string | Buffer): Buffer {
  const key = Buffer.isBuffer(value) ? value : Buffer.from(value, 'base64');
  if (key.length !== 32) {
    throw new Error('FIELD_ENCRYPTION_KEY must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)');
  }
  return key;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** Builds the configuration from the environment plus what the bootstrap resolved (database URL, key). */
export function loadAppConfig(env: NodeJS.ProcessEnv, resolved: AppConfigOverrides): AppConfig {
  const processorSetting = switchFromEnv(env, 'TRANSFER_PROCESSOR');
  const dispatcherSetting = switchFromEnv(env, 'WEBHOOK_DISPATCHER');
  const key = resolved.fieldEncryptionKey ?? env.FIELD_ENCRYPTION_KEY;
  if (!key) throw new Error('FIELD_ENCRYPTION_KEY is required when DATABASE_URL is set');
  return new AppConfig(
    resolved.databaseUrl,
    resolved.redisUrl ?? (env.REDIS_URL || undefined),
    resolved.port ?? intFromEnv(env, 'PORT', 3000),
    decodeEncryptionKey(key),
    {
      pro: resolved.rateLimits?.pro ?? intFromEnv(env, 'RATE_LIMIT_PRO', 300),
      enterprise: resolved.rateLimits?.enterprise ?? intFromEnv(env, 'RATE_LIMIT_ENTERPRISE', 1000),
    },
    60_000,
    resolved.authFailureLimit ?? intFromEnv(env, 'AUTH_FAILURE_LIMIT', 60),
    resolved.logLevel ?? env.LOG_LEVEL ?? 'info',
    processorSetting,
    intFromEnv(env, 'TRANSFER_STEP_DELAY_MS', 3000),
    24,
    intFromEnv(env, 'DATABASE_POOL_MAX', 10) || 10,
    dispatcherSetting,
    webhookRetryScheduleFromEnv(env.WEBHOOK_RETRY_SCHEDULE),
    (env.WEBHOOK_ALLOWED_TARGETS ?? '').split(',').map((target) => target.trim()).filter(Boolean),
    intFromEnv(env, 'WEBHOOK_TIMEOUT_MS', 15_000) || 15_000,
    intFromEnv(env, 'EVENT_SCHEDULER_INTERVAL_MS', 600_000) || 600_000,
    intFromEnv(env, 'EVENT_RETENTION_DAYS', 30) || 30,
    switchFromEnv(env, 'JOBS'),
    switchFromEnv(env, 'SCHEDULER'),
    Math.max(500, intFromEnv(env, 'JOB_POLL_INTERVAL_MS', 500)),
    intFromEnv(env, 'TRANSFER_STEP_RETRIES', 6),
    switchFromEnv(env, 'WEBHOOK_ALLOW_LOOPBACK', resolved.embedded ? 'on' : 'off') === 'on',
    resolved.invitationRateLimit ?? intFromEnv(env, 'INVITATION_RATE_LIMIT', 10),
    resolved.downloadRateLimit ?? intFromEnv(env, 'DOWNLOAD_RATE_LIMIT', 60),
  );
}
