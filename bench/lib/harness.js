'use strict';
/**
 * What the benches share: a scratch database on the configured PostgreSQL (or an embedded one), the built app, a load
 * generator in a child process, and a plain-text table.
 */
const { spawn } = require('node:child_process');
const { chmodSync, existsSync, mkdtempSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');

function positiveInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function requireBuilt(relative) {
  const file = join(DIST, relative);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (the npm bench scripts do)`);
  return require(file);
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => (port ? done(port) : fail(new Error('no free port'))));
    });
  });
}

function withDatabase(url, database) {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/** A fresh scratch database on the configured server, or an embedded throwaway server when none answers. */
async function prepareDatabase(name) {
  const { Client } = require('pg');
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    if (process.env.DATABASE_URL) throw new Error(`cannot reach DATABASE_URL (${error.message})`);
    return prepareEmbeddedDatabase(error);
  }
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  return {
    url,
    name,
    where: `${new URL(url).host} (scratch database ${name})`,
    async dispose() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function prepareEmbeddedDatabase(reason) {
  const { startEmbeddedDatabase } = requireBuilt('apps/api/src/database/embedded-database.js');
  process.stderr.write(`no PostgreSQL at the default address (${reason.message}); starting an embedded one\n`);
  const parent = mkdtempSync(join(tmpdir(), 'estate-bench-'));
  chmodSync(parent, 0o755); // as root the server runs as `postgres`, which must reach its data directory
  const embedded = await startEmbeddedDatabase({ dataDir: join(parent, 'postgres'), port: await freePort(), persistent: false });
  return {
    url: embedded.url,
    name: new URL(embedded.url).pathname.slice(1),
    where: 'embedded PostgreSQL (temporary)',
    async dispose() {
      await embedded.stop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

/** Runs `file --mode <json>` in a child process and returns the last JSON line it prints. */
function runChild(file, mode, options) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [file, mode, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(`the load generator (${mode}) exited with ${code}`));
      try {
        done(JSON.parse(out.trim().split('\n').pop()));
      } catch {
        fail(new Error(`unreadable load generator output: ${out}`));
      }
    });
  });
}

/** Child side of `runChild(…, '--autocannon', options)`: one autocannon run, its summary as JSON. */
async function autocannonMode(optionsJson) {
  const autocannon = require('autocannon');
  const options = JSON.parse(optionsJson);
  const result = await autocannon({ ...options, renderProgressBar: false, renderResultsTable: false });
  process.stdout.write(
    JSON.stringify({
      requestsPerSecond: result.requests.average,
      total: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      status304: result['3xx'],
    }) + '\n',
  );
}

/**
 * Child side of `runChild(…, '--timed-fetch', { url, headers, repeat, warmup })`: a warm-up request (unless `warmup` is
 * false), then `repeat`
 * sequential GETs of `url`, each timed from the request to the body's last byte (a client of its own process, as the
 * load generator is: the app's event loop does not also decode and parse what it sent). Prints the times in ms and the
 * body's size.
 */
async function timedFetchMode(optionsJson) {
  const { url, headers, repeat, warmup = true } = JSON.parse(optionsJson);
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${url}: expected 200, got ${response.status}: ${body.toString('utf8', 0, 500)}`);
    return { elapsed, bytes: body.length };
  };
  if (warmup) await once();
  const times = [];
  let bytes = 0;
  for (let i = 0; i < repeat; i++) ({ elapsed: times[i], bytes } = await once());
  process.stdout.write(JSON.stringify({ times, bytes }) + '\n');
}

function formatTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column] ?? '').length)));
  return rows
    .map((row, index) => {
      const line = row
        .map((cell, column) => (column === 0 ? String(cell ?? '').padEnd(widths[column]) : String(cell ?? '').padStart(widths[column])))
        .join('   ');
      return index === 0 ? `${line}\n${widths.map((width) => '-'.repeat(width)).join('   ')}` : line;
    })
    .join('\n');
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}x` : 'n/a');

async function expectJson(response, status, what) {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * The built app on a migrated scratch database, listening on a free local port, with rate limits high enough that a
 * bench measures the stack rather than the 429 path, and a member of a new enterprise organization to call it as.
 * `keepAliveMs` keeps an idle client connection open when a bench times work in-process between requests.
 */
async function startBenchApp(databaseUrl, { keepAliveMs } = {}) {
  require('reflect-metadata');
  const { randomBytes } = require('node:crypto');
  const { createApp } = requireBuilt('apps/api/src/create-app.js');
  const { applyMigrations } = requireBuilt('apps/api/src/database/migrate.js');
  const { loadAppConfig } = requireBuilt('libs/shared-kernel/src/index.js');
  const { OperatorEnrolment } = requireBuilt('libs/people/src/index.js');
  const { EntityManager } = require('@mikro-orm/postgresql');
  await applyMigrations(databaseUrl);
  const config = loadAppConfig(
    { ...process.env, LOG_LEVEL: 'silent' },
    { databaseUrl, fieldEncryptionKey: randomBytes(32), rateLimits: { pro: 1_000_000_000, enterprise: 1_000_000_000 }, logLevel: 'silent' },
  );
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  if (keepAliveMs) app.getHttpServer().keepAliveTimeout = keepAliveMs;
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const enrolment = new OperatorEnrolment(app.get(EntityManager).fork());
  const invitation = await enrolment.invite(`bench-${randomBytes(4).toString('hex')}@bench.example.test`, 'enterprise', `bench-${Date.now()}`);
  const headers = { authorization: `Bearer ${invitation.token}`, 'content-type': 'application/json' };
  return { app, config, base, headers, invitation };
}

module.exports = { ROOT, DIST, positiveInt, requireBuilt, freePort, withDatabase, prepareDatabase, startBenchApp, runChild, autocannonMode, timedFetchMode, formatTable, megabytes, ms, ratio, expectJson };
