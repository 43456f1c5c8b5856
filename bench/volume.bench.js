#!/usr/bin/env node
/**
 * The same reads on an empty database and at the size of a large firm (issue 39, item 1), in one run and one table.
 *
 *   1. empty: a scratch database holding only what the measured organization needs (an organization and its token,
 *      a case with 10 persons, a case with a bank account and its deceased's date of death; the organization has 50
 *      cases and the account 50 transactions, so that every list below returns full pages of 25 and "deep" has a
 *      page 2 to be), then each route for BENCH_SECONDS at 50 connections:
 *        case            GET /v1/cases/{id}
 *        persons         GET /v1/cases/{id}/persons?per_page=25
 *        list page       GET /v1/cases?per_page=25                    (page mode: page 1 and its total_count)
 *        list cursor 1   GET /v1/cases?per_page=25&cursor=            (cursor mode, first page)
 *        list cursor N   GET /v1/cases?per_page=25&cursor=<page N>    (cursor mode, halfway through the walk)
 *        tx cursor 1     GET …/bank-accounts/{id}/transactions?per_page=25&cursor=
 *        tx cursor N     the same, halfway through the walk (page 2 on the empty database)
 *   2. volume: plain SQL, one INSERT … SELECT generate_series per table, no API calls: BENCH_CASES cases (BENCH_ORG_CASES
 *      of them in the measured organization, spread evenly in time among the others; the rest in organizations of
 *      2,000 cases each), BENCH_PERSONS persons on every one, and BENCH_TRANSACTIONS transactions on the measured
 *      account (in place of its 50); then VACUUM ANALYZE.
 *   3. the same routes again (the deep pages now halfway through 20,050 cases and 100,000 transactions), then the
 *      accounting of the ledger's case (GET …/accounting?to=…, JSON with gzip, sequential requests from a client process
 *      of its own, each timed to the body's last byte) against one SQL select of its rows (the ledger select of
 *      bench/accounting.bench.js, on a plain `pg` client), medians of BENCH_REPEAT runs.
 *   4. the table: each route's req/s, p50, p99 in both, volume/empty for throughput and p99, and issue 39's targets
 *      (≥ 0.8× the empty database's throughput, ≤ 1.5× its p99; the accounting ≤ 2× its rows' read) met or NOT met;
 *      then, unless BENCH_EXPLAIN=off, the EXPLAIN ANALYZE of the statements the case list sent at volume.
 *
 *   npm run bench:volume                             (builds what changed first; ~8 s per route per phase)
 *   BENCH_CASES=2000 BENCH_ORG_CASES=200 BENCH_TRANSACTIONS=2000 BENCH_SECONDS=2 npm run bench:volume   (smoke)
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a scratch database `estate_bench_volume`,
 * or BENCH_DATABASE, is created fresh on that server and dropped afterwards; without a reachable server an embedded
 * PostgreSQL is started in a temporary directory), REDIS_URL (rate-limit counters in Redis when set), BENCH_CASES
 * (200000), BENCH_ORG_CASES (20000), BENCH_PERSONS (10), BENCH_TRANSACTIONS (100000), BENCH_SECONDS (8),
 * BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (2, before each route: the first route of the empty phase otherwise pays the JIT's warm-up), BENCH_REPEAT (5 timed accounting requests and row reads, after
 * one warm-up each), BENCH_EXPLAIN (`off` skips the plans).
 *
 * Deep cursors are made as the API makes them: the list's own first `next_cursor` (which carries the list's digest
 * and sort) with its position moved to the row that ends the page before, read by SQL in the list's order; each is
 * checked to return the same rows as page mode at that page before anything is measured. The load generator runs in
 * a child process (this file with `--autocannon`), so it does not share the app's event loop.
 */
'use strict';

const { positiveInt, requireBuilt, prepareDatabase, startBenchApp, runChild, autocannonMode, timedFetchMode, formatTable, megabytes, ms, ratio, expectJson } = require('./lib/harness');
const { startCpuWindow, micros } = require('./lib/cpu');

const { cpus, loadavg } = require('node:os');
const { performance } = require('node:perf_hooks');

