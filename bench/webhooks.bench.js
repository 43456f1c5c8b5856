#!/usr/bin/env node
/**
 * Webhooks (issue 11) in one run and one table:
 *
 *   write, 0 endpoints    POST /v1/cases/{id}/persons over 50 cases of one organization whose 3 endpoints are
 *                         disabled (the event row only; the fan-out statement finds no endpoint)
 *   write, 3 endpoints    the same with the 3 endpoints enabled, matching person.* (event + 3 delivery rows, one
 *                         INSERT … SELECT, in the write's transaction); the ratio of the two is the outbox's cost.
 *                         Each kind runs twice, interleaved with the other, and the better run is shown
 *   events emitted/s      events written per second during those two runs (one per POST)
 *   dispatcher            deliveries/s of the dispatcher (one process, the API's loop) to a receiver on loopback that
 *                         answers 204, over a backlog of BENCH_DELIVERIES pending deliveries, signed, each recorded
 *
 *   npm run bench:webhooks                         (builds what changed first; 10 s per write run at 10 connections)
 *   BENCH_SECONDS=3 BENCH_CONNECTIONS=10 BENCH_DELIVERIES=1000 npm run bench:webhooks
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a scratch database `estate_bench_webhooks`
 * is created fresh on that server and dropped afterwards), REDIS_URL (optional), BENCH_SECONDS (10),
 * BENCH_CONNECTIONS (10), BENCH_DELIVERIES (2000). The load generator and the receiver run in child processes (this
 * file with `--load` / `--receiver`), so neither shares the app's event loop.
 */
'use strict';

const { positiveInt, requireBuilt, withDatabase, expectJson } = require('./lib/harness');

const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { createServer } = require('node:http');

/** Cases per organization the writes are spread over. */
const CASES = 50;

// Child mode 1: autocannon once, its summary as JSON on stdout.
async function loadMode(optionsJson) {
  const autocannon = require('autocannon');
  const { paths, ...options } = JSON.parse(optionsJson);
  // Writes spread over many cases (one case's writes run one at a time, under its row lock).
  let next = 0;
  const requests = paths ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }] : undefined;
  const result = await autocannon({ ...options, ...(requests ? { requests } : {}), renderProgressBar: false, renderResultsTable: false });
  process.stdout.write(
    JSON.stringify({ requestsPerSecond: result.requests.average, total: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx }) + '\n',
  );
}

// Child mode 2: a receiver on loopback answering 204; prints its port, then the count of requests on SIGTERM.
function receiverMode() {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
  process.on('SIGTERM', () => {
    process.stdout.write(`${received}\n`);
    process.exit(0);
  });
}

