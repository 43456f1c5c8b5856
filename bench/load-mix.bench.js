#!/usr/bin/env node
/**
 * Load and cost (issue 12), in one run of one API process, each section printing its table with ratios:
 *
 *   read         the read mix of a law-firm integration — GET the case, the debts list, the bank accounts list, one
 *                transfer, the deadlines list, in turn — at 50 connections for 30 s, against the bare in-memory route
 *                and the one-read limit (a bare route doing one `pg` read of the case row): req/s, p50, p99, ratios,
 *                and the CPU per request of the API and of PostgreSQL (stable on a loaded machine; see lib/cpu.js)
 *   write        the write mix at 20 connections for 15 s — each connection in turn creates a person, patches a debt,
 *                flags (or unflags) a transaction, requests a transfer and cancels it — then every invariant checked
 *                in the database and printed: counts, balances, versions, the transfer audit trail, the events
 *   idempotency  POST of a person with an `Idempotency-Key` (a new key each time) vs without, 20 connections, 8 s each
 *   lists        list cost growth over 100,000 rows: cursor page 1 vs page 4,000, and page mode (bench/transactions-
 *                pages.bench.js, run as is: its own database and app)
 *   memory       resident memory of the API process idle, after the read mix, after the write mix
 *
 *   npm run bench:load                                          (builds what changed first; all sections, ~3 min)
 *   BENCH_SECTIONS=read,memory npm run bench:load
 *   BENCH_READ_SECONDS=10 BENCH_WRITE_SECONDS=5 npm run bench:load   (a quick look)
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; scratch database estate_bench_load,
 * dropped afterwards), REDIS_URL (rate-limit counters in Redis when set, as in production), BENCH_SECTIONS (read,
 * write, idempotency, lists, memory), BENCH_READ_SECONDS (30), BENCH_BASELINE_SECONDS (10), BENCH_WRITE_SECONDS (15),
 * BENCH_IDEMPOTENCY_SECONDS (8), BENCH_READ_CONNECTIONS (50), BENCH_WRITE_CONNECTIONS (20).
 *
 * The transfer processor is off in this process (TRANSFER_PROCESSOR=off): a requested transfer stays `requested`
 * until the mix cancels it, so the invariants are exact. Load generators run in child processes.
 */
'use strict';

const { randomBytes } = require('node:crypto');
const { spawn } = require('node:child_process');
const { cpus, loadavg } = require('node:os');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { startCpuWindow, micros } = require('./lib/cpu');
const h = require('./lib/harness');

const SECTIONS = ['read', 'write', 'idempotency', 'lists', 'memory'];

function selectedSections() {
  const raw = process.env.BENCH_SECTIONS;
  if (!raw) return new Set(SECTIONS);
  const keys = raw.split(',').map((key) => key.trim()).filter(Boolean);
  const unknown = keys.filter((key) => !SECTIONS.includes(key));
  if (unknown.length) throw new Error(`BENCH_SECTIONS: unknown section ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`);
  return new Set(keys);
}

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

