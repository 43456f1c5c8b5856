#!/usr/bin/env node
/**
 * Deep pages of a large ledger (issue 8): 100,000 transactions on one bank account, then, through the real app (every
 * guard, interceptor, the list machinery and the serializer), timed over repeated sequential requests:
 *
 *   cursor page 1       GET …/transactions?per_page=25&cursor=
 *   cursor page 4,000   GET …/transactions?per_page=25&cursor=<the cursor that ends page 3,999>
 *   page 4,000          GET …/transactions?per_page=25&page=4000        (offset 99,975, plus the count)
 *
 * and prints the three figures with the ratios (the goal: cursor page 4,000 within 1.2× of page 1), then the
 * `explain analyze` of the SQL the app sent for cursor page 4,000 and for page 4,000 (captured from the ORM).
 *
 *   npm run bench:transactions                      (builds what changed first)
 *   BENCH_REPEAT=300 BENCH_ROWS=100000 node bench/transactions-pages.bench.js
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a scratch database
 * `estate_bench_transactions` is created on that server and dropped afterwards), BENCH_ROWS (100000), BENCH_REPEAT
 * (200 timed requests per route, after 20 warm-up requests), BENCH_EXPLAIN (`off` skips the plans).
 *
 * The transactions are seeded with one INSERT … SELECT (running balances by a window function, the same definition the
 * API keeps: by date, then creation, from zero), not 100,000 POSTs: the figure is about reading, and the POST path is
 * covered by the e2e suite. The cursor of page 4,000 is the one the API would hand out at the end of page 3,999,
 * built from that row with the kernel's own encoder; the bench checks it returns the same rows as page mode.
 */
'use strict';

const { positiveInt, requireBuilt, withDatabase, expectJson } = require('./lib/harness');

const { randomBytes } = require('node:crypto');
const { performance } = require('node:perf_hooks');

