#!/usr/bin/env node
/**
 * Writes against the limit of one transaction (issue 19), in one run, each route at 50 connections spread over 50
 * cases (connection i writes to case i only):
 *
 *   limit         POST /bench/write-limit/{case}: a bare Express route doing a person's write by hand on a `pg` pool —
 *                 BEGIN, lock the case row FOR NO KEY UPDATE, INSERT the person, INSERT its event row, COMMIT — the
 *                 physical limit of any design that writes a record and its event in one transaction on this machine
 *   post          POST /v1/cases/{id}/persons
 *   patch         PATCH /v1/cases/{id}/persons/{id} (merge patch of middle_name, a new value each time)
 *   post-keyed    POST …/persons with a new Idempotency-Key each time
 *   patch-if      PATCH …/persons/{id} with If-Match (the ETag of the connection's last answer)
 *   claim         PATCH …/probate/creditor-claims/{id} {"status":"accepted"}: an aggregate's status move through its
 *                 use case and rules (each request moves a fresh pending claim of the connection's case)
 *
 * Two passes, each in its own process with its own scratch database: rate-limit counters in Redis (REDIS_URL, or
 * redis://127.0.0.1:6379 when unset) as production runs it, then in memory. Each route prints req/s, p50, p99, the
 * ratio of its req/s to the limit's and of its p99 to the limit's, statements per write (counted at the driver: every
 * `pg` client of the API process; pg_stat_statements needs shared_preload_libraries, which the machine's server does
 * not load) and CPU per write of the API process and of PostgreSQL (bench/lib/cpu.js); then the resident memory of
 * the API process (idle after start-up, and after the writes).
 *
 *   npm run bench:writes
 *   BENCH_SECONDS=4 BENCH_PASSES=redis npm run bench:writes
 *   BENCH_ONLY=post,patch BENCH_PASSES=memory BENCH_PROFILE=/tmp/prof npm run bench:writes   (profile of each measured run)
 *   node bench/profile-top.js /tmp/prof/memory-post.cpuprofile 25
 *   BENCH_SQL=1 …                                        (print the statements one write of each route sends)
 *
 * Environment: DATABASE_URL (as bench/lib/harness.js), BENCH_DATABASE (estate_bench_writes), BENCH_SECONDS (8),
 * BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (50: as many cases), BENCH_ONLY (route keys), BENCH_PASSES
 * (redis,memory), BENCH_PROFILE (a directory: a CPU profile of the API during each measured run). The load generator runs in a child process: one keep-alive socket per connection (node:http), so
 * each connection keeps its own case, person, ETag and claims, which autocannon's per-request context cannot.
 */
'use strict';

const h = require('./lib/harness');
const { startCpuWindow, micros } = require('./lib/cpu');

const http = require('node:http');
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { cpus, loadavg, tmpdir } = require('node:os');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');

const ROUTE_KEYS = ['limit', 'post', 'patch', 'post-keyed', 'patch-if', 'claim'];
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

