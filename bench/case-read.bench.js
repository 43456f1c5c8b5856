#!/usr/bin/env node
/**
 * What the stack costs on the hottest reads (issue 7), in one run and one table:
 *
 *   bare         GET /bench/bare: a plain Express route in the same app returning the case JSON from memory
 *   one query    GET /bench/one-query: the same, after one parameterised `pg` query of the case row — the physical
 *                limit of any design that reads the database once per request on this machine
 *   case         GET /v1/cases/{id} through every guard, interceptor and filter (auth, tier rate limit, case access,
 *                ETag, masking serializer, the database read)
 *   case 304     the same with a matching If-None-Match (revalidation answered 304)
 *   persons      GET /v1/cases/{id}/persons?per_page=25 over a case with 200 persons (a count and a page)
 *
 * then the resident memory of the process serving them (idle, and after the load), and the wall time of the
 * operator's commands on an unchanged built tree: `npm run cli -- invite …` (exits) and `npm start` on the embedded
 * default (until GET /healthz answers).
 *
 *   npm run bench                                  (builds what changed first; 10 s per route at 50 connections)
 *   BENCH_SECONDS=2 BENCH_CONNECTIONS=10 npm run bench
 *   BENCH_ONLY=case node --cpu-prof --cpu-prof-dir=/tmp/prof bench/case-read.bench.js   (profile one route)
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a scratch database `estate_bench`, or
 * BENCH_DATABASE when set (two checkouts benching on one server), is created fresh on that server and dropped
 * afterwards; without a reachable server an embedded PostgreSQL is started in a temporary directory), REDIS_URL (rate-limit counters in Redis when set, as in production; in memory otherwise),
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (2), BENCH_ONLY (comma-separated route keys:
 * bare, one-query, case, case-304, persons; all by default), BENCH_COMMANDS (`off` skips timing the commands),
 * BENCH_SQL (set: print the statements one request of each route sends). Besides req/s and latencies, each route shows
 * the CPU per request of this process and of PostgreSQL (bench/lib/cpu.js) and the statements per request.
 *
 * The load generator runs in a child process (this file with `--load`), so it does not share the app's event loop.
 */
'use strict';

const { positiveInt, requireBuilt, freePort, expectJson, prepareDatabase, formatTable } = require('./lib/harness');

const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { chmodSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir, cpus, loadavg } = require('node:os');
const { join, resolve } = require('node:path');

const { startCpuWindow, micros } = require('./lib/cpu');

const ROOT = resolve(__dirname, '..');

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
      status304: result['3xx'],
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
/** A fresh `estate_bench` on the configured server, or an embedded throwaway server when none answers. */
const ROUTE_KEYS = ['bare', 'one-query', 'case', 'case-304', 'persons'];

function selectedRoutes() {
  const raw = process.env.BENCH_ONLY;
  if (!raw) return new Set(ROUTE_KEYS);
  const keys = raw.split(',').map((key) => key.trim()).filter(Boolean);
  const unknown = keys.filter((key) => !ROUTE_KEYS.includes(key));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown route ${unknown.join(', ')} (known: ${ROUTE_KEYS.join(', ')})`);
  return new Set(keys);
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Wall time of a command until it exits (or until `ready()` resolves, for a server); its output is kept for errors. */
function timeCommand(command, args, env, { ready, timeoutMs = 120_000 } = {}) {
  return new Promise((done, fail) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      fail(new Error(`${command} ${args.join(' ')} took over ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    let finished = false;
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (finished) return;
      finished = true;
      if (code !== 0) return fail(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
      done({ ms: elapsed(), output });
    });
    if (ready) {
      ready().then(
        () => {
          const ms = elapsed();
          finished = true;
          clearTimeout(timer);
          const closed = new Promise((resolve) => child.once('close', resolve));
          process.kill(-child.pid, 'SIGTERM');
          closed.then(() => done({ ms, output }));
        },
        (error) => {
          finished = true;
          clearTimeout(timer);
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {}
          fail(new Error(`${error.message}\n${output}`));
        },
      );
    }
  });
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((tick) => setTimeout(tick, 25));
  }
}

