import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { AppConfig, loadAppConfig } from '@estate/shared-kernel/operator';
import { startEmbeddedDatabase } from './database/embedded-database';
import { applyMigrations, hasPendingMigrations } from './database/migrate';

export const LOCAL_DATA_DIR = resolve(process.env.ESTATE_DATA_DIR ?? 'data');
const EMBEDDED_PORT = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329);

export interface Runtime {
  config: AppConfig;
  embedded: boolean;
  /** What serves the data, for the start-up line: `DATABASE_URL`, or the embedded server's data directory and port. */
  database: string;
  /** Why the embedded server is not on `EMBEDDED_POSTGRES_PORT` (that port serves another data directory), if so. */
  note?: string;
  stop(): Promise<void>;
}

/** The embedded default keeps its own key beside its data, so encrypted values survive restarts. */
function localEncryptionKey(): string {
  const keyFile = resolve(LOCAL_DATA_DIR, 'field-encryption.key');
  if (!existsSync(keyFile)) {
    mkdirSync(dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, randomBytes(32).toString('base64') + '\n', { mode: 0o600 });
  }
  return readFileSync(keyFile, 'utf8').trim();
}

/**
 * Resolves where the data lives: `DATABASE_URL`, or without it an embedded PostgreSQL of ./data/postgres
 * (`ESTATE_DATA_DIR`), on `EMBEDDED_POSTGRES_PORT` (54329) unless that port serves something else.
 * Applies pending migrations before anything serves, and fails with a clear message when it cannot.
 */
export async function prepareRuntime(options: { migrate: boolean }): Promise<Runtime> {
  const env = process.env;
  const embedded = !env.DATABASE_URL;
  // The embedded server belongs to its data directory (contract §9): its own, or a new one on a free port, never another checkout's.
  const database = embedded
    ? await startEmbeddedDatabase({ dataDir: resolve(LOCAL_DATA_DIR, 'postgres'), port: EMBEDDED_PORT, persistent: true, detached: true })
    : { url: env.DATABASE_URL as string, stop: async () => undefined };
  const label = 'dataDir' in database ? `embedded PostgreSQL of ${database.dataDir} on port ${database.port}` : 'DATABASE_URL';
  const note = 'note' in database ? database.note : undefined;
  try {
    const config = loadAppConfig(env, {
      databaseUrl: database.url,
      fieldEncryptionKey: env.FIELD_ENCRYPTION_KEY || (embedded ? localEncryptionKey() : undefined),
      embedded,
    });
    if (options.migrate && (await hasPendingMigrations(config.databaseUrl))) await applyMigrations(config.databaseUrl);
    return { config, embedded, database: label, note, stop: database.stop };
  } catch (error) {
    await database.stop();
    throw error;
  }
}

/** Operator-facing failure: one clear line on standard error and a non-zero exit. */
export function exitWith(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  const unreachable = /ECONNREFUSED|ENOTFOUND|getaddrinfo|timeout|password authentication/i.test(message);
  process.stderr.write(`estate-desk: ${unreachable ? `cannot reach the database (${message})` : message}\n`);
  process.exit(1);
}
