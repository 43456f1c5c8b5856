#!/usr/bin/env node
/**
 * What the stack costs on the hottest read: `GET /v1/cases/{id}` through every guard, interceptor and filter
 * (authentication, rate limit, case access, ETag, masking serializer, one PostgreSQL round trip or more) against a
 * bare Express route in the same process returning the same JSON from memory. Prints requests/s, p50 and p99 of both
 * and their ratio (full stack / bare).
 *
 *   npm run bench                                  (builds first; 10 s per route at 50 connections)
 *   BENCH_SECONDS=2 BENCH_CONNECTIONS=10 npm run bench
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a scratch database `estate_bench` is
 * created fresh on that server and dropped afterwards; without a reachable server an embedded PostgreSQL is started
 * in a temporary directory), REDIS_URL (rate-limit counters in Redis when set, as in production; in memory otherwise),
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (2).
 *
 * The load generator runs in a child process (this file with `--load`), so it does not share the app's event loop.
 */
'use strict';

const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { chmodSync, existsSync, mkdtempSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir, cpus } = require('node:os');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
const DIST = join(ROOT, 'dist');

function positiveInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Child mode: run autocannon once and print its summary as JSON on stdout.
// ---------------------------------------------------------------------------------------------------------------
async function loadMode(optionsJson) {
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
      mismatches: result.mismatches,
    }) + '\n',
  );
}

function runLoad(options) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [__filename, '--load', JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(`the load generator exited with ${code}`));
      try {
        done(JSON.parse(out.trim().split('\n').pop()));
      } catch (error) {
        fail(new Error(`unreadable load generator output: ${out}`));
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Parent mode: database, app, data, two runs, the table.
// ---------------------------------------------------------------------------------------------------------------
function requireBuilt(relative) {
  const file = join(DIST, relative);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (\`npm run bench\` does)`);
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

/** A fresh `estate_bench` on the configured server, or an embedded throwaway server when none answers. */
async function prepareDatabase() {
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
    await admin.query('drop database if exists estate_bench with (force)');
    await admin.query('create database estate_bench');
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, 'estate_bench');
  return {
    url,
    where: `${new URL(url).host} (scratch database estate_bench)`,
    async dispose() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query('drop database if exists estate_bench with (force)');
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
    where: 'embedded PostgreSQL (temporary)',
    async dispose() {
      await embedded.stop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

async function expectJson(response, status, what) {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text);
}

function formatTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows
    .map((row, index) => {
      const line = row.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('   ');
      return index === 0 ? `${line}\n${widths.map((width) => '-'.repeat(width)).join('   ')}` : line;
    })
    .join('\n');
}

async function main() {
  const seconds = positiveInt('BENCH_SECONDS', 10);
  const connections = positiveInt('BENCH_CONNECTIONS', 50);
  const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

  require('reflect-metadata');
  const { createApp } = requireBuilt('apps/api/src/create-app.js');
  const { applyMigrations } = requireBuilt('apps/api/src/database/migrate.js');
  const { loadAppConfig, IdentityService } = requireBuilt('libs/shared-kernel/src/index.js');
  const { EntityManager } = require('@mikro-orm/postgresql');

  const database = await prepareDatabase();
  let app;
  try {
    await applyMigrations(database.url);
    const config = loadAppConfig(
      { ...process.env, LOG_LEVEL: 'silent' },
      {
        databaseUrl: database.url,
        fieldEncryptionKey: randomBytes(32),
        // High enough that the benchmark measures the stack, not the 429 path.
        rateLimits: { pro: 1_000_000_000, enterprise: 1_000_000_000 },
        logLevel: 'silent',
      },
    );

    let cachedBody;
    app = await createApp(config, {
      // A plain Express route ahead of Nest's: no guards, interceptors, filters, database. The baseline.
      mountBefore: (nest) => nest.getHttpAdapter().get('/bench/bare', (_req, res) => res.json(cachedBody)),
    });
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');

    const identity = new IdentityService(app.get(EntityManager).fork());
    const invitation = await identity.invite(`bench-${randomBytes(4).toString('hex')}@bench.example.test`, 'enterprise', `bench-${Date.now()}`);
    const headers = { authorization: `Bearer ${invitation.token}`, 'content-type': 'application/json' };

    const created = await expectJson(
      await fetch(`${base}/v1/cases`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          estate_value: '100k_to_500k',
          progress: 'just_started',
          possible_dispute: 'no_dispute_expected',
          queue_assignment: 'intake',
          deceased: {
            first_name: 'Eleanor',
            last_name: 'Whitfield',
            date_of_birth: '1941-03-14',
            date_of_death: '2026-08-30',
            ssn: '123-45-6789',
            address: { address1: '12 Elm Street', address2: null, city: 'Springfield', state: 'IL', zip: '62701' },
          },
        }),
      }),
      201,
      'POST /v1/cases',
    );
    const caseUrl = `${base}/v1/cases/${created.data.id}`;
    const bareUrl = `${base}/bench/bare`;

    // Both routes must answer 200 (and the same body) before anything is measured.
    cachedBody = await expectJson(await fetch(caseUrl, { headers }), 200, `GET ${caseUrl}`);
    const bare = await expectJson(await fetch(bareUrl), 200, `GET ${bareUrl}`);
    if (JSON.stringify(bare) !== JSON.stringify(cachedBody)) throw new Error('the bare route does not return the case body');

    const routes = [
      { label: 'GET /v1/cases/{id} (full stack)', url: caseUrl, headers: { authorization: headers.authorization } },
      { label: 'GET /bench/bare (Express only)', url: bareUrl, headers: {} },
    ];
    process.stdout.write(
      `estate-desk read benchmark: ${seconds} s per route, ${connections} connections, ${cpus().length} CPU(s), Node ${process.version}\n` +
        `database: ${database.where}; rate-limit store: ${config.redisUrl ? 'Redis' : 'in memory'}\n\n`,
    );
    const results = [];
    for (const route of routes) {
      if (warmupSeconds > 0) await runLoad({ url: route.url, headers: route.headers, connections, duration: warmupSeconds });
      const result = await runLoad({ url: route.url, headers: route.headers, connections, duration: seconds });
      const failures = result.errors + result.timeouts + result.non2xx;
      if (failures > 0 || result.total === 0) {
        throw new Error(`${route.label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts in ${result.total} requests`);
      }
      results.push({ ...route, ...result });
    }

    const [full, baseline] = results;
    const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
    const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
    process.stdout.write(
      formatTable([
        ['route', 'req/s', 'p50', 'p99', 'requests'],
        ...results.map((r) => [r.label, r.requestsPerSecond.toFixed(0), ms(r.p50), ms(r.p99), String(r.total)]),
        ['ratio (full stack / bare)', ratio(full.requestsPerSecond, baseline.requestsPerSecond), ratio(full.p50, baseline.p50), ratio(full.p99, baseline.p99), ''],
      ]) + '\n',
    );
  } finally {
    if (app) await app.close();
    await database.dispose();
  }
}

if (process.argv[2] === '--load') {
  loadMode(process.argv[3]).catch((error) => {
    process.stderr.write(`load generator: ${error.stack ?? error}\n`);
    process.exit(1);
  });
} else {
  main().then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`bench failed: ${error.message ?? error}\n`);
      process.exit(1);
    },
  );
}
