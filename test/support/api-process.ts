/**
 * BUILT service processes (dist/apps/api/src/*.js) as child processes, for the suites that need several processes on
 * one database (multi-process, cluster). Running such a file alone needs `npm run build` (or
 * `node scripts/build-if-changed.js`) beforehand; `assertBuilt` says so.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { ulid } from 'ulid';
import { freePort } from './free-port';
import { cloneTemplateDatabase, dropDatabase, TEST_TEMPLATE_ENV } from './test-database';

export const ROOT = resolve(__dirname, '..', '..');
export const DIST = join(ROOT, 'dist/apps/api/src');

/** The parent's environment without the settings that would make a child pick another database, port or data dir. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DEMO_DATA', 'PORT', 'ESTATE_DATA_DIR', 'EMBEDDED_POSTGRES_PORT', 'NODE_OPTIONS']) delete env[name];
  return { ...env, ...extra };
}

export function assertBuilt(...names: string[]): void {
  const missing = names.map((name) => join(DIST, `${name}.js`)).filter((file) => !existsSync(file));
  if (missing.length) throw new Error(`the built service is missing (${missing.join(', ')}): run \`npm run build\` first`);
}

/** A user and token written straight into the database (quicker than the CLI), in a new organization of `tier`. */
export async function insertUser(sql: Client, tier: 'pro' | 'enterprise' = 'enterprise'): Promise<{ email: string; token: string; organizationId: string; userId: string }> {
  const email = `multi-${randomBytes(4).toString('hex')}@multi.example.test`;
  const token = `edk_${randomBytes(32).toString('base64url')}`;
  const [organizationId, userId] = [ulid(), ulid()];
  await sql.query(`insert into organizations (id, name, tier, created_at) values ($1, $2, $3, now())`, [organizationId, email, tier]);
  await sql.query(`insert into users (id, organization_id, email, created_at) values ($1, $2, $3, now())`, [userId, organizationId, email]);
  await sql.query(`insert into access_tokens (id, user_id, token_hash, created_at) values ($1, $2, $3, now())`, [
    ulid(),
    userId,
    createHash('sha256').update(token).digest('hex'),
  ]);
  return { email, token, organizationId, userId };
}

export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(DIST, 'cli.js'), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** One `main.js` on its own port. `ready()` waits for its "listening on" line. */
export class ApiProcess {
  output = '';
  readonly exited: Promise<void>;
  private readonly child: ChildProcess;

  constructor(
    readonly port: number,
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(process.execPath, [join(DIST, 'main.js')], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((done) =>
      this.child.on('close', (code, signal) => {
        // A process that ends when no test asked it to is a finding: what it printed is shown with the suite's output.
        if (!this.stopping) process.stderr.write(`main.js on port ${port} exited unexpectedly (code ${code}, signal ${signal}); its last output:\n${this.output.slice(-8000)}\n`);
        done();
      }),
    );
  }

  /** Set when a test stops or kills the process: its end is then expected. */
  private stopping = false;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    return this.child.pid as number;
  }

  async ready(timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!/listening on/.test(this.output)) {
      if (this.child.exitCode !== null) throw new Error(`main.js exited:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`main.js did not start within ${timeoutMs} ms:\n${this.output}`);
      await new Promise((tick) => setTimeout(tick, 50));
    }
  }

  get(path: string, token: string): Promise<Response> {
    return fetch(`${this.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  }

  post(path: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  kill(): Promise<void> {
    this.stopping = true;
    this.child.kill('SIGKILL');
    return this.exited;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.stopping = true;
    this.child.kill('SIGTERM');
    await this.exited;
  }
}

/** Two built API processes on one database of their own, and a client of that database for assertions. */
export interface ProcessPair {
  a: ApiProcess;
  b: ApiProcess;
  sql: Client;
  env: NodeJS.ProcessEnv;
  databaseName: string;
  stop(): Promise<void>;
}

/** A database cloned from the migrated template for processes of a suite (named after `label`), and a client of it. */
async function processDatabase(label: string): Promise<{ databaseName: string; databaseUrl: string; sql: Client }> {
  const template = process.env[TEST_TEMPLATE_ENV] as string;
  const databaseName = `${template.replace('estate_template_', 'estate_test_')}_${label}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await cloneTemplateDatabase(databaseName);
  const sql = new Client({ connectionString: databaseUrl });
  await sql.connect();
  return { databaseName, databaseUrl, sql };
}

/**
 * Starts two API processes on a database cloned from the migrated template (named after `label`), with a fresh field
 * key, silent logs and `settings` in their environment; answers once both are ready.
 */
export async function startProcessPair(label: string, settings: Record<string, string>): Promise<ProcessPair> {
  const { databaseName, databaseUrl, sql } = await processDatabase(label);
  const env = childEnv({ DATABASE_URL: databaseUrl, FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'silent', ...settings });
  const a = new ApiProcess(await freePort(), env);
  const b = new ApiProcess(await freePort(), env);
  const stop = async () => {
    await Promise.all([a.stop(), b.stop()]);
    await sql.end();
    await dropDatabase(databaseName);
  };
  try {
    await Promise.all([a.ready(), b.ready()]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { a, b, sql, env, databaseName, stop };
}

/** One built API process on a database of its own, and a client of that database for assertions. */
export interface SingleProcess {
  api: ApiProcess;
  sql: Client;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** The same as `startProcessPair`, with one process. */
export async function startApiProcess(label: string, settings: Record<string, string>): Promise<SingleProcess> {
  const { databaseName, databaseUrl, sql } = await processDatabase(label);
  const env = childEnv({ DATABASE_URL: databaseUrl, FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'silent', ...settings });
  const api = new ApiProcess(await freePort(), env);
  const stop = async () => {
    await api.stop();
    await sql.end();
    await dropDatabase(databaseName);
  };
  try {
    await api.ready();
  } catch (error) {
    await stop();
    throw error;
  }
  return { api, sql, env, stop };
}

/**
 * Whether a request now holds this idempotency key: its transaction holds the key's advisory lock (the kernel's
 * IdempotencyStore). Read from `pg_locks` (a 64-bit key is classid, the high half, and objid, the low), so looking
 * never takes the lock.
 */
export async function idempotencyKeyHeld(sql: { query(text: string, values: unknown[]): Promise<{ rows: Array<{ held: boolean }> }> }, organizationId: string, key: string): Promise<boolean> {
  const { rows } = await sql.query(
    `select exists (
       select 1 from pg_locks l, (select hashtextextended('idempotency:' || $1 || ':' || $2, 0) as h) k
        where l.locktype = 'advisory' and l.granted and l.objsubid = 1
          and l.classid::bigint = ((k.h >> 32) & 4294967295) and l.objid::bigint = (k.h & 4294967295)) as held`,
    [organizationId, key],
  );
  return rows[0].held;
}
