#!/usr/bin/env node
/**
 * Documents (issue 21) in one run and one table:
 *
 *   upload, API          POST /v1/cases/{id}/documents of a 25 MiB PDF (multipart; parsed, hashed, spooled, encrypted in
 *                        1 MiB rows, written in the request's transaction), MB/s, best of BENCH_ROUNDS
 *   download, API        GET …/documents/{id}/content of it (read, decrypted and streamed row by row), MB/s
 *   insert, by hand      the same 25 MiB as one bytea parameter, INSERTed with node-postgres (no parsing, no
 *                        encryption): what PostgreSQL itself costs
 *   select, by hand      the same bytes SELECTed back
 *   peak RSS             VmHWM of the API process (its peak resident memory, reset just before) during 10 concurrent
 *                        25 MiB uploads; must stay under 300 MB (stream, do not buffer)
 *
 *   npm run bench:documents                 (builds what changed first)
 *   BENCH_ROUNDS=3 BENCH_CONCURRENT=10 npm run bench:documents
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a scratch database
 * `estate_bench_documents` is created fresh on that server and dropped afterwards), BENCH_ROUNDS (3),
 * BENCH_CONCURRENT (10). The API runs as its own process (`dist/apps/api/src/main.js`, as `npm start` runs it), so its
 * memory is measured apart from this one's; the default storage (PostgreSQL) is used.
 */
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { DIST, freePort, positiveInt, prepareDatabase, formatTable, expectJson } = require('./lib/harness');

const SIZE = 26_214_400;
const LIMIT_MB = 300;

/** A PDF of one page, padded with a comment to exactly 25 MiB. */
function pdfOf(size) {
  const body = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n%', 'latin1');
  const pdf = Buffer.alloc(size, 0x20);
  body.copy(pdf);
  return pdf;
}

const mbPerSecond = (bytes, ms) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(1);
const kib = (status, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;

async function waitForHealth(base, api) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the API did not start within a minute');
}

