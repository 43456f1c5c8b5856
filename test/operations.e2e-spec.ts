/**
 * The operator interface of contract §9, exercised the way an operator meets it: the BUILT entry points
 * (dist/apps/api/src/{cli,migrate,main,worker}.js) run as child processes, against a database of this file's own.
 * `npm test` builds first (pretest); running this file alone needs `npm run build` beforehand.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadAppConfig } from '@estate/shared-kernel';
import { createApp } from '../apps/api/src/create-app';
import { cloneTemplateDatabase, dropDatabase, TEST_TEMPLATE_ENV } from './support/test-database';
import { freePort } from './support/free-port';

const ROOT = resolve(__dirname, '..');
const DIST = join(ROOT, 'dist/apps/api/src');
const entry = (name: 'cli' | 'migrate' | 'main' | 'worker') => join(DIST, `${name}.js`);

interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}


/** The child's environment: the test run's, minus what would make it pick another database, plus `extra`. */
function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DEMO_DATA', 'PORT', 'ESTATE_DATA_DIR', 'EMBEDDED_POSTGRES_PORT', 'NODE_OPTIONS']) delete env[name];
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Runs a built entry point to completion (or kills it after `timeoutMs`). */
function run(script: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<Finished> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${script} ${args.join(' ')} did not finish within ${timeoutMs} ms\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }, timeoutMs);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr });
    });
  });
}

/** A long-running child (the API server) whose output is collected as it comes. */
class Server {
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  /** `group`: the server leads a process group of its own, as a terminal's foreground job does (see `signalGroup`). */
  constructor(env: NodeJS.ProcessEnv, options: { group?: boolean } = {}) {
    this.child = spawn(process.execPath, [entry('main')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: options.group ?? false });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((done) => this.child.on('close', (code, signal) => done({ code, signal })));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves once stdout matches; fails if the process exits first or the time runs out. */
  async waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = this.stdout.match(pattern);
      if (match) return match;
      if (!this.running) throw new Error(`main.js exited before printing ${pattern}\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`);
      if (Date.now() > deadline) throw new Error(`main.js did not print ${pattern} within ${timeoutMs} ms\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`);
      await new Promise((tick) => setTimeout(tick, 100));
    }
  }

  signal(name: NodeJS.Signals): void {
    this.child.kill(name);
  }

  /** The signal to the server's whole process group: what Ctrl-C in a terminal does (every process of the job gets it). */
  signalGroup(name: NodeJS.Signals): void {
    process.kill(-(this.child.pid as number), name);
  }

  /** Cleanup for a failed test: never leave a server behind. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`${what} took longer than ${ms} ms`)), ms))),
  ]);
}

/** The banner main.js prints with demo data: the token and a curl line (contract §9). */
async function demoAccess(server: Server, timeoutMs: number): Promise<{ token: string; url: string }> {
  const [, token] = await server.waitFor(/^Demo token \(enterprise tier\): (edk_\S+)$/m, timeoutMs);
  const [, curlToken, url] = await server.waitFor(/^\s*curl -s -H "Authorization: Bearer (\S+)" (http:\/\/\S+)$/m, 5_000);
  expect(curlToken).toBe(token);
  return { token, url };
}

/** The request log lines (one JSON object per line) among the server's standard output. */
function logLines(stdout: string): Array<Record<string, any>> {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>)
    .filter((entry) => 'request_id' in entry);
}

const apiKey = () => randomBytes(32).toString('base64');
const email = (label: string) => `${label}-${randomBytes(4).toString('hex')}@ops.example.test`;

