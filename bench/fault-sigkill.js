#!/usr/bin/env node
/**
 * Fault: one of two API processes is SIGKILLed during the write mix (issue 12, "Faults"). `npm run fault:sigkill`.
 *
 * An embedded PostgreSQL of its own, two built API processes A and B (each runs the transfer processor), CLIENTS
 * clients running the write mix with an `Idempotency-Key` on every POST, half of them on A and half on B. A client
 * behaves as one behind a load balancer would: a request that gets no answer (A died under it, or A is down) is sent
 * again, with the same key, to the other process, and a `409 idempotency_conflict` ("in progress") is retried shortly.
 * After WARMUP_MS, A is SIGKILLed; DOWN_MS later it is started again. It prints and checks: B kept serving while A was
 * down; every key is completed or released (none left `in_progress`); every transfer reaches a terminal state with a
 * whole audit trail and no account points at a finished transfer; no case is half-written.
 *
 *   CLIENTS=8 WARMUP_MS=4000 DOWN_MS=4000 AFTER_MS=4000 npm run fault:sigkill
 */
'use strict';

const kit = require('./fault-kit');

const CLIENTS = Number(process.env.CLIENTS ?? 8);
const WARMUP_MS = Number(process.env.WARMUP_MS ?? 4000);
const DOWN_MS = Number(process.env.DOWN_MS ?? 4000);
const AFTER_MS = Number(process.env.AFTER_MS ?? 4000);
/** A retried request gives up after this long (the key's grace after a crash is 10 s). */
const RETRY_FOR_MS = 30_000;