async function timed(work) {
  const started = process.hrtime.bigint();
  const result = await work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

async function main() {
  const rounds = positiveInt('BENCH_ROUNDS', 3);
  const concurrent = positiveInt('BENCH_CONCURRENT', 10);
  const { Client } = require('pg');
  const db = await prepareDatabase('estate_bench_documents');
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: db.url, FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PORT: String(port), LOG_LEVEL: 'silent', DOCUMENT_STORAGE: 'postgres' };
  let api;
  const sql = new Client({ connectionString: db.url });
  try {
    const invitation = JSON.parse(
      execFileSync(process.execPath, [join(DIST, 'apps/api/src/cli.js'), 'invite', '--email', `bench-${randomBytes(4).toString('hex')}@bench.example.test`, '--tier', 'enterprise', '--json'], { env, encoding: 'utf8' }).trim().split('\n').pop(),
    );
    // The settings `npm start` runs the API with (package.json).
    api = spawn(process.execPath, ['--max-semi-space-size=4', '--heap-growing-percent=50', join(DIST, 'apps/api/src/main.js')], { env: { ...env, MALLOC_ARENA_MAX: '2' }, stdio: ['ignore', 'ignore', 'inherit'] });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, api);
    await sql.connect();
    const auth = { authorization: `Bearer ${invitation.token}` };
    const caseId = (await expectJson(await fetch(`${base}/v1/cases`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' }), 201, 'create case')).data.id;
    const pdf = pdfOf(SIZE);
    const blob = new Blob([pdf], { type: 'application/pdf' });
    const uploadOnce = async () => {
      const form = new FormData();
      form.append('type', 'court_filing');
      form.append('file', blob, 'filing.pdf');
      return (await expectJson(await fetch(`${base}/v1/cases/${caseId}/documents`, { method: 'POST', headers: auth, body: form }), 201, 'upload')).data;
    };
    const downloadOnce = async (id) => {
      const response = await fetch(`${base}/v1/cases/${caseId}/documents/${id}/content`, { headers: auth });
      if (response.status !== 200) throw new Error(`download: ${response.status} ${await response.text()}`);
      let bytes = 0;
      for await (const chunk of response.body) bytes += chunk.length;
      if (bytes !== SIZE) throw new Error(`download: ${bytes} bytes, expected ${SIZE}`);
    };

    await uploadOnce(); // warm-up: connections, JIT
    const uploads = [];
    const downloads = [];
    let document;
    for (let round = 0; round < rounds; round++) {
      const up = await timed(uploadOnce);
      document = up.result;
      uploads.push(up.ms);
      downloads.push((await timed(() => downloadOnce(document.id))).ms);
    }

    await sql.query('create table bench_blobs (id integer primary key, data bytea not null)');
    await sql.query('alter table bench_blobs alter column data set storage external');
    const inserts = [];
    const selects = [];
    for (let round = 0; round < rounds; round++) {
      inserts.push((await timed(() => sql.query('insert into bench_blobs (id, data) values ($1, $2)', [round, pdf]))).ms);
      selects.push(
        (
          await timed(async () => {
            const { rows } = await sql.query('select data from bench_blobs where id = $1', [round]);
            if (rows[0].data.length !== SIZE) throw new Error('select: wrong size');
          })
        ).ms,
      );
    }

    // Peak memory of the API process during the concurrent uploads: its high-water mark, reset first (clear_refs 5).
    const statusFile = `/proc/${api.pid}/status`;
    const idle = kib(readFileSync(statusFile, 'utf8'), 'VmRSS');
    let reset = true;
    try {
      writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
    } catch {
      reset = false; // not permitted: the high-water mark then includes start-up
    }
    let sampled = 0;
    const sampler = setInterval(() => {
      try {
        sampled = Math.max(sampled, kib(readFileSync(statusFile, 'utf8'), 'VmRSS'));
      } catch {
        // the process is gone; the error shows below
      }
    }, 10);
    const burst = await timed(() => Promise.all(Array.from({ length: concurrent }, uploadOnce)));
    clearInterval(sampler);
    const peak = Math.max(kib(readFileSync(statusFile, 'utf8'), 'VmHWM'), sampled);

    const best = (values) => Math.min(...values);
    const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    process.stdout.write(`\nDocuments, a 25 MiB PDF (${SIZE} bytes), best of ${rounds}; database ${db.where}\n\n`);
    process.stdout.write(
      formatTable([
        ['measure', 'time', 'throughput'],
        ['upload, API (multipart, SHA-256, AES-256-GCM rows, one transaction)', `${best(uploads).toFixed(0)} ms`, `${mbPerSecond(SIZE, best(uploads))} MB/s`],
        ['insert, by hand (one bytea parameter, node-postgres)', `${best(inserts).toFixed(0)} ms`, `${mbPerSecond(SIZE, best(inserts))} MB/s`],
        ['download, API (decrypted and streamed row by row)', `${best(downloads).toFixed(0)} ms`, `${mbPerSecond(SIZE, best(downloads))} MB/s`],
        ['select, by hand (the bytea back, node-postgres)', `${best(selects).toFixed(0)} ms`, `${mbPerSecond(SIZE, best(selects))} MB/s`],
        [`${concurrent} concurrent uploads, API`, `${burst.ms.toFixed(0)} ms`, `${mbPerSecond(SIZE * concurrent, burst.ms)} MB/s`],
      ]) + '\n\n',
    );
    const verdict = peak < LIMIT_MB * 1024 * 1024 ? 'under' : 'OVER';
    process.stdout.write(
      `API process memory: ${mb(idle)} resident before; peak ${mb(peak)} during ${concurrent} concurrent 25 MiB uploads ` +
        `(${reset ? 'high-water mark reset just before' : 'high-water mark since start-up'}) — ${verdict} the ${LIMIT_MB} MB limit\n`,
    );
    if (verdict === 'OVER') process.exitCode = 1;
  } finally {
    await sql.end().catch(() => undefined);
    if (api && api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((resolve) => api.once('exit', resolve));
    }
    await db.dispose();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