describe('operator interface (built entry points)', () => {
  let databaseName: string;
  let databaseUrl: string;
  let fieldKey: string;
  /** An in-process app on the same database, to check that tokens minted by the CLI authenticate (or no longer do). */
  let app: NestExpressApplication;
  let appUrl: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const missing = ['cli', 'migrate', 'main', 'worker'].map((name) => entry(name as 'cli')).filter((file) => !existsSync(file));
    if (missing.length) {
      throw new Error(`the built service is missing (${missing.join(', ')}): run \`npm run build\` first (\`npm test\` does it in pretest)`);
    }
    const template = process.env[TEST_TEMPLATE_ENV] as string;
    databaseName = `${template.replace('estate_template_', 'estate_test_')}_ops_${randomBytes(4).toString('hex')}`;
    databaseUrl = await cloneTemplateDatabase(databaseName);
    fieldKey = apiKey();
    env = childEnv({ DATABASE_URL: databaseUrl, FIELD_ENCRYPTION_KEY: fieldKey, LOG_LEVEL: 'silent' });
    const config = loadAppConfig({ ...process.env, LOG_LEVEL: 'silent' }, { databaseUrl, fieldEncryptionKey: fieldKey, logLevel: 'silent' });
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    appUrl = await app.getUrl();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    if (databaseName) await dropDatabase(databaseName);
  });

  const statusWith = async (token: string, path = '/v1/cases') =>
    (await fetch(`${appUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;

  describe('cli.js', () => {
    const cli = (...args: string[]) => run(entry('cli'), args, env);

    it('invite --json prints exactly one JSON line, exits 0, and the token authenticates', async () => {
      const result = await cli('invite', '--email', email('pro'), '--tier', 'pro', '--json');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout.endsWith('\n')).toBe(true);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      const invitation = JSON.parse(lines[0]);
      expect(Object.keys(invitation).sort()).toEqual(['organization_id', 'role', 'tier', 'token', 'user_id']);
      expect(invitation).toEqual({
        organization_id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        user_id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        token: expect.stringMatching(/^edk_/),
        tier: 'pro',
        // The command created the organization: its first user is its owner (contract-extensions §13.2).
        role: 'owner',
      });
      expect(await statusWith(invitation.token)).toBe(200);
      expect(await statusWith('edk_' + 'x'.repeat(43))).toBe(401);
    }, 60_000);

    it('invite --org NAME twice joins the same organization', async () => {
      const org = `Ops Org ${randomBytes(3).toString('hex')}`;
      const first = await cli('invite', '--email', email('first'), '--tier', 'enterprise', '--org', org, '--json');
      const second = await cli('invite', '--email', email('second'), '--tier', 'enterprise', '--org', org, '--json');
      expect([first.code, second.code]).toEqual([0, 0]);
      const [a, b] = [JSON.parse(first.stdout), JSON.parse(second.stdout)];
      expect(b.organization_id).toBe(a.organization_id);
      expect(b.user_id).not.toBe(a.user_id);
      expect(b.tier).toBe('enterprise');
      // Creating the organization makes an owner; joining it, a member (contract-extensions §13.2).
      expect([a.role, b.role]).toEqual(['owner', 'member']);
      expect(await statusWith(a.token)).toBe(200);
      expect(await statusWith(b.token)).toBe(200);
    }, 60_000);

    it('invite --role sets the role, the user is active at once, and /v1/me tells it', async () => {
      const org = `Ops Roles ${randomBytes(3).toString('hex')}`;
      const first = JSON.parse((await cli('invite', '--email', email('first-admin'), '--tier', 'pro', '--org', org, '--role', 'admin', '--json')).stdout);
      const admin = JSON.parse((await cli('invite', '--email', email('admin'), '--tier', 'pro', '--org', org, '--role', 'admin', '--json')).stdout);
      const coOwner = JSON.parse((await cli('invite', '--email', email('co-owner'), '--tier', 'pro', '--org', org, '--role', 'owner', '--json')).stdout);
      expect([first.role, admin.role, coOwner.role]).toEqual(['admin', 'admin', 'owner']);
      const me = await fetch(`${appUrl}/v1/me`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { data: unknown }).data).toMatchObject({ id: admin.user_id, organization_id: admin.organization_id, org_role: 'admin', tier: 'pro' });
      const listed = await fetch(`${appUrl}/v1/pro-users?status=active`, { headers: { authorization: `Bearer ${coOwner.token}` } });
      expect((((await listed.json()) as { data: unknown }).data as Array<{ id: string; status: string }>).map((user) => user.id).sort()).toEqual(
        [first.user_id, admin.user_id, coOwner.user_id].sort(),
      );
    }, 60_000);

    it.each([
      ['an invalid tier', ['invite', '--email', 'someone@ops.example.test', '--tier', 'gold', '--json'], /tier/],
      ['a missing e-mail', ['invite', '--tier', 'pro', '--json'], /--email/],
      ['an unknown command', ['promote', '--email', 'someone@ops.example.test'], /usage/],
      ['an unknown option', ['invite', '--email', 'someone@ops.example.test', '--tier', 'pro', '--bogus'], /bogus/],
      ['an unknown role', ['invite', '--email', 'someone@ops.example.test', '--tier', 'pro', '--role', 'viewer', '--json'], /--role/],
    ])('refuses %s: non-zero exit, a message on stderr, nothing on stdout', async (_label, args, message) => {
      const result = await cli(...args);
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
    }, 60_000);

    it('--version prints the product version and the Node.js it runs on (the supported line, 24), exits 0, and touches no database', async () => {
      const result = await run(entry('cli'), ['--version'], childEnv({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }));
      const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
      expect(result).toMatchObject({ code: 0, stderr: '', stdout: `estate-desk ${version} on Node.js ${process.version}\n` });
      // The suite, and so every entry point it starts, runs on the project's own Node.js 24 (package.json `node`).
      expect(process.versions.node.split('.')[0]).toBe('24');
    }, 60_000);

    it('revoke --email E exits 0 and the token then gets 401', async () => {
      const address = email('revoked');
      const invited = await cli('invite', '--email', address, '--tier', 'pro', '--json');
      expect(invited.code).toBe(0);
      const { token } = JSON.parse(invited.stdout);
      expect(await statusWith(token)).toBe(200);

      const revoked = await cli('revoke', '--email', address, '--json');
      expect(revoked.stderr).toBe('');
      expect(revoked.code).toBe(0);
      expect(JSON.parse(revoked.stdout)).toEqual({ email: address, revoked_tokens: 1 });
      // Contract §9 (amended 2026-12-01): the 401 of a revoked token says that it was revoked; its code stays unauthorized.
      for (let round = 0; round < 2; round++) {
        const refused = await fetch(`${appUrl}/v1/cases`, { headers: { authorization: `Bearer ${token}` } });
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe('Bearer');
        expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/was revoked/) });
      }
      // A token that never existed is not called revoked.
      const unknown = await fetch(`${appUrl}/v1/cases`, { headers: { authorization: `Bearer edk_${randomBytes(32).toString('base64url')}` } });
      expect(((await unknown.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'unauthorized', message: expect.not.stringMatching(/revoked/) });
    }, 60_000);

    it('revoke of an unknown e-mail exits non-zero with a message', async () => {
      const address = email('nobody');
      const result = await cli('revoke', '--email', address);
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(address);
    }, 60_000);
  });

  describe('migrate.js', () => {
    it('exits 0 on an up-to-date database', async () => {
      const result = await run(entry('migrate'), [], env);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/up to date/);
    }, 60_000);

    it('exits non-zero with a clear message when the database cannot be reached', async () => {
      const port = await freePort();
      const result = await run(entry('migrate'), [], { ...env, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nothing` });
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(result.stderr).toMatch(/cannot reach the database/);
    }, 60_000);
  });

  describe('worker.js', () => {
    it('runs the transfer processor without HTTP until SIGTERM, then exits 0', async () => {
      const child = spawn(process.execPath, [entry('worker')], { cwd: ROOT, env: { ...env, TRANSFER_STEP_DELAY_MS: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('close', (code, signal) => done({ code, signal })));
      await new Promise<void>((running, fail) => {
        const timer = setTimeout(() => fail(new Error(`worker.js did not start within 20 s\n${stdout}\n${stderr}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (/estate-desk worker: transfer processor running/.test(stdout)) {
            clearTimeout(timer);
            running();
          }
        });
      });
      expect(stdout).toContain(` on Node.js ${process.version}\n`);
      child.kill('SIGTERM');
      expect({ ...(await exited), stdout, stderr }).toEqual({ code: 0, signal: null, stdout: expect.stringMatching(/SIGTERM received/), stderr: '' });
    }, 30_000);
  });

  describe('main.js', () => {
    let server: Server | undefined;
    afterEach(async () => {
      await server?.kill();
      server = undefined;
    });

    it('serves with DEMO_DATA=true: health, the printed curl line, one log line per request, SIGTERM exits 0', async () => {
      const port = await freePort();
      server = new Server({ ...env, PORT: String(port), DEMO_DATA: 'true', LOG_LEVEL: 'info' });
      const { token, url } = await demoAccess(server, 60_000);
      expect(url).toMatch(new RegExp(`^http://localhost:${port}/v1/cases/[0-9A-Z]{26}$`));

      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'up', ...(env.REDIS_URL ? { redis: 'up' } : {}) });

      const read = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'ops-curl-check' } });
      expect(read.status).toBe(200);
      const body = (await read.json()) as { data: { id: string; deceased?: { ssn?: string } } };
      expect(url.endsWith(body.data.id)).toBe(true);

      // Logs: one JSON line per request, with the route pattern and the organization; never a token or an SSN.
      await within(
        (async () => {
          while (!logLines(server!.stdout).some((entry) => entry.request_id === 'ops-curl-check')) await new Promise((tick) => setTimeout(tick, 50));
        })(),
        5_000,
        'the request log line',
      );
      const line = logLines(server.stdout).find((entry) => entry.request_id === 'ops-curl-check')!;
      expect(line).toMatchObject({
        req: { method: 'GET' },
        res: { status: 200 },
        route: '/v1/cases/:case_id',
        organization_id: expect.stringMatching(/^[0-9A-Z]{26}$/),
        duration_ms: expect.any(Number),
      });
      const logs = server.stdout.split('\n').filter((text) => text.startsWith('{')).join('\n');
      expect(logs).not.toContain(token);
      expect(logs).not.toMatch(/edk_/);
      expect(logs).not.toMatch(/123-?45-?6789/);

      server.signal('SIGTERM');
      const exit = await within(server.exited, 15_000, 'graceful shutdown after SIGTERM');
      expect(exit).toEqual({ code: 0, signal: null });
      expect(server.stdout).toMatch(/SIGTERM received/);
    }, 90_000);

    it('without DEMO_DATA and with DATABASE_URL set, creates no demo data', async () => {
      const port = await freePort();
      server = new Server({ ...env, PORT: String(port) });
      await server.waitFor(/listening on/, 60_000);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect(server.stdout).not.toMatch(/Demo token/);
      // It says at start-up which runtime serves, and no note of an unsupported one.
      expect(server.stdout).toContain(` on Node.js ${process.version}\n`);
      expect(server.stdout).not.toMatch(/not the supported line/);
      server.signal('SIGTERM');
      expect(await within(server.exited, 15_000, 'graceful shutdown after SIGTERM')).toEqual({ code: 0, signal: null });
    }, 90_000);

    it('answers /healthz 503 "database":"down" once its database is gone, and still stops cleanly', async () => {
      const name = `${databaseName}_gone`;
      const url = await cloneTemplateDatabase(name);
      try {
        const port = await freePort();
        server = new Server({ ...env, DATABASE_URL: url, PORT: String(port) });
        await server.waitFor(/listening on/, 60_000);
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

        await dropDatabase(name); // `with (force)`: the server's connections are terminated too
        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(health.status).toBe(503);
        expect(await health.json()).toMatchObject({ database: 'down' });

        server.signal('SIGTERM');
        expect(await within(server.exited, 15_000, 'graceful shutdown after SIGTERM')).toEqual({ code: 0, signal: null });
      } finally {
        await dropDatabase(name);
      }
    }, 90_000);

    it('exits non-zero with a clear message on stderr when DATABASE_URL points at an unreachable server', async () => {
      const unreachable = await freePort();
      const result = await run(entry('main'), [], { ...env, PORT: String(await freePort()), DATABASE_URL: `postgres://postgres@127.0.0.1:${unreachable}/test` }, 60_000);
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(result.stderr).toMatch(/cannot reach the database/);
      expect(result.stdout).not.toMatch(/listening/);
    }, 60_000);

    it('refuses to start with DATABASE_URL but no FIELD_ENCRYPTION_KEY', async () => {
      const result = await run(entry('main'), [], { ...env, PORT: String(await freePort()), FIELD_ENCRYPTION_KEY: undefined }, 60_000);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/FIELD_ENCRYPTION_KEY/);
    }, 60_000);

    // Issue 33 (item 11), contract §9 (amended 2026-12-01): the embedded database belongs to its data directory.
    it('two data directories started at once on one port each get a PostgreSQL of their own; no demo token is revoked; Ctrl-C stops the service before its database, without an error', async () => {
      const dirs = [mkdtempSync(join(tmpdir(), 'estate-ops-a-')), mkdtempSync(join(tmpdir(), 'estate-ops-b-'))];
      for (const dir of dirs) chmodSync(dir, 0o755);
      const [apiA, apiB, pgPort] = [await freePort(), await freePort(), await freePort()];
      const start = (dir: string, apiPort: number) =>
        new Server(childEnv({ PORT: String(apiPort), ESTATE_DATA_DIR: dir, EMBEDDED_POSTGRES_PORT: String(pgPort), FIELD_ENCRYPTION_KEY: undefined, LOG_LEVEL: 'info' }), { group: true });
      const pgPortOf = (dir: string) => Number(readFileSync(join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
      const isListening = (port: number) =>
        new Promise<boolean>((done) => {
          const probe = createServer();
          probe.once('error', () => done(true));
          probe.listen(port, '127.0.0.1', () => probe.close(() => done(false)));
        });
      const status = async (url: string, token: string) => (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status;
      let servers: Server[] = [];
      try {
        servers = [start(dirs[0], apiA), start(dirs[1], apiB)];
        const [a, b] = await Promise.all(servers.map((server) => demoAccess(server, 180_000)));
        // Two servers, one per data directory, each named in its start-up line; the one that found the port taken says so.
        const [portA, portB] = dirs.map(pgPortOf);
        expect(portA).not.toBe(portB);
        expect([portA, portB]).toContain(pgPort);
        for (const [index, server] of servers.entries()) {
          expect(server.stdout).toContain(`embedded PostgreSQL of ${join(dirs[index], 'postgres')} on port ${[portA, portB][index]}`);
        }
        const moved = servers[[portA, portB].indexOf(pgPort) === 0 ? 1 : 0];
        expect(moved.stdout).toMatch(new RegExp(`^Note: port ${pgPort} serves the embedded PostgreSQL of .*estate-ops-[ab]-.*/postgres, so the server of this data directory listens on port \\d+\\.$`, 'm'));
        // Each token works on its own service, and is unknown to the other one's database.
        expect(await status(a.url, a.token)).toBe(200);
        expect(await status(b.url, b.token)).toBe(200);
        expect(await status(`http://127.0.0.1:${apiB}/v1/cases`, a.token)).toBe(401);
        expect(await status(`http://127.0.0.1:${apiA}/v1/cases`, b.token)).toBe(401);
        // The operator CLI of the checkout whose server moved finds that server (not the one on the port it asks for).
        const movedIndex = servers.indexOf(moved);
        const invited = await run(
          entry('cli'),
          ['invite', '--email', email('moved'), '--tier', 'pro', '--json'],
          childEnv({ ESTATE_DATA_DIR: dirs[movedIndex], EMBEDDED_POSTGRES_PORT: String(pgPort), FIELD_ENCRYPTION_KEY: undefined, LOG_LEVEL: 'silent' }),
        );
        expect(invited.code).toBe(0);
        const { token: movedToken } = JSON.parse(invited.stdout) as { token: string };
        expect(await status(`http://127.0.0.1:${[apiA, apiB][movedIndex]}/v1/cases`, movedToken)).toBe(200);
        expect(await status(`http://127.0.0.1:${[apiA, apiB][1 - movedIndex]}/v1/cases`, movedToken)).toBe(401);

        // Start-up prints the banner, not a log line per route (or per module).
        for (const server of servers) {
          expect(server.stdout).not.toMatch(/Mapped \{|RouterExplorer|RoutesResolver|InstanceLoader/);
          const beforeBanner = server.stdout.slice(0, server.stdout.indexOf('Estate Desk API listening')).split('\n').filter((line) => line.startsWith('{'));
          expect(beforeBanner.length).toBeLessThan(5);
        }

        // Ctrl-C (SIGINT to the whole process group): the service drains and stops, then its database; no warning or error.
        const [first] = servers;
        const printed = first.stdout.length;
        first.signalGroup('SIGINT');
        expect(await within(first.exited, 20_000, 'shutdown after Ctrl-C')).toEqual({ code: 0, signal: null });
        const afterSignal = first.stdout.slice(printed);
        expect(afterSignal).toMatch(/SIGINT received/);
        const loud = afterSignal.split('\n').filter((line) => line.startsWith('{')).filter((line) => (JSON.parse(line) as { level: number }).level >= 40);
        expect(loud).toEqual([]);
        expect(first.stderr).toBe('');
        expect(await isListening(portA)).toBe(false);

        // A restart of the first keeps its token (and revokes nobody's); the second served on meanwhile, untouched.
        servers[0] = start(dirs[0], apiA);
        const again = await demoAccess(servers[0], 180_000);
        expect(again.token).toBe(a.token);
        expect(await status(again.url, a.token)).toBe(200);
        expect(await status(b.url, b.token)).toBe(200);
      } finally {
        await Promise.all(servers.map((server) => server.kill()));
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    }, 420_000);

    it('without DATABASE_URL runs an embedded PostgreSQL, keeps its key and its demo token, serves demo data and stops it on SIGTERM', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'estate-ops-'));
      // As root the embedded server runs as the `postgres` user, which must reach its data directory.
      chmodSync(dataDir, 0o755);
      try {
        const [apiPort, pgPort] = [await freePort(), await freePort()];
        server = new Server(
          childEnv({ PORT: String(apiPort), ESTATE_DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(pgPort), FIELD_ENCRYPTION_KEY: undefined, LOG_LEVEL: 'silent' }),
        );
        const { token, url } = await demoAccess(server, 120_000);
        expect(server.stdout).toMatch(/embedded PostgreSQL/);
        expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
        expect(Buffer.from(readFileSync(join(dataDir, 'field-encryption.key'), 'utf8').trim(), 'base64')).toHaveLength(32);
        expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

        server.signal('SIGTERM');
        expect(await within(server.exited, 15_000, 'graceful shutdown after SIGTERM')).toEqual({ code: 0, signal: null });
        // The embedded server went down with the API (nothing left listening on its port).
        const listening = await new Promise<boolean>((done) => {
          const probe = createServer();
          probe.once('error', () => done(true));
          probe.listen(pgPort, '127.0.0.1', () => probe.close(() => done(false)));
        });
        expect(listening).toBe(false);

        // A restart prints the same demo token, kept beside the data (readable by its owner only), still accepted;
        // and says that webhooks to this machine are allowed.
        expect(readFileSync(join(dataDir, 'demo-token'), 'utf8').trim()).toBe(token);
        expect(statSync(join(dataDir, 'demo-token')).mode & 0o777).toBe(0o600);
        server = new Server(
          childEnv({ PORT: String(apiPort), ESTATE_DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(pgPort), FIELD_ENCRYPTION_KEY: undefined, LOG_LEVEL: 'silent' }),
        );
        const again = await demoAccess(server, 120_000);
        expect(again.token).toBe(token);
        expect(server.stdout).toMatch(/^Webhooks: targets on this machine are allowed over http \(WEBHOOK_ALLOW_LOOPBACK=on\)/m);
        expect((await fetch(again.url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
        server.signal('SIGTERM');
        expect(await within(server.exited, 15_000, 'graceful shutdown after SIGTERM')).toEqual({ code: 0, signal: null });
      } finally {
        await server?.kill();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 300_000);
  });
});