const DATABASE = 'estate_bench_transactions';
const PER_PAGE = 25;
const DEEP_PAGE = 4000;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function time(url, headers, repeat) {
  for (let i = 0; i < 20; i++) await expectJson(await fetch(url, { headers }), 200, url);
  const samples = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    samples.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

async function main() {
  const rows = positiveInt('BENCH_ROWS', 100_000);
  const repeat = positiveInt('BENCH_REPEAT', 200);
  if (rows < DEEP_PAGE * PER_PAGE) throw new Error(`BENCH_ROWS must be at least ${DEEP_PAGE * PER_PAGE} for page ${DEEP_PAGE}`);

  require('reflect-metadata');
  const { createApp } = requireBuilt('apps/api/src/create-app.js');
  const { applyMigrations } = requireBuilt('apps/api/src/database/migrate.js');
  const { loadAppConfig } = requireBuilt('libs/shared-kernel/src/index.js');
  const { OperatorEnrolment } = requireBuilt('libs/people/src/index.js');
  const { encodeCursor } = requireBuilt('libs/shared-kernel/src/resources/pagination/cursor.js');
  const { EntityManager } = require('@mikro-orm/postgresql');
  const { Client } = require('pg');

  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  const url = withDatabase(serverUrl, DATABASE);
  let app;
  const sql = new Client({ connectionString: url });
  try {
    await applyMigrations(url);
    await sql.connect();
    const config = loadAppConfig(
      { ...process.env, LOG_LEVEL: 'silent' },
      { databaseUrl: url, fieldEncryptionKey: randomBytes(32), rateLimits: { pro: 1_000_000_000, enterprise: 1_000_000_000 }, logLevel: 'silent' },
    );
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');

    const identity = new OperatorEnrolment(app.get(EntityManager).fork());
    const invitation = await identity.invite(`bench-${randomBytes(4).toString('hex')}@bench.example.test`, 'enterprise', `bench-${Date.now()}`);
    const headers = { authorization: `Bearer ${invitation.token}`, 'content-type': 'application/json' };
    const caseId = (await expectJson(await fetch(`${base}/v1/cases`, { method: 'POST', headers, body: '{}' }), 201, 'create case')).data.id;
    const accountId = (
      await expectJson(
        await fetch(`${base}/v1/cases/${caseId}/bank-accounts`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ institution_name: 'Bench Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789' }),
        }),
        201,
        'create account',
      )
    ).data.id;

    const seedStart = performance.now();
    // Ids sort like ULIDs (fixed width, increasing); dates run over ~4 years, several a day; amounts mix debits and credits.
    await sql.query(
      `insert into transactions (id, case_id, bank_account_id, date, type, amount, running_balance, description, is_recurring, is_flagged, created_at, updated_at, version, accounting_category)
       select id, $1, $2, date, type, amount, sum(amount) over (order by date, created_at, id), description, false, false, created_at, created_at, 1,
              case when amount >= 0 then 'other_receipt' else 'other_disbursement' end
         from (select '01BENCH' || lpad(i::text, 19, '0') as id,
                      date '2022-01-01' + (i / 70) as date,
                      case when i % 3 = 0 then 'credit' else 'debit' end as type,
                      case when i % 3 = 0 then round((i % 997)::numeric * 1.37, 2) else -round((i % 331)::numeric * 0.91, 2) end as amount,
                      'bench transaction ' || i as description,
                      timestamptz '2026-01-01T00:00:00Z' + i * interval '1 millisecond' as created_at
                 from generate_series(1, $3) as i) seeded`,
      [caseId, accountId, rows],
    );
    await sql.query('vacuum analyze transactions');
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const collection = `${base}/v1/cases/${caseId}/bank-accounts/${accountId}/transactions`;
    // The row that ends page 3,999 in the default order (created_at desc, id desc): the cursor the API hands out there.
    const [last] = (
      await sql.query(`select id, created_at from transactions where bank_account_id = $1 order by created_at desc, id desc offset $2 limit 1`, [
        accountId,
        (DEEP_PAGE - 1) * PER_PAGE - 1,
      ])
    ).rows;
    const deepCursor = encodeCursor('created_at', 'desc', { value: new Date(last.created_at), id: last.id });
    const urls = {
      cursorFirst: `${collection}?per_page=${PER_PAGE}&cursor=`,
      cursorDeep: `${collection}?per_page=${PER_PAGE}&cursor=${encodeURIComponent(deepCursor)}`,
      pageDeep: `${collection}?per_page=${PER_PAGE}&page=${DEEP_PAGE}`,
    };
    const viaCursor = await expectJson(await fetch(urls.cursorDeep, { headers }), 200, 'cursor page 4000');
    const viaPage = await expectJson(await fetch(urls.pageDeep, { headers }), 200, 'page 4000');
    const same = JSON.stringify(viaCursor.data.map((r) => r.id)) === JSON.stringify(viaPage.data.map((r) => r.id));
    if (!same || viaCursor.data.length !== PER_PAGE) throw new Error('cursor page 4000 and page 4000 differ');

    const cursorFirst = await time(urls.cursorFirst, headers, repeat);
    const cursorDeep = await time(urls.cursorDeep, headers, repeat);
    const pageDeep = await time(urls.pageDeep, headers, repeat);

    const ms = (value) => `${value.toFixed(2)} ms`;
    console.log(`transactions on one account: ${rows.toLocaleString('en-US')} (seeded in ${seedSeconds.toFixed(1)} s); ${repeat} sequential requests per route, per_page ${PER_PAGE}`);
    console.log('| route | median | mean | p95 |');
    console.log('|---|---|---|---|');
    console.log(`| cursor page 1 | ${ms(cursorFirst.median)} | ${ms(cursorFirst.mean)} | ${ms(cursorFirst.p95)} |`);
    console.log(`| cursor page ${DEEP_PAGE.toLocaleString('en-US')} | ${ms(cursorDeep.median)} | ${ms(cursorDeep.mean)} | ${ms(cursorDeep.p95)} |`);
    console.log(`| page ${DEEP_PAGE.toLocaleString('en-US')} (page mode) | ${ms(pageDeep.median)} | ${ms(pageDeep.mean)} | ${ms(pageDeep.p95)} |`);
    const ratio = cursorDeep.median / cursorFirst.median;
    console.log(`cursor page ${DEEP_PAGE} / cursor page 1 (median): ${ratio.toFixed(2)}× (goal ≤ 1.2×: ${ratio <= 1.2 ? 'met' : 'NOT met'})`);
    console.log(`page mode ${DEEP_PAGE} / cursor page 1 (median): ${(pageDeep.median / cursorFirst.median).toFixed(2)}×`);
    console.log(`page mode ${DEEP_PAGE} / cursor page ${DEEP_PAGE} (median): ${(pageDeep.median / cursorDeep.median).toFixed(2)}×`);

    if (process.env.BENCH_EXPLAIN !== 'off') {
      // The SQL the app sends for each route, captured on the ORM's own `pg` pool (MikroORM 7 hands it out with
      // `getNativeClient`; the list reads run on it), then explained on the same data.
      const pool = await app.get(EntityManager).getConnection().getNativeClient();
      const captured = [];
      const watched = new WeakSet();
      const watch = (client) => {
        if (watched.has(client)) return;
        watched.add(client);
        const query = client.query.bind(client);
        client.query = (config, values, ...rest) => {
          if (typeof config === 'object' && config !== null) captured.push({ sql: config.text, bindings: config.values ?? [] });
          else captured.push({ sql: config, bindings: Array.isArray(values) ? values : [] });
          return query(config, values, ...rest);
        };
      };
      pool.on('acquire', watch);
      for (const [label, target] of [
        [`cursor page ${DEEP_PAGE}`, urls.cursorDeep],
        [`page ${DEEP_PAGE}`, urls.pageDeep],
      ]) {
        captured.length = 0;
        await expectJson(await fetch(target, { headers }), 200, label);
        const queries = captured.filter((query) => /from "transactions"/.test(query.sql));
        for (const query of queries) {
          const plan = await sql.query(`explain (analyze, buffers) ${query.sql}`, query.bindings);
          console.log(`\n-- ${label}:\n${query.sql}\n-- values: ${JSON.stringify(query.bindings)}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
        }
      }
      pool.removeListener('acquire', watch);
    }
  } finally {
    await app?.close();
    await sql.end().catch(() => undefined);
    await admin.query(`drop database if exists ${DATABASE} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