async function main() {
  kit.assertBuilt();
  const started = Date.now();
  const log = (line) => process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`);
  const database = await kit.startPostgres();
  log(`embedded PostgreSQL on port ${database.port}`);
  const failures = [];
  const apis = [];
  try {
    const user = kit.invite(database.url, 'fault-sigkill@fault.example.test');
    const env = kit.serviceEnv(database.url, { TRANSFER_STEP_DELAY_MS: '300' });
    const [portA, portB] = [await kit.freePort(), await kit.freePort()];
    apis.push(kit.startApi(portA, env), kit.startApi(portB, env));
    await Promise.all(apis.map((api) => api.ready()));
    const setup = await kit.prepareCase(apis[1].url, user.token, CLIENTS);
    let [a, b] = apis;
    log(`API processes A (pid ${a.child.pid}) and B (pid ${b.child.pid}) listening; ${CLIENTS} clients, half on each`);

    let phase = 'before';
    const servedByB = { before: 0, down: 0, after: 0 };
    const retried = { requests: 0, gaveUp: 0, inProgressWaits: 0, finalStatuses: {} };
    // The client side of a load balancer: no answer → the same request, same key, to the other process.
    const urls = { A: a.url, B: b.url };
    const originalCall = kit.call;
    const call = async (baseUrl, method, path, token, body, headers, timeoutMs) => {
      let target = baseUrl;
      let result = await originalCall(target, method, path, token, body, headers, timeoutMs);
      if (target === urls.B && result.outcome === 'answered') servedByB[phase]++;
      const deadline = Date.now() + RETRY_FOR_MS;
      let wasRetried = false;
      while ((result.outcome !== 'answered' || (result.status === 409 && result.body?.error?.code === 'idempotency_conflict')) && Date.now() < deadline) {
        if (result.outcome !== 'answered') target = target === urls.A ? urls.B : urls.A;
        else retried.inProgressWaits++;
        wasRetried = true;
        retried.requests++;
        await kit.sleep(200);
        result = await originalCall(target, method, path, token, body, headers, timeoutMs);
      }
      if (wasRetried) {
        if (result.outcome !== 'answered') retried.gaveUp++;
        const key = result.outcome === 'answered' ? String(result.status) : result.outcome;
        retried.finalStatuses[key] = (retried.finalStatuses[key] || 0) + 1;
      }
      return result;
    };

    const mix = kit.writeMix({ baseUrlOf: (client) => (client % 2 ? urls.B : urls.A), token: user.token, setup, idempotent: true, send: call });
    let stopMix = false;
    const load = kit.runClients(CLIENTS, mix.step, () => stopMix);

    await kit.sleep(WARMUP_MS);
    const atKill = mix.stats.requests;
    phase = 'down';
    log(`SIGKILL A (pid ${a.child.pid}) after ${atKill} requests`);
    a.child.kill('SIGKILL');
    await a.exited;
    const inProgressAtKill = (await query(database.url, `select count(*)::int as n from idempotency_keys where state = 'in_progress'`)).n;
    await kit.sleep(DOWN_MS);
    a = kit.startApi(portA, env);
    apis[0] = a;
    await a.ready();
    phase = 'after';
    log(`A restarted (pid ${a.child.pid})`);
    await kit.sleep(AFTER_MS);
    stopMix = true;
    await load;
    log(`mix stopped after ${mix.stats.requests} requests; waiting for the transfers to finish`);

    // Every transfer the killed process was moving is taken up again (SKIP LOCKED claims, nothing held by the dead).
    const deadline = Date.now() + 60_000;
    let active;
    while ((active = (await query(database.url, `select count(*)::int as n from transfers where status in ('requested','verifying','approved','submitted','in_transit')`)).n) > 0 && Date.now() < deadline) {
      await kit.sleep(250);
    }
    // Keys of requests that died with A and were never retried are released by the sweep (every 30 s) after the grace.
    let keys = await kit.checkRows(database.url, user.organization_id, setup.caseId);
    const sweepDeadline = Date.now() + 45_000;
    while (keys.idempotency.in_progress > 0 && Date.now() < sweepDeadline) {
      await kit.sleep(1000);
      keys = await kit.checkRows(database.url, user.organization_id, setup.caseId);
    }
    const rows = keys;

    process.stdout.write('\n== fault: one of two API processes SIGKILLed during the write mix ==\n');
    process.stdout.write(`clients ${CLIENTS} (half on A, half on B), A down ${DOWN_MS} ms; requests ${mix.stats.requests} (${atKill} before the kill)\n`);
    process.stdout.write(`  statuses: ${JSON.stringify(mix.stats.byStatus)} outcomes ${JSON.stringify(mix.stats.byOutcome)}\n`);
    process.stdout.write(`  error answers: ${JSON.stringify(mix.stats.errors)}\n`);
    process.stdout.write(`  answered by B: before the kill ${servedByB.before}, while A was down ${servedByB.down}, after A's restart ${servedByB.after}\n`);
    process.stdout.write(`  retries: ${retried.requests} (of which ${retried.inProgressWaits} after "in progress"), final answers of retried requests ${JSON.stringify(retried.finalStatuses)}, gave up ${retried.gaveUp}\n`);
    process.stdout.write(`idempotency keys sent ${mix.stats.keys.length}; in progress right after the kill ${inProgressAtKill}; now ${JSON.stringify(rows.idempotency)} (released: ${mix.stats.keys.length - rows.idempotency.keys})\n`);
    process.stdout.write(`transfers: ${rows.transfers} (settled ${rows.settled}, cancelled ${rows.cancelled}, still active ${active}); broken trails ${rows.broken_trails}; accounts pointing at a finished transfer ${rows.stale_active}\n`);
    process.stdout.write(`cases ${rows.cases} (201 answers ${mix.stats.created.cases} + setup), half-written ${rows.without_deceased + rows.without_authority}; persons ${rows.persons} (201 answers ${mix.stats.created.persons})\n`);

    if (servedByB.down === 0) failures.push('B answered nothing while A was down');
    if (retried.gaveUp) failures.push(`${retried.gaveUp} request(s) got no answer from either process within ${RETRY_FOR_MS} ms`);
    if (mix.stats.badErrors.length) failures.push(`${mix.stats.badErrors.length} 5xx answer(s) without the envelope: ${JSON.stringify(mix.stats.badErrors.slice(0, 3))}`);
    if (rows.idempotency.in_progress) failures.push(`${rows.idempotency.in_progress} idempotency key(s) still in progress`);
    if (active) failures.push(`${active} transfer(s) still active a minute after the mix`);
    if (rows.broken_trails) failures.push(`${rows.broken_trails} transfer(s) whose audit trail does not match their status`);
    if (rows.stale_active) failures.push(`${rows.stale_active} account(s) pointing at a finished transfer`);
    if (rows.without_deceased || rows.without_authority) failures.push('half-written cases');
    if (rows.cases !== mix.stats.created.cases + 1) failures.push(`cases ${rows.cases} ≠ 201 answers ${mix.stats.created.cases} + setup (each key makes its case once)`);
    if (rows.persons !== mix.stats.created.persons) failures.push(`persons ${rows.persons} ≠ 201 answers ${mix.stats.created.persons} (each key makes its person once)`);
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
    await database.destroy();
  }
  process.stdout.write(failures.length ? `\nFAILED:\n- ${failures.join('\n- ')}\n` : '\nall promises held\n');
  process.exit(failures.length ? 1 : 0);
}

async function query(databaseUrl, text) {
  const { Client } = require('pg');
  const sql = new Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    return (await sql.query(text)).rows[0];
  } finally {
    await sql.end();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