const PER_PAGE = 25;
/** Cases and transactions the measured organization holds on the empty database: two full pages. */
const EMPTY_ROWS = 50;
const CASES_PER_OTHER_ORGANIZATION = 2000;
const DATE_OF_DEATH = '2021-12-15';
const ACCOUNTING_TO = '2026-06-30';
const TARGET = { throughput: 0.8, p99: 1.5, accounting: 2 };

/** Half-way through the walk of `rows` rows (at least page 2): the page a client reaches by following next_cursor. */
const deepPage = (rows) => Math.max(2, Math.ceil(Math.ceil(rows / PER_PAGE) / 2));

function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Captures the statements the API process sends while `capture.on` (every `pg` client: the ORM's pool, plain queries). */
function captureStatements() {
  const { Client } = require('pg');
  const capture = { on: false, statements: [] };
  const query = Client.prototype.query;
  Client.prototype.query = function capturedQuery(config, values, ...rest) {
    if (capture.on) {
      if (typeof config === 'object' && config !== null) capture.statements.push({ text: config.text, values: config.values ?? [] });
      else capture.statements.push({ text: config, values: Array.isArray(values) ? values : [] });
    }
    return query.call(this, config, values, ...rest);
  };
  return capture;
}

/**
 * The cursor the API hands out at the end of page `page - 1`: the list's first next_cursor (its digest and sort) with
 * the position of that page's last row, read in the list's order (sort column, then id, both in the sort's direction).
 */
async function cursorOfPage(sql, firstCursor, page, { table, where, values }) {
  const binding = JSON.parse(Buffer.from(firstCursor, 'base64url').toString('utf8'));
  if (!/^[a-z_]+$/.test(binding.s) || !['asc', 'desc'].includes(binding.o)) throw new Error(`unexpected cursor ${JSON.stringify(binding)}`);
  const { rows } = await sql.query(
    `select id, ${binding.s} as value from ${table} where ${where} order by ${binding.s} ${binding.o}, id ${binding.o} offset $${values.length + 1} limit 1`,
    [...values, (page - 1) * PER_PAGE - 1],
  );
  if (rows.length !== 1) throw new Error(`${table}: no row ends page ${page - 1}`);
  const { value, id } = rows[0];
  const position = value instanceof Date ? { v: value.toISOString(), d: 1 } : { v: value };
  const { d: _date, ...rest } = binding;
  return Buffer.from(JSON.stringify({ ...rest, ...position, i: id })).toString('base64url');
}

/** The deep cursor page must hold the rows page mode holds at that page. */
async function checkSameRows(cursorUrl, pageUrl, headers, what) {
  const viaCursor = await expectJson(await fetch(cursorUrl, { headers }), 200, `${what} (cursor)`);
  const viaPage = await expectJson(await fetch(pageUrl, { headers }), 200, `${what} (page mode)`);
  const ids = (body) => JSON.stringify(body.data.map((row) => row.id));
  if (viaCursor.data.length !== PER_PAGE || ids(viaCursor) !== ids(viaPage)) throw new Error(`${what}: the cursor page and page mode differ`);
}

async function main() {
  const cases = positiveInt('BENCH_CASES', 200_000);
  const orgCases = positiveInt('BENCH_ORG_CASES', 20_000);
  const personsPerCase = positiveInt('BENCH_PERSONS', 10);
  const transactions = positiveInt('BENCH_TRANSACTIONS', 100_000);
  const seconds = positiveInt('BENCH_SECONDS', 8);
  const connections = positiveInt('BENCH_CONNECTIONS', 50);
  const repeat = positiveInt('BENCH_REPEAT', 5);
  const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
  if (orgCases >= cases) throw new Error('BENCH_ORG_CASES must be fewer than BENCH_CASES');
  if (transactions < 2 * PER_PAGE) throw new Error(`BENCH_TRANSACTIONS must be at least ${2 * PER_PAGE}`);

  require('reflect-metadata');
  const capture = captureStatements();
  const { Client } = require('pg');

  const database = await prepareDatabase(process.env.BENCH_DATABASE || 'estate_bench_volume');
  let app;
  let config;
  let base;
  let headers;
  const sql = new Client({ connectionString: database.url });
  try {
    await sql.connect();
    // The accounting and row timings run for seconds between requests: keep the client's idle connection open meanwhile.
    ({ app, config, base, headers } = await startBenchApp(database.url, { keepAliveMs: 120_000 }));

    // ---- 1. the empty database: what the measured organization needs, through the API, and two pages of each list.
    const send = async (path, body) => (await expectJson(await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }), 201, `POST ${path}`)).data;

    const personsCase = (
      await send('/v1/cases', {
        estate_value: '100k_to_500k',
        progress: 'just_started',
        possible_dispute: 'no_dispute_expected',
        queue_assignment: 'intake',
        deceased: { first_name: 'Eleanor', last_name: 'Whitfield', date_of_birth: '1941-03-14', date_of_death: '2026-08-30' },
      })
    ).id;
    for (let i = 0; i < personsPerCase; i++) {
      await send(`/v1/cases/${personsCase}/persons`, { first_name: `Heir${i}`, last_name: 'Whitfield', relationship: i % 2 ? 'child' : 'grandchild', is_beneficiary: i % 3 === 0 });
    }
    const ledgerCase = (await send('/v1/cases', { deceased: { first_name: 'Bench', last_name: 'Ledger', date_of_death: DATE_OF_DEATH } })).id;
    const accountId = (
      await send(`/v1/cases/${ledgerCase}/bank-accounts`, { institution_name: 'Bench Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789' })
    ).id;
    const [{ organization_id: organizationId }] = (await sql.query('select organization_id from cases where id = $1', [personsCase])).rows;

    // Ids sort like ULIDs (26 characters of Crockford base32, increasing); the generated rows are older than the API's.
    const insertCases = (count, where) =>
      sql.query(
        `insert into cases (id, organization_id, queue_assignment, estate_value, progress, possible_dispute, date_of_sign_up, created_at, updated_at, version)
         select '01VCASE' || lpad(i::text, 19, '0'), ${where.organization}, 'intake',
                (array['unknown','under_25k','25k_to_100k','100k_to_500k','500k_to_1m','over_1m'])[1 + i % 6],
                (array['no_clue','just_started','making_progress','almost_done','completed'])[1 + i % 5],
                (array['no_dispute_expected','possible_dispute','active_dispute'])[1 + i % 3],
                created_at, created_at, created_at + (i % 97) * interval '1 hour', 1
           from (select i, timestamptz '2024-01-01T00:00:00Z' + i * (interval '2 years' / $1::int) as created_at
                   from generate_series(1, $1::int) as i) generated
          where ${where.rows}`,
        [count, ...where.values],
      );
    // Sums by date, then creation, from zero: the running balance the API keeps.
    const insertTransactions = (count) =>
      sql.query(
        `insert into transactions (id, case_id, bank_account_id, date, type, amount, running_balance, description, is_recurring, is_flagged, created_at, updated_at, version, accounting_category)
         select id, $1, $2, date, type, amount, sum(amount) over (order by date, created_at, id), description, false, false, created_at, created_at, 1,
                case when amount >= 0 then 'other_receipt' else 'other_disbursement' end
           from (select '01VTRAN' || lpad(i::text, 19, '0') as id,
                        date '2022-01-01' + (i * 1400 / $3::int) as date,
                        case when i % 3 = 0 then 'credit' else 'debit' end as type,
                        case when i % 3 = 0 then round((i % 997)::numeric * 1.37, 2) else -round((i % 331)::numeric * 0.91, 2) end as amount,
                        'bench transaction ' || i as description,
                        timestamptz '2022-01-01T00:00:00Z' + i * (interval '1400 days' / $3::int) as created_at
                   from generate_series(1, $3::int) as i) generated`,
        [ledgerCase, accountId, count],
      );
    await insertCases(EMPTY_ROWS - 2, { organization: '$2', rows: 'true', values: [organizationId] });
    await insertTransactions(EMPTY_ROWS);
    await sql.query('vacuum analyze');

    const caseUrl = `${base}/v1/cases/${personsCase}`;
    const listUrl = `${base}/v1/cases?per_page=${PER_PAGE}`;
    const transactionsUrl = `${base}/v1/cases/${ledgerCase}/bank-accounts/${accountId}/transactions?per_page=${PER_PAGE}`;
    const auth = { authorization: headers.authorization };

    /** The routes of one phase, the deep cursors made for the phase's data and checked against page mode. */
    async function routesOf(listRows, transactionRows) {
      const page = await expectJson(await fetch(listUrl, { headers: auth }), 200, 'GET /v1/cases');
      if (page.data.length !== PER_PAGE || page.meta.total_count !== listRows) throw new Error(`case list: ${page.data.length} rows of ${page.meta.total_count}, expected ${listRows}`);
      const persons = await expectJson(await fetch(`${caseUrl}/persons?per_page=${PER_PAGE}`, { headers: auth }), 200, 'GET persons');
      if (persons.data.length !== personsPerCase) throw new Error(`persons: ${persons.data.length} rows`);
      const listFirst = await expectJson(await fetch(`${listUrl}&cursor=`, { headers: auth }), 200, 'GET /v1/cases cursor');
      const transactionsFirst = await expectJson(await fetch(`${transactionsUrl}&cursor=`, { headers: auth }), 200, 'GET transactions cursor');
      const listDeep = deepPage(listRows);
      const transactionsDeep = deepPage(transactionRows);
      const listCursor = await cursorOfPage(sql, listFirst.meta.next_cursor, listDeep, {
        table: 'cases',
        where: 'organization_id = $1 and deleted_at is null',
        values: [organizationId],
      });
      const transactionsCursor = await cursorOfPage(sql, transactionsFirst.meta.next_cursor, transactionsDeep, {
        table: 'transactions',
        where: 'case_id = $1 and bank_account_id = $2',
        values: [ledgerCase, accountId],
      });
      const listDeepUrl = `${listUrl}&cursor=${encodeURIComponent(listCursor)}`;
      const transactionsDeepUrl = `${transactionsUrl}&cursor=${encodeURIComponent(transactionsCursor)}`;
      await checkSameRows(listDeepUrl, `${listUrl}&page=${listDeep}`, auth, `case list page ${listDeep}`);
      await checkSameRows(transactionsDeepUrl, `${transactionsUrl}&page=${transactionsDeep}`, auth, `transactions page ${transactionsDeep}`);
      return [
        { key: 'case', label: 'GET /v1/cases/{id}', url: caseUrl },
        { key: 'persons', label: `GET /v1/cases/{id}/persons?per_page=25 (${personsPerCase})`, url: `${caseUrl}/persons?per_page=${PER_PAGE}` },
        { key: 'list-page', label: 'GET /v1/cases?per_page=25 (page 1, total_count)', url: listUrl },
        { key: 'list-cursor', label: 'GET /v1/cases?per_page=25&cursor= (page 1)', url: `${listUrl}&cursor=` },
        { key: 'list-deep', label: 'GET /v1/cases cursor, deep page', url: listDeepUrl, page: listDeep },
        { key: 'tx-cursor', label: 'GET …/transactions?per_page=25&cursor= (page 1)', url: `${transactionsUrl}&cursor=` },
        { key: 'tx-deep', label: 'GET …/transactions cursor, deep page', url: transactionsDeepUrl, page: transactionsDeep },
      ];
    }

    async function measure(routes) {
      const results = new Map();
      for (const route of routes) {
        const options = { url: route.url, headers: auth, connections, duration: seconds };
        if (warmupSeconds > 0) await runChild(__filename, '--autocannon', { ...options, duration: warmupSeconds });
        const cpu = startCpuWindow(database.name);
        const result = await runChild(__filename, '--autocannon', options);
        Object.assign(result, cpu.stop(result.total));
        const failures = result.errors + result.timeouts + result.non2xx;
        if (failures > 0 || result.total === 0) {
          throw new Error(`${route.label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts in ${result.total} requests`);
        }
        results.set(route.key, { ...route, ...result });
      }
      return results;
    }

    process.stdout.write(
      `estate-desk volume benchmark: ${seconds} s per route at ${connections} connections, ${cpus().length} CPU(s), Node ${process.version}\n` +
        `database: ${database.where}; rate-limit store: ${config.redisUrl ? 'Redis' : 'in memory'}; load average before: ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}\n`,
    );
    const empty = await measure(await routesOf(EMPTY_ROWS, EMPTY_ROWS));

    // ---- 2. volume: one statement per table, in the database the app is serving.
    const loadStart = performance.now();
    const others = cases - orgCases;
    const otherOrganizations = Math.ceil(others / CASES_PER_OTHER_ORGANIZATION);
    const steps = [];
    const step = async (label, work) => {
      const start = performance.now();
      const result = await work();
      steps.push(`${label} ${((performance.now() - start) / 1000).toFixed(1)} s`);
      return result;
    };
    await step(`${otherOrganizations} organizations`, () =>
      sql.query(
        `insert into organizations (id, name, tier, created_at)
         select '01VORGN' || lpad(o::text, 19, '0'), 'Bench firm ' || o, 'enterprise', now() from generate_series(0, $1::int - 1) as o`,
        [otherOrganizations],
      ),
    );
    // Case i is the measured organization's when i * orgCases / cases crosses an integer: exactly orgCases of them,
    // spread evenly in time among the others (so no index serves the organization's list by chance of insertion order).
    await step(`${cases.toLocaleString('en-US')} cases`, () =>
      sql.query('delete from cases where id like $1', ['01VCASE%']).then(() =>
        insertCases(cases, {
          organization: `case when (i::bigint * $2::int) / $1::int > ((i - 1)::bigint * $2::int) / $1::int then $3::varchar
                               else '01VORGN' || lpad((i % $4::int)::text, 19, '0') end`,
          rows: 'true',
          values: [orgCases, organizationId, otherOrganizations],
        }),
      ),
    );
    await step(`${(cases * personsPerCase).toLocaleString('en-US')} persons`, () =>
      sql.query(
        `insert into persons (id, case_id, first_name, last_name, relationship, kinship, is_beneficiary, possible_dispute, is_deceased, created_at, updated_at, version)
         select '01VPRSN' || lpad(p::text, 19, '0'), '01VCASE' || lpad(c::text, 19, '0'), 'Heir' || (p % $2::int), 'Bench' || c,
                case when p % 2 = 0 then 'child' else 'grandchild' end, case when p % 2 = 0 then 'child' else 'grandchild' end,
                p % 3 = 0, false, false, created_at, created_at, 1
           from (select p, (p - 1) / $2::int + 1 as c, timestamptz '2024-01-01T00:00:00Z' + p * interval '1 second' as created_at
                   from generate_series(1, $1::bigint * $2::int) as p) generated`,
        [cases, personsPerCase],
      ),
    );
    await step(`${transactions.toLocaleString('en-US')} transactions`, () =>
      sql.query('delete from transactions where bank_account_id = $1', [accountId]).then(() => insertTransactions(transactions)),
    );
    await step('vacuum analyze', () => sql.query('vacuum analyze'));
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const [counts] = (
      await sql.query(
        `select (select count(*) from cases)::int as cases, (select count(*) from cases where organization_id = $1)::int as org_cases,
                (select count(*) from persons)::int as persons, (select count(*) from transactions where bank_account_id = $2)::int as transactions`,
        [organizationId, accountId],
      )
    ).rows;
    process.stdout.write(
      `volume: ${counts.cases.toLocaleString('en-US')} cases (${counts.org_cases.toLocaleString('en-US')} in the measured organization), ` +
        `${counts.persons.toLocaleString('en-US')} persons, ${counts.transactions.toLocaleString('en-US')} transactions on one account; ` +
        `loaded in ${loadSeconds.toFixed(1)} s (${steps.join(', ')})\n`,
    );

    // ---- 3. the same routes at volume, then the accounting against its rows.
    const volumeRoutes = await routesOf(counts.org_cases, counts.transactions);
    const volume = await measure(volumeRoutes);
    const ledgerRows = `select t.id, t.bank_account_id, t.date::text as date, t.amount::text as amount, t.type, t.category, t.description, t.merchant_name, t.created_at
                          from transactions t join bank_accounts b on b.id = t.bank_account_id and b.case_id = t.case_id where t.case_id = $1 order by t.date, t.created_at, t.id`;
    const readRows = async () => {
      const { rowCount } = await sql.query(ledgerRows, [ledgerCase]);
      if (rowCount !== counts.transactions) throw new Error(`ledger rows: ${rowCount}`);
    };
    const accountingUrl = `${base}/v1/cases/${ledgerCase}/accounting?to=${ACCOUNTING_TO}`;
    // Timed by a client of its own process, to the body's last byte, as the routes' load is generated; it asks for
    // gzip, as a client fetching 26 MB of JSON would. The row reads and the requests alternate, so that both see the
    // same machine (another program's load moves either by half from one second to the next).
    const fetchAccounting = (warmup) => runChild(__filename, '--timed-fetch', { url: accountingUrl, headers: { ...auth, 'accept-encoding': 'gzip' }, repeat: 1, warmup });
    await readRows();
    let fetched = await fetchAccounting(true);
    const rowSamples = [];
    const accountingSamples = [];
    for (let i = 0; i < repeat; i++) {
      const start = performance.now();
      await readRows();
      rowSamples.push(performance.now() - start);
      fetched = await fetchAccounting(false);
      accountingSamples.push(fetched.times[0]);
    }
    const rowsRead = median(rowSamples);
    const accounting = median(accountingSamples);
    global.gc?.();
    const rss = process.memoryUsage().rss;

    // ---- 4. the table.
    const verdict = (ok) => (ok ? 'met' : 'NOT met');
    const rows = [['route', 'empty req/s', 'p50', 'p99', 'volume req/s', 'p50', 'p99', 'req/s vol/empty', 'p99 vol/empty', 'CPU/req empty', 'CPU/req vol', `≥ ${TARGET.throughput}x req/s, ≤ ${TARGET.p99}x p99`]];
    for (const route of volumeRoutes) {
      const a = empty.get(route.key);
      const b = volume.get(route.key);
      const throughput = b.requestsPerSecond / a.requestsPerSecond;
      const p99 = b.p99 / a.p99;
      const label = route.page ? `${route.label} (page ${a.page} → ${b.page.toLocaleString('en-US')})` : route.label;
      const cpu = (r) => `${micros(r.apiMicros)} + ${micros(r.pgMicros)}`;
      rows.push([
        label,
        a.requestsPerSecond.toFixed(0),
        ms(a.p50),
        ms(a.p99),
        b.requestsPerSecond.toFixed(0),
        ms(b.p50),
        ms(b.p99),
        ratio(b.requestsPerSecond, a.requestsPerSecond),
        ratio(b.p99, a.p99),
        cpu(a),
        cpu(b),
        `${verdict(throughput >= TARGET.throughput)} / ${verdict(p99 <= TARGET.p99)}`,
      ]);
    }
    const accountingRatio = accounting / rowsRead;
    rows.push([`GET …/accounting?to=${ACCOUNTING_TO} (JSON, ${counts.transactions.toLocaleString('en-US')} rows, ${megabytes(fetched.bytes)} of JSON), median`, '', '', '', ms(accounting), '', '', '', '', '', '', '']);
    rows.push([`its rows: one SQL select of the ledger, median`, '', '', '', ms(rowsRead), '', '', '', '', '', '', '']);
    rows.push([`accounting / rows (≤ ${TARGET.accounting}x)`, '', '', '', `${accountingRatio.toFixed(2)}x`, '', '', '', '', '', '', verdict(accountingRatio <= TARGET.accounting)]);
    rows.push(['resident memory of the API process at the end', '', '', '', megabytes(rss), '', '', '', '', '', '', '']);
    process.stdout.write(
      `\n${formatTable(rows)}\nCPU/req: API process + PostgreSQL backends, per request. load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}\n`,
    );

    // The plans of the case list's statements at volume, captured from one request of each mode.
    if (process.env.BENCH_EXPLAIN !== 'off') {
      for (const key of ['list-page', 'list-deep']) {
        const route = volumeRoutes.find((r) => r.key === key);
        capture.statements = [];
        capture.on = true;
        await expectJson(await fetch(route.url, { headers: auth }), 200, route.label);
        capture.on = false;
        for (const statement of capture.statements.filter((s) => /from "cases"/i.test(s.text))) {
          const plan = await sql.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
          process.stdout.write(
            `\n-- ${route.label}:\n${statement.text}\n-- values: ${JSON.stringify(statement.values)}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`,
          );
        }
      }
    }
  } finally {
    await app?.close();
    await sql.end().catch(() => undefined);
    await database.dispose();
  }
}

if (process.argv[2] === '--autocannon' || process.argv[2] === '--timed-fetch') {
  (process.argv[2] === '--autocannon' ? autocannonMode : timedFetchMode)(process.argv[3]).catch((error) => {
    process.stderr.write(`load generator: ${error.stack ?? error}\n`);
    process.exit(1);
  });
} else {
  main().then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
      process.exit(1);
    },
  );
}