function child(args) {
  return spawn(process.execPath, [__filename, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
}

function runLoad(options) {
  return new Promise((done, fail) => {
    const load = child(['--load', JSON.stringify(options)]);
    let out = '';
    load.stdout.on('data', (chunk) => (out += chunk));
    load.on('error', fail);
    load.on('close', (code) => (code === 0 ? done(JSON.parse(out.trim().split('\n').pop())) : fail(new Error(`the load generator exited with ${code}`))));
  });
}

function startReceiver() {
  return new Promise((done, fail) => {
    const receiver = child(['--receiver']);
    receiver.on('error', fail);
    receiver.stdout.once('data', (chunk) => done({ port: Number(String(chunk).trim()), process: receiver }));
  });
}

function formatTable(rows) {
  const widths = rows[0].map((_cell, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  ')).join('\n');
}

async function main() {
  const seconds = positiveInt('BENCH_SECONDS', 10);
  const connections = positiveInt('BENCH_CONNECTIONS', 10);
  const backlog = positiveInt('BENCH_DELIVERIES', 2000);

  require('reflect-metadata');
  const { Client } = require('pg');
  const { createApp } = requireBuilt('apps/api/src/create-app.js');
  const { applyMigrations } = requireBuilt('apps/api/src/database/migrate.js');
  const { loadAppConfig } = requireBuilt('libs/shared-kernel/src/index.js');
  const { OperatorEnrolment } = requireBuilt('libs/people/src/index.js');
  const { PgBossJobQueue } = requireBuilt('libs/shared-kernel/src/index.js');
  const { EntityManager } = require('@mikro-orm/postgresql');

  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('drop database if exists estate_bench_webhooks with (force)');
  await admin.query('create database estate_bench_webhooks');
  const databaseUrl = withDatabase(serverUrl, 'estate_bench_webhooks');
  const receiver = await startReceiver();
  let app;
  const sql = new Client({ connectionString: databaseUrl });
  try {
    await applyMigrations(databaseUrl);
    await sql.connect();
    const config = loadAppConfig(
      // The dispatcher waits while the writes are measured (it would compete for the same two cores), then runs alone.
      { ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent', WEBHOOK_DISPATCHER: 'off', WEBHOOK_ALLOWED_TARGETS: '127.0.0.1/32' },
      { databaseUrl, fieldEncryptionKey: randomBytes(32), rateLimits: { pro: 1_000_000_000, enterprise: 1_000_000_000 }, logLevel: process.env.BENCH_LOG_LEVEL ?? 'silent' },
    );
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
    const identity = new OperatorEnrolment(app.get(EntityManager).fork());
    const organization = async (endpoints) => {
      const invitation = await identity.invite(`bench-${randomBytes(4).toString('hex')}@bench.example.test`, 'enterprise', `bench-${randomBytes(4).toString('hex')}`);
      const headers = { authorization: `Bearer ${invitation.token}`, 'content-type': 'application/json' };
      for (let index = 0; index < endpoints; index++) {
        const body = { url: `http://127.0.0.1:${receiver.port}/hook-${index}`, enabled_events: ['person.*'] };
        await expectJson(await fetch(`${base}/v1/webhook-endpoints`, { method: 'POST', headers, body: JSON.stringify(body) }), 201, 'create endpoint');
      }
      const caseIds = [];
      for (let index = 0; index < CASES; index++) {
        caseIds.push((await expectJson(await fetch(`${base}/v1/cases`, { method: 'POST', headers, body: '{}' }), 201, 'create case')).data.id);
      }
      return { headers, caseIds, organizationId: invitation.organization_id };
    };
    const person = JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', relationship: 'child' });
    const writes = async (org) => {
      const paths = org.caseIds.map((caseId) => `/v1/cases/${caseId}/persons`);
      const options = { url: `${base}${paths[0]}`, paths, method: 'POST', headers: org.headers, body: person, connections };
      for (const path of paths) await expectJson(await fetch(`${base}${path}`, { method: 'POST', headers: org.headers, body: person }), 201, 'create person');
      await runLoad({ ...options, duration: 1 }); // warm-up
      const before = Number((await sql.query('select count(*) as n from events')).rows[0].n);
      const started = Date.now();
      const result = await runLoad({ ...options, duration: seconds });
      const emitted = Number((await sql.query('select count(*) as n from events')).rows[0].n) - before;
      return { ...result, eventsPerSecond: emitted / ((Date.now() - started) / 1000) };
    };

    const hooked = await organization(3);
    // One organization and the same 50 cases for both kinds (two organizations differed by more than their endpoints):
    // its 3 endpoints are disabled (no delivery rows) or enabled between runs. Interleaved, twice each, best of two:
    // the machine's other load drifts during a run.
    const setEndpoints = async (status) => {
      const list = await expectJson(await fetch(`${base}/v1/webhook-endpoints?per_page=100`, { headers: hooked.headers }), 200, 'list endpoints');
      for (const endpoint of list.data) {
        const body = JSON.stringify({ status });
        await expectJson(await fetch(`${base}/v1/webhook-endpoints/${endpoint.id}`, { method: 'PATCH', headers: hooked.headers, body }), 200, 'patch endpoint');
      }
    };
    const best = (a, b) => (a.requestsPerSecond >= b.requestsPerSecond ? a : b);
    const runs = { without: [], with: [] };
    for (let round = 0; round < 2; round++) {
      await setEndpoints('disabled');
      runs.without.push(await writes(hooked));
      await setEndpoints('enabled');
      runs.with.push(await writes(hooked));
    }
    const without = best(...runs.without);
    const withHooks = best(...runs.with);

    // The dispatcher alone: a backlog of `backlog` pending deliveries (the rest cancelled), then the job queue's workers (every queue, as npm run worker).
    await sql.query(
      `with kept as (select id from webhook_deliveries where status = 'pending' order by id limit $1)
       update webhook_deliveries set status = 'cancelled' where status = 'pending' and id not in (select id from kept)`,
      [backlog],
    );
    const pending = Number((await sql.query(`select count(*) as n from webhook_deliveries where status = 'pending'`)).rows[0].n);
    const started = Date.now();
    await app.get(PgBossJobQueue).workEveryQueue();
    for (;;) {
      const left = Number((await sql.query(`select count(*) as n from webhook_deliveries where status = 'pending'`)).rows[0].n);
      if (left === 0 || Date.now() - started > 120_000) break;
      await new Promise((done) => setTimeout(done, 50));
    }
    const elapsed = (Date.now() - started) / 1000;
    const outcome = (await sql.query(`select status, count(*) as n from webhook_deliveries where status in ('succeeded', 'failed', 'pending') group by status`)).rows;
    const succeeded = Number(outcome.find((row) => row.status === 'succeeded')?.n ?? 0);
    const attempts = (await sql.query(`select max(jsonb_array_length(attempts)) as most from webhook_deliveries where status = 'succeeded'`)).rows[0].most;

    const rate = (value) => value.toFixed(0);
    const rows = [
      ['measure', 'req/s', 'events/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
      ['write, 0 endpoints', rate(without.requestsPerSecond), rate(without.eventsPerSecond), without.p50, without.p99, without.non2xx, without.errors],
      ['write, 3 endpoints', rate(withHooks.requestsPerSecond), rate(withHooks.eventsPerSecond), withHooks.p50, withHooks.p99, withHooks.non2xx, withHooks.errors],
    ];
    process.stdout.write(`\nwebhooks bench: ${seconds} s per write run, ${connections} connections, ${backlog} deliveries\n\n${formatTable(rows)}\n`);
    process.stdout.write(`\noutbox overhead: a write with 3 matching endpoints runs at ${(withHooks.requestsPerSecond / without.requestsPerSecond).toFixed(2)}× the rate without (ratio 3 endpoints / 0)\n`);
    process.stdout.write(
      `dispatcher: ${succeeded} of ${pending} deliveries succeeded in ${elapsed.toFixed(2)} s = ${rate(succeeded / elapsed)} deliveries/s (one process; most attempts on one delivery: ${attempts})\n`,
    );
  } finally {
    await app?.close();
    await sql.end().catch(() => undefined);
    receiver.process.kill('SIGTERM');
    await admin.query('drop database if exists estate_bench_webhooks with (force)').catch(() => undefined);
    await admin.end();
  }
}

if (process.argv[2] === '--load') loadMode(process.argv[3]).catch((error) => (console.error(error), process.exit(1)));
else if (process.argv[2] === '--receiver') receiverMode();
else main().then(() => process.exit(0), (error) => (console.error(error), process.exit(1)));