// ---------------------------------------------------------------------------------------------------------------
// Child: the write loops (fetch, one loop per connection, each on its own records).
// ---------------------------------------------------------------------------------------------------------------
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function writesMode(optionsJson) {
  const { base, auth, workers, seconds, operations, caseId } = JSON.parse(optionsJson);
  const deadline = performance.now() + seconds * 1000;
  const latencies = [];
  const counts = {}; // "operation status" → n
  const perWorker = workers.map(() => ({ persons: 0, debtPatches: 0, flagPatches: 0, lastFlag: null, transfers: 0, cancels: 0 }));
  const json = { authorization: auth, 'content-type': 'application/json' };
  const call = async (operation, method, path, body, headers = {}) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { method, headers: { ...json, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    latencies.push(performance.now() - started);
    const key = `${operation} ${response.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  let sequence = 0;
  await Promise.all(
    workers.map(async (worker, index) => {
      const mine = perWorker[index];
      while (performance.now() < deadline) {
        for (const operation of operations) {
          const n = ++sequence;
          if (operation === 'person' || operation === 'person-keyed') {
            const headers = operation === 'person-keyed' ? { 'idempotency-key': `bench-${index}-${n}-${randomBytes(6).toString('hex')}` } : {};
            const res = await call(operation, 'POST', `/v1/cases/${caseId}/persons`, { first_name: `Heir${n}`, last_name: 'Bench', relationship: 'child' }, headers);
            if (res.status === 201) mine.persons++;
          } else if (operation === 'debt') {
            const res = await call('patch debt', 'PATCH', `/v1/cases/${caseId}/debts/${worker.debtId}`, { balance: 1000 + (n % 100000) / 100 });
            if (res.status === 200) mine.debtPatches++;
          } else if (operation === 'flag') {
            const flag = mine.lastFlag !== true;
            const res = await call('flag transaction', 'PATCH', `/v1/cases/${caseId}/bank-accounts/${worker.accountId}/transactions/${worker.transactionId}`, {
              is_flagged: flag,
              notes: flag ? `flagged by the bench (${n})` : null,
            });
            if (res.status === 200) {
              mine.flagPatches++;
              mine.lastFlag = flag;
            }
          } else if (operation === 'transfer') {
            const requested = await call('request transfer', 'POST', `/v1/cases/${caseId}/transfers`, { bank_account_id: worker.accountId, amount: 10 });
            if (requested.status !== 201) continue;
            mine.transfers++;
            const cancelled = await call('cancel transfer', 'POST', `/v1/cases/${caseId}/transfers/${requested.body.data.id}/cancel`, {});
            if (cancelled.status === 200) mine.cancels++;
          }
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  process.stdout.write(JSON.stringify({ total: latencies.length, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), counts, perWorker }) + '\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Parent.
// ---------------------------------------------------------------------------------------------------------------
async function main() {
  const sections = selectedSections();
  const readSeconds = h.positiveInt('BENCH_READ_SECONDS', 30);
  const baselineSeconds = h.positiveInt('BENCH_BASELINE_SECONDS', 10);
  const writeSeconds = h.positiveInt('BENCH_WRITE_SECONDS', 15);
  const idempotencySeconds = h.positiveInt('BENCH_IDEMPOTENCY_SECONDS', 8);
  const readConnections = h.positiveInt('BENCH_READ_CONNECTIONS', 50);
  const writeConnections = h.positiveInt('BENCH_WRITE_CONNECTIONS', 20);
  process.env.TRANSFER_PROCESSOR = 'off';

  process.stdout.write(
    `estate-desk load and cost (issue 12): ${cpus().length} CPU(s), Node ${process.version}, sections ${[...sections].join(', ')}\n` +
      `rate-limit store: ${process.env.REDIS_URL ? 'Redis' : 'in memory'}; load average at start: ${load()}\n\n`,
  );

  const app = sections.has('read') || sections.has('write') || sections.has('idempotency') || sections.has('memory');
  if (app) await appSections(sections, { readSeconds, baselineSeconds, writeSeconds, idempotencySeconds, readConnections, writeConnections });
  if (sections.has('lists')) await listsSection();
}

async function appSections(sections, settings) {
  require('reflect-metadata');
  const { createApp } = h.requireBuilt('apps/api/src/create-app.js');
  const { applyMigrations } = h.requireBuilt('apps/api/src/database/migrate.js');
  const { loadAppConfig } = h.requireBuilt('libs/shared-kernel/src/index.js');
  const { OperatorEnrolment } = h.requireBuilt('libs/people/src/index.js');
  const { EntityManager } = require('@mikro-orm/postgresql');
  const { Pool } = require('pg');

  const database = await h.prepareDatabase('estate_bench_load');
  let app;
  let pool;
  try {
    await applyMigrations(database.url);
    const config = loadAppConfig(
      { ...process.env, LOG_LEVEL: 'silent' },
      { databaseUrl: database.url, fieldEncryptionKey: randomBytes(32), rateLimits: { pro: 1_000_000_000, enterprise: 1_000_000_000 }, logLevel: 'silent' },
    );
    pool = new Pool({ connectionString: database.url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
    let cachedBody;
    let caseId;
    const caseRowSql = `select id, organization_id, onboarding_id, queue_assignment, flow_position, estate_value, progress, possible_dispute,
       date_of_sign_up, terms_accepted_at, created_at, updated_at, version from cases where id = $1 and deleted_at is null`;
    app = await createApp(config, {
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
    const memory = [['idle (after start-up)', process.memoryUsage()]];

    // Fixtures: one case with its authority and estate account, 20 debts, one source account per write connection
    // (one active transfer per account) each with a transaction, 20 deadlines, and one transfer for the read mix.
    const identity = new OperatorEnrolment(app.get(EntityManager).fork());
    const invitation = await identity.invite(`load-${randomBytes(4).toString('hex')}@bench.example.test`, 'enterprise', `load-${Date.now()}`);
    const auth = `Bearer ${invitation.token}`;
    const headers = { authorization: auth, 'content-type': 'application/json' };
    const doc = await h.expectJson(await fetch(`${base}/v1/openapi.json`), 200, 'GET /v1/openapi.json');
    const example = (path, method = 'post') => {
      const examples = Object.values(doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.examples ?? {});
      if (!examples.length) throw new Error(`no request example for ${method.toUpperCase()} ${path}`);
      return structuredClone(examples[0].value);
    };
    const post = async (path, body, status = 201) =>
      (await h.expectJson(await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }), status, `POST ${path}`)).data;
    const created = await post('/v1/cases', example('/v1/cases'));
    caseId = created.id;
    const casePath = `/v1/cases/${caseId}`;
    const authority = await fetch(`${base}${casePath}/authority`, { method: 'PUT', headers, body: JSON.stringify({ level: 'level_2', types: ['executor_in_will'] }) });
    if (authority.status !== 200 && authority.status !== 201) throw new Error(`PUT authority: ${authority.status} ${await authority.text()}`);
    await authority.arrayBuffer().catch(() => undefined);
    const eligible = { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', account_type: 'checking', ownership_type: 'individual', status: 'open', account_number: '000123451234', available_balance: 1000, current_balance: 1000 };
    await post(`${casePath}/bank-accounts`, { ...eligible, account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 });
    const debtExample = example('/v1/cases/{case_id}/debts');
    const debts = [];
    for (let i = 0; i < 20; i++) debts.push(await post(`${casePath}/debts`, { ...debtExample, creditor_name: `Creditor ${i}` }));
    const transactionExample = example('/v1/cases/{case_id}/bank-accounts/{account_id}/transactions');
    const workers = [];
    for (let i = 0; i < settings.writeConnections; i++) {
      const account = await post(`${casePath}/bank-accounts`, eligible);
      const transaction = await post(`${casePath}/bank-accounts/${account.id}/transactions`, transactionExample);
      workers.push({ accountId: account.id, transactionId: transaction.id, debtId: debts[i % debts.length].id });
    }
    const deadlineExample = example('/v1/cases/{case_id}/probate/deadlines');
    for (let i = 0; i < 20; i++) await post(`${casePath}/probate/deadlines`, deadlineExample);
    const readAccount = await post(`${casePath}/bank-accounts`, eligible);
    const readTransfer = await post(`${casePath}/transfers`, { bank_account_id: readAccount.id, amount: 10 });

    const caseResponse = await fetch(`${base}${casePath}`, { headers });
    cachedBody = await h.expectJson(caseResponse, 200, `GET ${casePath}`);
    const readPaths = [casePath, `${casePath}/debts`, `${casePath}/bank-accounts`, `${casePath}/transfers/${readTransfer.id}`, `${casePath}/probate/deadlines`];
    for (const path of readPaths) await h.expectJson(await fetch(`${base}${path}`, { headers }), 200, `GET ${path}`);

    if (sections.has('read')) {
      const run = async (label, options, seconds) => {
        await h.runChild(__filename, '--autocannon', { ...options, connections: settings.readConnections, duration: 2 });
        const cpu = startCpuWindow(database.name);
        const result = await h.runChild(__filename, '--autocannon', { ...options, connections: settings.readConnections, duration: seconds });
        Object.assign(result, cpu.stop(result.total), { label, loadAfter: load() });
        if (result.errors + result.timeouts + result.non2xx > 0 || result.total === 0) {
          throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts in ${result.total} requests`);
        }
        return result;
      };
      const bare = await run('GET /bench/bare (Express, from memory)', { url: `${base}/bench/bare` }, settings.baselineSeconds);
      const limit = await run('GET /bench/one-query (Express + 1 pg read)', { url: `${base}/bench/one-query` }, settings.baselineSeconds);
      const mix = await run(
        'read mix (case, debts, bank accounts, transfer, deadlines)',
        { url: base, headers: { authorization: auth }, requests: readPaths.map((path) => ({ method: 'GET', path })) },
        settings.readSeconds,
      );
      process.stdout.write(
        `## 1. Read mix, ${settings.readConnections} connections (${settings.readSeconds} s; baselines ${settings.baselineSeconds} s)\n` +
          h.formatTable([
            ['route', 'req/s', 'p50', 'p99', 'requests', '/ bare', '/ one read', 'API CPU/req', 'PG CPU/req', 'load after'],
            ...[bare, limit, mix].map((r) => [
              r.label,
              r.requestsPerSecond.toFixed(0),
              h.ms(r.p50),
              h.ms(r.p99),
              String(r.total),
              h.ratio(r.requestsPerSecond, bare.requestsPerSecond),
              h.ratio(r.requestsPerSecond, limit.requestsPerSecond),
              micros(r.apiMicros),
              micros(r.pgMicros),
              r.loadAfter,
            ]),
          ]) +
          `\ngoal: read mix >= 0.20x bare, p99 <= 40 ms\n\n`,
      );
      memory.push(['after the read mix', process.memoryUsage()]);
    }

    if (sections.has('write')) {
      const before = await snapshot(pool, caseId, workers);
      const cpu = startCpuWindow(database.name);
      const result = await h.runChild(__filename, '--writes', { base, auth, caseId, workers, seconds: settings.writeSeconds, operations: ['person', 'debt', 'flag', 'transfer'] });
      Object.assign(result, cpu.stop(result.total));
      const after = await snapshot(pool, caseId, workers);
      const checks = invariants(before, after, result, workers);
      process.stdout.write(
        `## 2. Write mix, ${workers.length} connections, ${settings.writeSeconds} s (create person, patch debt, flag transaction, request + cancel transfer)\n` +
          h.formatTable([
            ['', 'req/s', 'p50', 'p99', 'requests', 'API CPU/req', 'PG CPU/req', 'load after'],
            ['write mix', (result.total / result.seconds).toFixed(0), h.ms(result.p50), h.ms(result.p99), String(result.total), micros(result.apiMicros), micros(result.pgMicros), load()],
          ]) +
          `\nstatuses: ${Object.entries(result.counts).sort().map(([key, n]) => `${key}: ${n}`).join(', ')}\n` +
          h.formatTable([['invariant', 'expected', 'found', 'holds'], ...checks.map((c) => [c.name, String(c.expected), String(c.found), c.ok ? 'yes' : 'NO'])]) +
          '\n\n',
      );
      memory.push(['after the write mix', process.memoryUsage()]);
      if (checks.some((c) => !c.ok)) process.exitCode = 1;
    }

    if (sections.has('idempotency')) {
      const runs = {};
      for (const operation of ['person', 'person-keyed']) {
        await h.runChild(__filename, '--writes', { base, auth, caseId, workers: workers.map(() => ({})), seconds: 2, operations: [operation] });
        runs[operation] = await h.runChild(__filename, '--writes', { base, auth, caseId, workers: workers.map(() => ({})), seconds: settings.idempotencySeconds, operations: [operation] });
        const good = runs[operation].counts[`${operation} 201`] ?? 0;
        if (good !== runs[operation].total) throw new Error(`${operation}: ${JSON.stringify(runs[operation].counts)}`);
      }
      const plain = runs.person;
      const keyed = runs['person-keyed'];
      const rate = (r) => r.total / r.seconds;
      process.stdout.write(
        `## 3. Idempotent POST overhead, ${workers.length} connections, ${settings.idempotencySeconds} s each (POST …/persons)\n` +
          h.formatTable([
            ['', 'req/s', 'p50', 'p99', 'requests', 'cost vs no key'],
            ['without Idempotency-Key', rate(plain).toFixed(0), h.ms(plain.p50), h.ms(plain.p99), String(plain.total), '1.00x'],
            ['with a new Idempotency-Key each', rate(keyed).toFixed(0), h.ms(keyed.p50), h.ms(keyed.p99), String(keyed.total), h.ratio(rate(plain), rate(keyed))],
          ]) +
          `\ngoal: <= 1.3x (req/s without a key / req/s with one); load after: ${load()}\n\n`,
      );
    }

    if (sections.has('memory') || sections.has('read') || sections.has('write')) {
      process.stdout.write(
        `## 5. Memory of the API process\n` +
          h.formatTable([
            ['when', 'resident', 'heap used', 'heap total', 'external'],
            ...memory.map(([when, m]) => [when, h.megabytes(m.rss), h.megabytes(m.heapUsed), h.megabytes(m.heapTotal), h.megabytes(m.external)]),
          ]) +
          '\n\n',
      );
    }
  } finally {
    if (app) await app.close();
    if (pool) await pool.end();
    await database.dispose();
  }
}