function selectedRoutes() {
  const raw = process.env.BENCH_ONLY;
  if (!raw) return ROUTE_KEYS;
  const keys = raw.split(',').map((key) => key.trim()).filter(Boolean);
  const unknown = keys.filter((key) => !ROUTE_KEYS.includes(key));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown route ${unknown.join(', ')} (known: ${ROUTE_KEYS.join(', ')})`);
  return ROUTE_KEYS.filter((key) => keys.includes(key));
}

// ---------------------------------------------------------------------------------------------------------------
// Load generator (child): one loop per connection, each on its own keep-alive socket and its own case.
// ---------------------------------------------------------------------------------------------------------------
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function requestOnce(agent, base, method, path, headers, body) {
  return new Promise((done, fail) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      `${base}${path}`,
      { method, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode, etag: res.headers.etag, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

async function loadMode(optionsJson) {
  // The options are in a file (thousands of claim ids do not fit in a command line).
  const { base, auth, route, seconds, connections } = JSON.parse(readFileSync(JSON.parse(optionsJson), 'utf8'));
  const deadline = performance.now() + seconds * 1000;
  const latencies = [];
  const statuses = {};
  let sequence = 0;
  let failure;
  const claimsUsed = connections.map(() => 0);
  await Promise.all(
    connections.map(async (connection, index) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const headers = { authorization: auth };
      let etag;
      let claim = 0;
      try {
        // The person's current ETag (earlier routes patched it), read before the clock matters.
        if (route === 'patch-if') etag = (await requestOnce(agent, base, 'GET', `/v1/cases/${connection.caseId}/persons/${connection.personId}`, headers)).etag;
        while (performance.now() < deadline) {
          const n = ++sequence;
          const person = { first_name: `Heir${n}`, last_name: 'Bench', relationship: 'child' };
          let call;
          if (route === 'limit') call = ['POST', `/bench/write-limit/${connection.caseId}`, headers, person];
          else if (route === 'post') call = ['POST', `/v1/cases/${connection.caseId}/persons`, headers, person];
          else if (route === 'post-keyed')
            call = ['POST', `/v1/cases/${connection.caseId}/persons`, { ...headers, 'idempotency-key': `bench-${index}-${n}-${randomBytes(8).toString('hex')}` }, person];
          else if (route === 'patch') call = ['PATCH', `/v1/cases/${connection.caseId}/persons/${connection.personId}`, headers, { middle_name: `M${n}` }];
          else if (route === 'patch-if')
            call = ['PATCH', `/v1/cases/${connection.caseId}/persons/${connection.personId}`, { ...headers, 'if-match': etag }, { middle_name: `I${n}` }];
          else if (route === 'claim') {
            if (claim >= connection.claimIds.length) throw new Error(`connection ${index} ran out of pending claims after ${claim}`);
            call = ['PATCH', `/v1/cases/${connection.caseId}/probate/creditor-claims/${connection.claimIds[claim++]}`, headers, { status: 'accepted' }];
          }
          const started = performance.now();
          const response = await requestOnce(agent, base, ...call);
          latencies.push(performance.now() - started);
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          if (response.etag) etag = response.etag;
        }
      } catch (error) {
        failure ??= error;
      } finally {
        claimsUsed[index] = claim;
        agent.destroy();
      }
    }),
  );
  if (failure) throw failure;
  const took = seconds;
  latencies.sort((a, b) => a - b);
  process.stdout.write(JSON.stringify({ total: latencies.length, requestsPerSecond: latencies.length / took, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses, claimsUsed }) + '\n');
}

// ---------------------------------------------------------------------------------------------------------------
// One pass (child of the parent): its database, the app, the fixtures, each route measured, one table.
// ---------------------------------------------------------------------------------------------------------------

/** Counts the statements the API process sends (every pg client: the ORM's pool, plain statements, the limit's). */
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

/** The limit: the person's write by hand, as the issue states it, on a pool of the app's size. */
function mountWriteLimit(nest, pool) {
  const { ulid } = require('ulid');
  const http = nest.getHttpAdapter();
  const insertPerson = `insert into persons (id, case_id, first_name, middle_name, last_name, suffix, relationship, email, phone,
      is_beneficiary, possible_dispute, is_deceased, waiver_status, created_at, updated_at, version)
    values ($1, $2, $3, null, $4, null, $5, null, null, false, false, false, null, $6, $6, 1)`;
  const insertEvent = `insert into events (id, organization_id, case_id, type, created_at, data) values ($1, $2, $3, 'person.created', $4, $5::jsonb)`;
  // The body arrives parsed by the app's own JSON parser (mounted ahead of every route): the limit parses as the API does.
  http.post('/bench/write-limit/:case_id', (req, res, next) => {
    (async () => {
      const body = req.body;
      const caseId = req.params.case_id;
      const client = await pool.connect();
      try {
        await client.query('begin');
        const held = await client.query('select organization_id from cases where id = $1 and deleted_at is null for no key update', [caseId]);
        if (held.rows.length !== 1) {
          await client.query('rollback');
          return res.status(404).end();
        }
        const now = new Date();
        const person = {
          id: ulid(),
          case_id: caseId,
          first_name: body.first_name,
          middle_name: null,
          last_name: body.last_name,
          suffix: null,
          relationship: body.relationship,
          email: null,
          phone: null,
          is_beneficiary: false,
          possible_dispute: false,
          is_deceased: false,
          waiver_status: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        };
        await client.query(insertPerson, [person.id, caseId, person.first_name, person.last_name, person.relationship, now]);
        await client.query(insertEvent, [ulid(), held.rows[0].organization_id, caseId, now, JSON.stringify({ object: person, actor: { type: 'api' } })]);
        await client.query('commit');
        res.status(201).json({ data: person });
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    })().catch(next);
  });
}

async function passMode(passName) {
  const seconds = h.positiveInt('BENCH_SECONDS', 8);
  const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
  const connectionCount = h.positiveInt('BENCH_CONNECTIONS', 50);
  const routes = selectedRoutes();

  require('reflect-metadata');
  const sql = countStatements();
  const { createApp } = h.requireBuilt('apps/api/src/create-app.js');
  const { applyMigrations } = h.requireBuilt('apps/api/src/database/migrate.js');
  const { loadAppConfig } = h.requireBuilt('libs/shared-kernel/src/index.js');
  const { OperatorEnrolment } = h.requireBuilt('libs/people/src/index.js');
  const { EntityManager } = require('@mikro-orm/postgresql');
  const { Pool } = require('pg');
  const { ulid } = require('ulid');
  const { pooledRandom } = h.requireBuilt('libs/shared-kernel/src/index.js');

  const database = await h.prepareDatabase(process.env.BENCH_DATABASE || 'estate_bench_writes');
  let app;
  let pool;
  let scratch;
  try {
    await applyMigrations(database.url);
    const config = loadAppConfig(
      { ...process.env, LOG_LEVEL: 'silent' },
      {
        databaseUrl: database.url,
        fieldEncryptionKey: randomBytes(32),
        rateLimits: { pro: 1_000_000_000, enterprise: 1_000_000_000 },
        logLevel: 'silent',
      },
    );
    pool = new Pool({ connectionString: database.url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
    app = await createApp(config, { mountBefore: (nest) => mountWriteLimit(nest, pool) });
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    global.gc?.();
    const idle = process.memoryUsage();

    // Fixtures: one case per connection, each with a person to patch and enough pending claims to move.
    const identity = new OperatorEnrolment(app.get(EntityManager).fork());
    const invitation = await identity.invite(`writes-${randomBytes(4).toString('hex')}@bench.example.test`, 'enterprise', `writes-${Date.now()}`);
    const auth = `Bearer ${invitation.token}`;
    const headers = { authorization: auth, 'content-type': 'application/json' };
    const doc = await h.expectJson(await fetch(`${base}/v1/openapi.json`), 200, 'GET /v1/openapi.json');
    const example = (path) => structuredClone(Object.values(doc.paths[path].post.requestBody.content['application/json'].examples)[0].value);
    const post = async (path, body) => (await h.expectJson(await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }), 201, `POST ${path}`)).data;
    const claimsPerCase = routes.includes('claim') ? Math.ceil((seconds + warmupSeconds + 2) * 120) : 0;
    const claimColumns = (
      await pool.query(`select column_name from information_schema.columns where table_name = 'creditor_claims' and column_name <> 'id' order by ordinal_position`)
    ).rows.map((row) => `"${row.column_name}"`);
    const connections = [];
    for (let i = 0; i < connectionCount; i++) {
      const created = await post('/v1/cases', example('/v1/cases'));
      const person = await post(`/v1/cases/${created.id}/persons`, { first_name: 'Patched', last_name: 'Bench', relationship: 'child' });
      const connection = { caseId: created.id, personId: person.id, claimIds: [] };
      if (claimsPerCase > 0) {
        const claim = await post(`/v1/cases/${created.id}/probate/creditor-claims`, example('/v1/cases/{case_id}/probate/creditor-claims'));
        if (claim.status !== 'pending') throw new Error(`the claim example is filed ${claim.status}, not pending`);
        // Copies of a claim filed through the API: the fixture, not what is measured.
        const ids = Array.from({ length: claimsPerCase }, () => ulid(undefined, pooledRandom));
        await pool.query(`insert into creditor_claims (id, ${claimColumns.join(', ')}) select new_id, ${claimColumns.map((c) => `c.${c}`).join(', ')}
            from unnest($1::text[]) as new_id, creditor_claims c where c.id = $2`, [ids, claim.id]);
        connection.claimIds = ids;
      }
      connections.push(connection);
    }

    const labels = {
      limit: 'limit: bare route, BEGIN + lock case + INSERT person + INSERT event + COMMIT',
      post: 'POST /v1/cases/{id}/persons',
      patch: 'PATCH …/persons/{id} (merge patch)',
      'post-keyed': 'POST …/persons, new Idempotency-Key each',
      'patch-if': 'PATCH …/persons/{id} with If-Match',
      claim: 'PATCH …/creditor-claims/{id} status → accepted (aggregate)',
    };
    const expected = { limit: 201, post: 201, 'post-keyed': 201, patch: 200, 'patch-if': 200, claim: 200 };
    const results = [];
    scratch = mkdtempSync(join(tmpdir(), 'estate-bench-writes-'));
    for (const key of routes) {
      const options = (duration) => {
        const file = join(scratch, `${key}-${duration}.json`);
        writeFileSync(file, JSON.stringify({ base, auth, route: key, seconds: duration, connections: key === 'claim' ? connections : connections.map((c) => ({ ...c, claimIds: [] })) }));
        return file;
      };
      if (warmupSeconds > 0) {
        const warm = await h.runChild(__filename, '--load', options(warmupSeconds));
        // The claims the warm-up moved are accepted now: the measured run starts at the next pending one.
        warm.claimsUsed.forEach((used, i) => (connections[i].claimIds = connections[i].claimIds.slice(used)));
      }
      if (process.env.BENCH_SQL) await traceOne(key, sql, base, auth, connections[0]);
      global.gc?.();
      const profile = process.env.BENCH_PROFILE ? await startProfile() : undefined;
      const cpu = startCpuWindow(database.name);
      const statementsBefore = sql.count;
      const result = await h.runChild(__filename, '--load', options(seconds));
      if (profile) await profile.stopInto(join(process.env.BENCH_PROFILE, `${passName}-${key}.cpuprofile`));
      Object.assign(result, cpu.stop(result.total), { statements: (sql.count - statementsBefore) / result.total, key, label: labels[key] });
      const good = result.statuses[expected[key]] ?? 0;
      if (good !== result.total || result.total === 0) throw new Error(`${labels[key]}: statuses ${JSON.stringify(result.statuses)}`);
      results.push(result);
    }

    const after = process.memoryUsage();
    const heap = (m) => `heap ${h.megabytes(m.heapUsed)} used of ${h.megabytes(m.heapTotal)}`;
    const limit = results.find((r) => r.key === 'limit');
    const plain = results.find((r) => r.key === 'post');
    const keyed = results.find((r) => r.key === 'post-keyed');
    process.stdout.write(
      `\n## pass: rate-limit counters ${passName === 'redis' ? `in Redis (${config.redisUrl})` : 'in memory'}; ${connections.length} connections over ${connections.length} cases, ${seconds} s per route; load average after: ${load()}\n` +
        h.formatTable([
          ['route', 'req/s', 'p50', 'p99', 'requests', '/ limit', 'p99 / limit', 'SQL/write', 'API CPU/write', 'PG CPU/write'],
          ...results.map((r) => [
            r.label,
            r.requestsPerSecond.toFixed(0),
            h.ms(r.p50),
            h.ms(r.p99),
            String(r.total),
            h.ratio(r.requestsPerSecond, limit?.requestsPerSecond),
            h.ratio(r.p99, limit?.p99),
            r.statements.toFixed(2),
            micros(r.apiMicros),
            micros(r.pgMicros),
          ]),
          ['resident memory, idle (after start-up)', h.megabytes(idle.rss), heap(idle), '', '', '', '', '', '', ''],
          ['resident memory, after the writes', h.megabytes(after.rss), heap(after), '', '', '', '', '', '', ''],
        ]) +
        (plain && keyed ? `\nidempotent POST cost (req/s without a key / with one): ${h.ratio(plain.requestsPerSecond, keyed.requestsPerSecond)}` : '') +
        `\ntargets: POST and PATCH >= 0.50x the limit with p99 <= 2x its p99; idempotent POST <= 1.15x the plain one; aggregate >= 0.40x\n`,
    );
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    if (app) await app.close();
    if (pool) await pool.end();
    await database.dispose();
  }
}

