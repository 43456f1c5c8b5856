#!/usr/bin/env node
/**
 * The court accounting of a busy estate (contract-extensions §16): 5,000 transactions over three years on four bank
 * accounts (the deceased's two, the estate account, a brokerage sweep), with a house sold, a car, claims and a paid
 * distribution, and one settled account before the period. Through the real app, in one run, it times:
 *
 *   read      every record the account reads, through the ports, in one REPEATABLE READ transaction (no computing)
 *   rows      the 5,000 ledger rows alone, as the assets port selects them
 *   compute   GET …/accounting (JSON): read, compute, serialize, over HTTP
 *   domain    computeAccounting on the records already read (the pure function alone), over the whole three years
 *   pdf       the PDF of that document alone (pdfmake), and GET …/accounting?format=pdf over HTTP
 *
 * and prints the medians and the ratios (compute / read, pdf / compute, …).
 *
 *   npm run bench:accounting                      (builds what changed first)
 *   BENCH_ROWS=5000 BENCH_REPEAT=15 node bench/accounting.bench.js
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a scratch database
 * `estate_bench_accounting` is created on that server and dropped afterwards, or an embedded PostgreSQL when no server
 * answers), BENCH_ROWS (5000), BENCH_REPEAT (15
 * timed runs of each, after 3 warm-up runs).
 *
 * The ledger is seeded with one INSERT … SELECT (as the transactions bench does): the figure is about computing and
 * rendering, and the POST path is covered by the e2e suites.
 */
'use strict';

const { positiveInt, requireBuilt, prepareDatabase, startBenchApp, expectJson } = require('./lib/harness');
const { performance } = require('node:perf_hooks');

const DATABASE = 'estate_bench_accounting';
const DATE_OF_DEATH = '2023-06-01';

function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(repeat, work) {
  for (let i = 0; i < 3; i++) await work();
  const samples = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples) };
}