/** `npm run cli -- invite` against the bench database, and `npm start` on the embedded default (second start). */
async function timeCommands(databaseUrl) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const base = { ...process.env, LOG_LEVEL: 'silent' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'DEMO_DATA', 'PORT', 'ESTATE_DATA_DIR', 'EMBEDDED_POSTGRES_PORT']) delete base[name];
  const cliEnv = { ...base, DATABASE_URL: databaseUrl, FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  const invite = () =>
    timeCommand(npm, ['run', '--silent', 'cli', '--', 'invite', '--email', `cli-${randomBytes(4).toString('hex')}@bench.example.test`, '--tier', 'pro', '--json'], cliEnv);
  await invite(); // the first call may build; the figure is for an unchanged, built tree
  const cli = await invite();

  const dataDir = mkdtempSync(join(tmpdir(), 'estate-bench-start-'));
  chmodSync(dataDir, 0o755);
  try {
    const port = await freePort();
    const startEnv = { ...base, PORT: String(port), ESTATE_DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(await freePort()) };
    const start = () => timeCommand(npm, ['start', '--silent'], startEnv, { ready: () => waitForHealth(`http://127.0.0.1:${port}/healthz`, 110_000) });
    const first = await start(); // initialises the cluster and the demo data
    const second = await start();
    return { cli: cli.ms, startFirst: first.ms, start: second.ms };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Counts the statements the API process sends (every pg client: the ORM's pool, plain queries, the baseline's). */
function countStatements() {
  const { Client } = require('pg');
  const counter = { count: 0, texts: undefined };
  const query = Client.prototype.query;
  Client.prototype.query = function countedQuery(config, ...rest) {
    counter.count++;
    counter.texts?.push(typeof config === 'string' ? config : config?.text);
    return query.call(this, config, ...rest);
  };
  return counter;
}

/** BENCH_SQL=1: the statements one request of the route sends, on stderr. */
async function traceOneRequest(route, counter) {
  counter.texts = [];
  const response = await fetch(route.url, { headers: route.headers });
  await response.arrayBuffer();
  await new Promise((tick) => setTimeout(tick, 50));
  process.stderr.write(`-- ${route.label}: ${response.status}, ${counter.texts.length} statement(s)\n`);
  for (const text of counter.texts) process.stderr.write(`   ${String(text).replace(/\s+/g, ' ').slice(0, 300)}\n`);
  counter.texts = undefined;
}

async function main() {
  const seconds = positiveInt('BENCH_SECONDS', 10);
  const connections = positiveInt('BENCH_CONNECTIONS', 50);
  const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
  const only = selectedRoutes();

  require('reflect-metadata');
  const sql = countStatements();
  const { createApp } = requireBuilt('apps/api/src/create-app.js');
  const { applyMigrations } = requireBuilt('apps/api/src/database/migrate.js');
  const { loadAppConfig } = requireBuilt('libs/shared-kernel/src/index.js');
  const { OperatorEnrolment } = requireBuilt('libs/people/src/index.js');
  const { EntityManager } = require('@mikro-orm/postgresql');
  const { Pool } = require('pg');

  const database = await prepareDatabase(process.env.BENCH_DATABASE || 'estate_bench');
  let app;
  let pool;
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
    let caseId;
    // The one-query baseline: a pool of its own with the app's size, one parameterised query of the case row.
    pool = new Pool({ connectionString: database.url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
    const caseRowSql = `select id, organization_id, onboarding_id, queue_assignment, flow_position, estate_value, progress, possible_dispute,
       date_of_sign_up, terms_accepted_at, created_at, updated_at, version from cases where id = $1 and deleted_at is null`;
    app = await createApp(config, {
      // Plain Express routes ahead of Nest's: no guards, interceptors, filters. The baselines.
      mountBefore: (nest) => {
        const http = nest.getHttpAdapter();
        http.get('/bench/bare', (_req, res) => res.json(cachedBody));
        http.get('/bench/one-query', (_req, res, next) => {
          pool.query(caseRowSql, [caseId]).then((result) => (result.rows.length === 1 ? res.json(cachedBody) : res.status(404).end()), next);
        });
      },
    });
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    global.gc?.();
    const idle = process.memoryUsage();
    const idleRss = idle.rss;

    const identity = new OperatorEnrolment(app.get(EntityManager).fork());
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
    caseId = created.data.id;
    const caseUrl = `${base}/v1/cases/${caseId}`;
    const personsUrl = `${caseUrl}/persons?per_page=25`;
    if (only.has('persons')) {
      for (let i = 0; i < 200; i++) {
        await expectJson(
          await fetch(`${caseUrl}/persons`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ first_name: `Heir${i}`, last_name: 'Whitfield', relationship: i % 2 ? 'child' : 'grandchild', is_beneficiary: i % 3 === 0 }),
          }),
          201,
          'POST /v1/cases/{id}/persons',
        );
      }
    }

    // Every route must answer as expected (and the baselines the same body) before anything is measured.
    const caseResponse = await fetch(caseUrl, { headers });
    const etag = caseResponse.headers.get('etag');
    cachedBody = await expectJson(caseResponse, 200, `GET ${caseUrl}`);
    for (const path of ['/bench/bare', '/bench/one-query']) {
      const same = await expectJson(await fetch(`${base}${path}`), 200, `GET ${path}`);
      if (JSON.stringify(same) !== JSON.stringify(cachedBody)) throw new Error(`${path} does not return the case body`);
    }
    const revalidated = await fetch(caseUrl, { headers: { ...headers, 'if-none-match': etag } });
    if (revalidated.status !== 304) throw new Error(`If-None-Match on ${caseUrl}: expected 304, got ${revalidated.status}`);
    if (only.has('persons')) {
      const page = await expectJson(await fetch(personsUrl, { headers }), 200, `GET ${personsUrl}`);
      if (page.data.length !== 25 || page.meta.total_count !== 200) throw new Error(`persons page: ${page.data.length} rows of ${page.meta.total_count}`);
    }

    const auth = { authorization: headers.authorization };
    const routes = [
      { key: 'bare', label: 'GET /bench/bare (Express, from memory)', url: `${base}/bench/bare`, headers: {} },
      { key: 'one-query', label: 'GET /bench/one-query (Express + 1 pg query)', url: `${base}/bench/one-query`, headers: {} },
      { key: 'case', label: 'GET /v1/cases/{id} (full stack)', url: caseUrl, headers: auth },
      { key: 'case-304', label: 'GET /v1/cases/{id} If-None-Match (304)', url: caseUrl, headers: { ...auth, 'if-none-match': etag }, expect: 304 },
      { key: 'persons', label: 'GET /v1/cases/{id}/persons?per_page=25 (200)', url: personsUrl, headers: auth },
    ].filter((route) => only.has(route.key));
    process.stdout.write(
      `estate-desk read benchmark: ${seconds} s per route, ${connections} connections, ${cpus().length} CPU(s), Node ${process.version}\n` +
        `database: ${database.where}; rate-limit store: ${config.redisUrl ? 'Redis' : 'in memory'}; load average before: ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}\n\n`,
    );
    const results = [];
    for (const route of routes) {
      const options = { url: route.url, headers: route.headers, connections, duration: seconds };
      if (warmupSeconds > 0) await runLoad({ ...options, duration: warmupSeconds });
      if (process.env.BENCH_SQL) await traceOneRequest(route, sql);
      const cpu = startCpuWindow(new URL(database.url).pathname.slice(1));
      const statementsBefore = sql.count;
      const result = await runLoad(options);
      Object.assign(result, cpu.stop(result.total), { statements: (sql.count - statementsBefore) / result.total });
      const unexpected = route.expect === 304 ? result.total - result.status304 : result.non2xx;
      const failures = result.errors + result.timeouts + unexpected;
      if (failures > 0 || result.total === 0) {
        throw new Error(`${route.label}: ${unexpected} unexpected statuses, ${result.errors} errors, ${result.timeouts} timeouts in ${result.total} requests`);
      }
      results.push({ ...route, ...result });
    }
    const after = process.memoryUsage();
    const afterRss = after.rss;
    const heap = (m) => `heap ${megabytes(m.heapUsed)} used of ${megabytes(m.heapTotal)}`;

    const commands = process.env.BENCH_COMMANDS === 'off' ? undefined : await timeCommands(database.url);

    const bare = results.find((r) => r.key === 'bare');
    const limit = results.find((r) => r.key === 'one-query');
    const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
    const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}x` : 'n/a');
    process.stdout.write(
      formatTable([
        ['route', 'req/s', 'p50', 'p99', 'requests', '/ bare', '/ one query', 'API CPU/req', 'PG CPU/req', 'SQL/req'],
        ...results.map((r) => [
          r.label,
          r.requestsPerSecond.toFixed(0),
          ms(r.p50),
          ms(r.p99),
          String(r.total),
          ratio(r.requestsPerSecond, bare?.requestsPerSecond),
          ratio(r.requestsPerSecond, limit?.requestsPerSecond),
          micros(r.apiMicros),
          micros(r.pgMicros),
          r.statements.toFixed(2),
        ]),
        ['resident memory, idle (after start-up)', megabytes(idleRss), heap(idle), '', '', '', '', '', '', ''],
        ['resident memory, after the load', megabytes(afterRss), heap(after), '', '', '', '', '', '', ''],
        ...(commands
          ? [
              ['npm run cli -- invite (unchanged tree)', `${(commands.cli / 1000).toFixed(2)} s`, '', '', '', '', '', '', '', ''],
              ['npm start, embedded, until /healthz 200', `${(commands.start / 1000).toFixed(2)} s`, '', '', '', '', '', '', '', ''],
              ['  (first start: initdb and demo data)', `${(commands.startFirst / 1000).toFixed(2)} s`, '', '', '', '', '', '', '', ''],
            ]
          : []),
      ]) + `\nload average after: ${loadavg().map((value) => value.toFixed(2)).join(' ')}\n`,
    );
  } finally {
    if (app) await app.close();
    if (pool) await pool.end();
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