/** What the invariants compare, read in the database before and after the write mix. */
async function snapshot(pool, caseId, workers) {
  const one = async (sql, params) => (await pool.query(sql, params)).rows;
  const accounts = workers.map((w) => w.accountId);
  const transactions = workers.map((w) => w.transactionId);
  const debts = [...new Set(workers.map((w) => w.debtId))];
  return {
    persons: Number((await one('select count(*) as n from persons where case_id = $1', [caseId]))[0].n),
    debtVersions: Number((await one('select coalesce(sum(version), 0) as n from debts where id = any($1)', [debts]))[0].n),
    transactions: await one('select id, version, is_flagged, amount::text, running_balance::text from transactions where id = any($1) order by id', [transactions]),
    accounts: await one('select id, available_balance::text, current_balance::text from bank_accounts where id = any($1) order by id', [accounts]),
    transfers: await one(
      `select t.id, t.status, t.event_count, count(e.id)::int as events,
              (array_agg(e.to_status order by e.sequence desc))[1] as last_event
         from transfers t left join transfer_events e on e.transfer_id = t.id
        where t.bank_account_id = any($1) group by t.id`,
      [accounts],
    ),
    events: await one('select type, count(*)::int as n from events where case_id = $1 group by type', [caseId]).catch(() => undefined),
  };
}