async function main() {
  const rows = positiveInt('BENCH_ROWS', 5000);
  const repeat = positiveInt('BENCH_REPEAT', 15);

  require('reflect-metadata');
  const { PlainQuery } = requireBuilt('libs/shared-kernel/src/index.js');
  const { AccountingSources } = requireBuilt('libs/accounting/src/application/accounting-sources.js');
  const { AccountingComputations } = requireBuilt('libs/accounting/src/application/accounting-computations.js');
  const { AccountingPdf } = requireBuilt('libs/accounting/src/application/ports/accounting-pdf.port.js');
  const { AccountingPapers } = requireBuilt('libs/accounting/src/application/accounting-papers.js');
  const { accountingDocument, accountingCaption, computeAccounting } = requireBuilt('libs/accounting/src/index.js');
  const { EntityManager, RequestContext } = require('@mikro-orm/postgresql');
  const { Client } = require('pg');

  const database = await prepareDatabase(DATABASE);
  let app;
  let base;
  let headers;
  const sql = new Client({ connectionString: database.url });
  try {
    await sql.connect();
    // The in-process timings run for seconds between HTTP requests: keep the client's idle connection open meanwhile.
    ({ app, base, headers } = await startBenchApp(database.url, { keepAliveMs: 120_000 }));
    const send = async (method, path, body, status = 201) =>
      (await expectJson(await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), status, `${method} ${path}`)).data;

    const caseId = (await send('POST', '/v1/cases', { deceased: { first_name: 'Bench', last_name: 'Estate', date_of_death: DATE_OF_DEATH } })).id;
    const api = `/v1/cases/${caseId}`;
    await send('PUT', `${api}/probate`, { state: 'CA', probate_type: 'formal', county_fips: '06037', case_number: '23STPB09999' });
    await send('PUT', `${api}/executor`, { first_name: 'Bench', last_name: 'Executor', role: 'executor' });
    const account = (body) => send('POST', `${api}/bank-accounts`, { institution_name: 'Bench Bank', ownership_type: 'individual', status: 'open', ...body });
    const accounts = [
      (await account({ account_type: 'checking', account_number: '000111000111' })).id,
      (await account({ account_type: 'savings', account_number: '000222000222' })).id,
      (await account({ account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '000333000333' })).id,
      (await account({ account_type: 'money_market', account_number: '000444000444' })).id,
    ];
    await send('POST', `${api}/real-estate-properties`, {
      address: { address1: '1 Bench Way', city: 'Pasadena', state: 'CA', zip: '91101' },
      property_type: 'single_family',
      ownership_type: 'sole',
      date_of_death_value: 800000,
    });
    await send('POST', `${api}/vehicles`, { vehicle_type: 'automobile', year: 2019, make: 'Toyota', model: 'Camry', estimated_value: 14000 });
    for (let i = 0; i < 20; i++) await send('POST', `${api}/probate/creditor-claims`, { creditor_name: `Creditor ${i}`, claim_amount: 100 + i, claim_date: '2023-08-01' });

    // 5,000 rows over three years, spread over the four accounts, credits and debits mixed; the balance at death first.
    // Rows are classified by the default rule unless the ledger carries its own category (then a category that fits the sign).
    const [{ classified }] = (await sql.query(`select count(*) > 0 as classified from information_schema.columns where table_name = 'transactions' and column_name = 'accounting_category'`)).rows;
    const seedStart = performance.now();
    await sql.query(
      `insert into transactions (id, case_id, bank_account_id, date, type, amount, running_balance, description, is_recurring, is_flagged, created_at, updated_at, version${classified ? ', accounting_category' : ''})
       select id, $1, account, date, type, amount, sum(amount) over (partition by account order by date, created_at, id), description, false, false, created_at, created_at, 1${classified ? ", case when amount >= 0 then 'interest' else 'administration' end" : ''}
         from (select '01BENCH' || lpad(i::text, 19, '0') as id,
                      ($2::text[])[1 + i % 4] as account,
                      date '${DATE_OF_DEATH}' + (i * 1095 / $3) as date,
                      case when i % 3 = 0 then 'credit' else 'debit' end as type,
                      case when i <= 4 then 25000 when i % 3 = 0 then round((i % 997)::numeric * 1.37, 2) else -round((i % 331)::numeric * 0.91, 2) end as amount,
                      'bench transaction ' || i as description,
                      timestamptz '2023-06-01T00:00:00Z' + i * interval '1 second' as created_at
                 from generate_series(1, $3) as i) seeded`,
      [caseId, accounts, rows],
    );
    await sql.query('vacuum analyze transactions');
    const seedSeconds = (performance.now() - seedStart) / 1000;
    // A first account settled a year after the death: the benched period is the next two years, on its ending property.
    await send('POST', `${api}/accountings`, { to: '2024-05-31' });

    const sources = app.get(AccountingSources);
    const computations = app.get(AccountingComputations);
    const pdf = app.get(AccountingPdf);
    const plain = app.get(PlainQuery);
    const ledger = `select t.id, t.bank_account_id, t.date::text as date, t.amount::text as amount, t.type, t.category, t.description, t.merchant_name, t.created_at
                      from transactions t join bank_accounts b on b.id = t.bank_account_id and b.case_id = t.case_id where t.case_id = $1 order by t.date, t.created_at, t.id`;

    const { snapshot, computation } = await sources.read(caseId, async (s) => ({ snapshot: s, computation: await computations.compute(caseId, s, {}) }));
    const document = accountingDocument({ computation, caption: accountingCaption(snapshot.caption), scheme: 'ca', identity: { status: 'live', computedAt: new Date() } });
    const counted = computation.schedules.receipts.lines.length + computation.schedules.disbursements.lines.length + computation.schedules.changes_in_form.lines.length;
    // What the paper names beside the account (the attorney or the executor in pro per, the hearing), as a PDF reads it.
    const paper = await RequestContext.create(app.get(EntityManager), () => app.get(AccountingPapers).of(caseId));
    const bytes = await pdf.render({ document, caseId, ordinal: 2, paper });

    const read = await timed(repeat, () => sources.read(caseId, async (s) => s.records.transactions.length));
    const rowsAlone = await timed(repeat, () => plain.rows(ledger, [caseId]));
    const domain = await timed(repeat, async () => computeAccounting({ from: DATE_OF_DEATH, to: computation.to, today: computation.to, dateOfDeath: DATE_OF_DEATH, previous: null, countedBefore: { flows: [], carried: [] }, records: snapshot.records }));
    const compute = await timed(repeat, async () => expectJson(await fetch(`${base}${api}/accounting`, { headers }), 200, 'GET accounting'));
    const render = await timed(repeat, () => pdf.render({ document, caseId, ordinal: 2, paper }));
    const overHttp = await timed(repeat, async () => {
      const response = await fetch(`${base}${api}/accounting?format=pdf`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET accounting pdf: ${response.status}`);
    });

    const ms = (value) => `${value.toFixed(1)} ms`;
    const line = (label, figure) => console.log(`| ${label} | ${ms(figure.median)} | ${ms(figure.min)} | ${ms(figure.max)} |`);
    console.log(`estate: ${rows.toLocaleString('en-US')} transactions over three years on 4 accounts (seeded in ${seedSeconds.toFixed(1)} s); one account settled before the period`);
    console.log(`period ${computation.from} to ${computation.to}: ${counted.toLocaleString('en-US')} transactions counted, PDF ${(bytes.length / 1024).toFixed(0)} KiB; ${repeat} timed runs each after 3 warm-up runs`);
    console.log('| what | median | min | max |');
    console.log('|---|---|---|---|');
    line('read: every record through the ports, one REPEATABLE READ transaction', read);
    line('rows: the ledger rows alone (one SELECT)', rowsAlone);
    line('domain: computeAccounting on records in memory (all three years)', domain);
    line('compute: GET …/accounting, JSON, over HTTP', compute);
    line('pdf: rendering the document alone', render);
    line('pdf: GET …/accounting?format=pdf, over HTTP', overHttp);
    const ratio = (a, b) => `${(a.median / b.median).toFixed(2)}×`;
    console.log(`compute / read: ${ratio(compute, read)}; read / rows: ${ratio(read, rowsAlone)}; domain / rows: ${ratio(domain, rowsAlone)}`);
    console.log(`pdf render / compute: ${ratio(render, compute)}; GET pdf / GET json: ${ratio(overHttp, compute)}; GET pdf / rows: ${ratio(overHttp, rowsAlone)}`);
  } finally {
    await app?.close();
    await sql.end().catch(() => undefined);
    await database.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