/** BENCH_PROFILE=<dir>: a CPU profile of the API process during each measured run only (no start-up, no fixtures). */
async function startProfile() {
  const { Session } = require('node:inspector');
  const session = new Session();
  session.connect();
  const post = (method, params) => new Promise((done, fail) => session.post(method, params, (error, result) => (error ? fail(error) : done(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stopInto(file) {
      const { profile } = await post('Profiler.stop');
      session.disconnect();
      mkdirSync(process.env.BENCH_PROFILE, { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}

/** BENCH_SQL=1: the statements one write of the route sends, on stderr. */
async function traceOne(key, counter, base, auth, connection) {
  const agent = new http.Agent({ keepAlive: false });
  counter.texts = [];
  const person = { first_name: 'Traced', last_name: 'Bench', relationship: 'child' };
  const calls = {
    limit: ['POST', `/bench/write-limit/${connection.caseId}`, {}, person],
    post: ['POST', `/v1/cases/${connection.caseId}/persons`, {}, person],
    'post-keyed': ['POST', `/v1/cases/${connection.caseId}/persons`, { 'idempotency-key': `trace-${randomBytes(8).toString('hex')}` }, person],
    patch: ['PATCH', `/v1/cases/${connection.caseId}/persons/${connection.personId}`, {}, { middle_name: `T${Date.now()}` }],
    'patch-if': ['PATCH', `/v1/cases/${connection.caseId}/persons/${connection.personId}`, {}, { middle_name: `U${Date.now()}` }],
    // The last pending claim of the connection: the measured run starts from the first.
    claim: ['PATCH', `/v1/cases/${connection.caseId}/probate/creditor-claims/${connection.claimIds.at(-1)}`, {}, { status: 'accepted' }],
  };
  const call = calls[key];
  if (!call) return;
  const [method, path, extra, body] = call;
  const response = await requestOnce(agent, base, method, path, { authorization: auth, ...extra }, body);
  await new Promise((tick) => setTimeout(tick, 50));
  process.stderr.write(`-- ${key}: ${response.status}, ${counter.texts.length} statement(s)\n`);
  for (const text of counter.texts) process.stderr.write(`   ${String(text).replace(/\s+/g, ' ').slice(0, 240)}\n`);
  counter.texts = undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Parent: both passes, each in its own process.
// ---------------------------------------------------------------------------------------------------------------
function runPass(name) {
  return new Promise((done, fail) => {
    const env = { ...process.env };
    if (name === 'redis') env.REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
    else delete env.REDIS_URL;
    const child = spawn(process.execPath, [...process.execArgv, __filename, '--pass', name], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`the ${name} pass exited with ${code}`))));
  });
}

async function main() {
  const passes = (process.env.BENCH_PASSES ?? 'redis,memory').split(',').map((p) => p.trim()).filter(Boolean);
  const unknown = passes.filter((p) => p !== 'redis' && p !== 'memory');
  if (unknown.length) throw new Error(`BENCH_PASSES: unknown pass ${unknown.join(', ')} (known: redis, memory)`);
  process.stdout.write(`estate-desk write benchmark (issue 19): ${cpus().length} CPU(s), Node ${process.version}; load average at start: ${load()}\n`);
  for (const pass of passes) await runPass(pass);
}

const fail = (what) => (error) => {
  process.stderr.write(`${what}: ${error.stack ?? error}\n`);
  process.exit(1);
};
if (process.argv[2] === '--load') loadMode(process.argv[3]).catch(fail('load generator'));
else if (process.argv[2] === '--pass') passMode(process.argv[3]).then(() => process.exit(0), fail('bench pass'));
else main().then(() => process.exit(0), fail('bench failed'));