function invariants(before, after, result, workers) {
  const sum = (key) => result.perWorker.reduce((total, w) => total + w[key], 0);
  const checks = [];
  const check = (name, expected, found) => checks.push({ name, expected, found, ok: expected === found });
  check('persons in the case: before + 201s', before.persons + sum('persons'), after.persons);
  check('debt versions: before + 200 patches', before.debtVersions + sum('debtPatches'), after.debtVersions);
  const versionOf = (rows) => rows.reduce((total, row) => total + row.version, 0);
  check('transaction versions: before + 200 flag patches', versionOf(before.transactions) + sum('flagPatches'), versionOf(after.transactions));
  const flagsExpected = workers.map((_, i) => result.perWorker[i].lastFlag ?? false).filter(Boolean).length;
  check('transactions flagged as last set', flagsExpected, after.transactions.filter((row) => row.is_flagged).length);
  const unchanged = (beforeRows, afterRows, keys) =>
    afterRows.filter((row, i) => beforeRows[i] && beforeRows[i].id === row.id && keys.every((key) => beforeRows[i][key] === row[key])).length;
  check('transactions with amount and running balance unchanged', before.transactions.length, unchanged(before.transactions, after.transactions, ['amount', 'running_balance']));
  check('source accounts with balances unchanged (transfers cancelled)', before.accounts.length, unchanged(before.accounts, after.accounts, ['available_balance', 'current_balance']));
  check('transfers requested (201) = transfer rows', sum('transfers'), after.transfers.length - before.transfers.length);
  check('transfers cancelled (200) = transfers requested', sum('transfers'), sum('cancels'));
  check('transfers not cancelled', 0, after.transfers.filter((t) => t.status !== 'cancelled').length);
  check('audit trail: events per transfer = its event_count', 0, after.transfers.filter((t) => t.events !== t.event_count).length);
  check('audit trail: last event of each transfer is cancelled', 0, after.transfers.filter((t) => t.last_event !== 'cancelled').length);
  check('non-2xx responses', 0, Object.entries(result.counts).filter(([key]) => !/ 20[01]$/.test(key)).reduce((n, [, count]) => n + count, 0));
  if (after.events) {
    const count = (rows, type) => rows.find((row) => row.type === type)?.n ?? 0;
    check('events: person.created = persons created', sum('persons'), count(after.events, 'person.created') - count(before.events, 'person.created'));
  }
  return checks;
}

/** Section 4: the deep-pages bench of issue 8, run as is (its own database and app). */
function listsSection() {
  return new Promise((done, fail) => {
    process.stdout.write('## 4. List cost growth over 100,000 rows (bench/transactions-pages.bench.js)\n');
    const child = spawn(process.execPath, [join(__dirname, 'transactions-pages.bench.js')], {
      env: { BENCH_EXPLAIN: 'off', BENCH_REPEAT: process.env.BENCH_LIST_REPEAT ?? '100', ...process.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`transactions-pages.bench.js exited with ${code}`))));
  });
}

if (process.argv[2] === '--autocannon') {
  h.autocannonMode(process.argv[3]).catch((error) => {
    process.stderr.write(`load generator: ${error.stack ?? error}\n`);
    process.exit(1);
  });
} else if (process.argv[2] === '--writes') {
  writesMode(process.argv[3]).catch((error) => {
    process.stderr.write(`write load: ${error.stack ?? error}\n`);
    process.exit(1);
  });
} else {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error) => {
      process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
      process.exit(1);
    },
  );
}
