#!/usr/bin/env node
/**
 * Fault: PostgreSQL stops for a few seconds during a write mix (issue 12, "Faults"). `npm run fault:postgres`.
 *
 * An embedded PostgreSQL of its own (never the machine's server on 5432), one built API process, CLIENTS clients
 * running the write mix (a case with its deceased and authority, a person, a debt patch, a transfer requested, one in
 * four cancelled at once). The transfer processor runs in the API process with a step delay of STEP_DELAY_MS, so
 * transfers are being stepped when PostgreSQL goes. After WARMUP_MS PostgreSQL is stopped (fast shutdown) for DOWN_MS,
 * then started again. It prints and checks: no request outlived the client timeout (no hang) and none got a connection
 * reset without an answer; every 5xx is `503` or `500 internal_error` with the error envelope; `/healthz` said 503
 * while the server was down and 200 after; the service served again by itself; no request's rows are half there; and
 * every transfer ends (it fails loudly, listing them, if any is still active FINAL_WITHIN_MS after the mix), each final
 * status reached once, balances conserved and one ledger pair per settlement.
 *
 *   CLIENTS=8 WARMUP_MS=4000 DOWN_MS=5000 AFTER_MS=6000 STEP_DELAY_MS=1000 npm run fault:postgres
 */
'use strict';

const kit = require('./fault-kit');

const CLIENTS = Number(process.env.CLIENTS ?? 8);
const WARMUP_MS = Number(process.env.WARMUP_MS ?? 4000);
const DOWN_MS = Number(process.env.DOWN_MS ?? 5000);
const AFTER_MS = Number(process.env.AFTER_MS ?? 6000);
const CLIENT_TIMEOUT_MS = Number(process.env.CLIENT_TIMEOUT_MS ?? 15_000);
const STEP_DELAY_MS = String(process.env.STEP_DELAY_MS ?? 1000);
/** A step that failed while PostgreSQL was down is retried with backoff (1 s, 2 s, 4 s, …): time enough for that. */
const FINAL_WITHIN_MS = Number(process.env.FINAL_WITHIN_MS ?? 120_000);

async function main() {
  kit.assertBuilt();
  const started = Date.now();
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const log = (line) => process.stdout.write(`[${at()}] ${line}\n`);
  const database = await kit.startPostgres();
  log(`embedded PostgreSQL on port ${database.port}`);
  let api;
  const failures = [];
  try {
    const user = kit.invite(database.url, 'fault-postgres@fault.example.test');
    api = kit.startApi(await kit.freePort(), kit.serviceEnv(database.url, { TRANSFER_STEP_DELAY_MS: STEP_DELAY_MS, LOG_LEVEL: process.env.API_LOG_LEVEL || 'fatal' }));
    await api.ready();
    const setup = await kit.prepareCase(api.url, user.token, CLIENTS);
    const balanceBefore = (await kit.queryOne(database.url, 'select sum(current_balance)::text as total from bank_accounts')).total;
    log(`API process ${api.child.pid} listening; ${CLIENTS} clients start the write mix`);

    // /healthz every 100 ms, with its own timeout, recorded against the phase of the fault.
    let phase = 'before';
    const health = { before: {}, down: {}, restarting: {}, after: {} };
    let healthStopped = false;
    const healthLoop = (async () => {
      while (!healthStopped) {
        const result = await kit.call(api.url, 'GET', '/healthz', '', undefined, {}, 5000);
        const key = result.outcome === 'answered' ? String(result.status) : result.outcome;
        health[phase][key] = (health[phase][key] || 0) + 1;
        if (phase === 'after' && result.status === 200 && health.recoveredAt === undefined) health.recoveredAt = Date.now();
        await kit.sleep(100);
      }
    })();

    const mix = kit.writeMix({ baseUrlOf: () => api.url, token: user.token, setup, idempotent: true, timeoutMs: CLIENT_TIMEOUT_MS, cancelEvery: 4 });
    let stopMix = false;
    const load = kit.runClients(CLIENTS, mix.step, () => stopMix);
    const window = () => ({ requests: mix.stats.requests, byStatus: { ...mix.stats.byStatus }, byOutcome: { ...mix.stats.byOutcome } });

    await kit.sleep(WARMUP_MS);
    const beforeStop = window();
    log(`stopping PostgreSQL (fast shutdown) after ${beforeStop.requests} requests`);
    phase = 'down';
    await database.stop();
    const downAt = Date.now();
    await kit.sleep(DOWN_MS);
    phase = 'restarting';
    log('starting PostgreSQL again');
    await database.start();
    const upAt = Date.now();
    phase = 'after';
    log(`PostgreSQL up after ${upAt - downAt} ms down`);
    const atRestart = window();
    await kit.sleep(AFTER_MS);
    stopMix = true;
    await load;
    healthStopped = true;
    await healthLoop;
    const end = window();

    // After the fault: does the service serve again, and is every write whole?
    const probe = await kit.call(api.url, 'POST', `/v1/cases/${setup.caseId}/persons`, user.token, { first_name: 'After', last_name: 'Fault', relationship: 'friend' });
    // Keys whose release failed while the database was down are released by the sweep (a cron job, every minute) once
    // past the grace (10 s): wait a minute and a half, enough for one sweep after the grace whatever the phase.
    let rows = await kit.checkRows(database.url, user.organization_id, setup.caseId);
    const leftInProgress = rows.idempotency.in_progress;
    for (const sweepDeadline = Date.now() + 90_000; rows.idempotency.in_progress > 0 && Date.now() < sweepDeadline; ) {
      await kit.sleep(1000);
      rows = await kit.checkRows(database.url, user.organization_id, setup.caseId);
    }

    // The processor stayed on through the fault: every transfer it was stepping must end.
    log(`waiting up to ${FINAL_WITHIN_MS} ms for every transfer to end`);
    const active = await kit.waitForTransfersFinal(database.url, FINAL_WITHIN_MS);
    const stillActive = active ? await kit.activeTransfers(database.url) : [];
    const money = await kit.checkMoney(database.url, balanceBefore);

    const died = api.child.exitCode !== null || api.child.signalCode !== null;
    if (died) process.stdout.write(`THE API PROCESS EXITED (${api.child.exitCode ?? api.child.signalCode}); its last output:\n${api.output().slice(-4000)}\n`);

    const delta = (a, b) => Object.fromEntries(Object.keys({ ...a, ...b }).map((key) => [key, (b[key] || 0) - (a[key] || 0)]).filter(([, n]) => n));
    process.stdout.write('\n== fault: PostgreSQL stopped during the write mix ==\n');
    process.stdout.write(`clients ${CLIENTS}, PostgreSQL down ${upAt - downAt} ms, client timeout ${CLIENT_TIMEOUT_MS} ms\n`);
    process.stdout.write(`requests: ${end.requests} (before stop ${beforeStop.requests}, during ${atRestart.requests - beforeStop.requests}, after ${end.requests - atRestart.requests})\n`);
    process.stdout.write(`  statuses before the stop: ${JSON.stringify(beforeStop.byStatus)}\n`);
    process.stdout.write(`  statuses while down:      ${JSON.stringify(delta(beforeStop.byStatus, atRestart.byStatus))} outcomes ${JSON.stringify(delta(beforeStop.byOutcome, atRestart.byOutcome))}\n`);
    process.stdout.write(`  statuses after restart:   ${JSON.stringify(delta(atRestart.byStatus, end.byStatus))} outcomes ${JSON.stringify(delta(atRestart.byOutcome, end.byOutcome))}\n`);
    process.stdout.write(`  error answers: ${JSON.stringify(mix.stats.errors)}\n`);
    process.stdout.write(`  slowest request: ${mix.stats.slowest} ms\n`);
    process.stdout.write(`/healthz: before ${JSON.stringify(health.before)}, down ${JSON.stringify(health.down)}, restarting ${JSON.stringify(health.restarting)}, after ${JSON.stringify(health.after)}\n`);
    process.stdout.write(`  first 200 after restart: ${health.recoveredAt ? `${health.recoveredAt - upAt} ms` : 'never'}\n`);
    process.stdout.write(`probe write after the fault: ${probe.status}\n`);
    process.stdout.write(`rows: ${JSON.stringify(rows)}\n`);
    process.stdout.write(`idempotency keys sent ${mix.stats.keys.length}; in progress right after the mix ${leftInProgress}, after the sweep ${rows.idempotency.in_progress}\n`);
    process.stdout.write(`responses: cases 201 ×${mix.stats.created.cases}, persons 201 ×${mix.stats.created.persons}, transfers 201 ×${mix.stats.created.transfers}\n`);
    process.stdout.write(`transfers ${money.transfers} (step delay ${STEP_DELAY_MS} ms): settled ${money.settled}, returned ${money.returned}, cancelled ${money.cancelled}, rejected ${money.rejected}, failed ${money.failed}, still active ${money.active}\n`);
    process.stdout.write(`  final status reached other than exactly once ${money.finalsNotOnce}; sum of balances ${money.balanceBefore} → ${money.balanceAfter}; ledger mismatches ${money.ledgerMismatches}; network entries ${money.network.entries} for ${money.network.submissions} submissions\n`);
    if (stillActive.length) process.stdout.write(`STILL ACTIVE ${FINAL_WITHIN_MS} ms after the mix:\n${stillActive.map((row) => `  ${JSON.stringify(row)}`).join('\n')}\n`);

    const hangs = mix.stats.byOutcome.timeout || 0;
    const resets = mix.stats.byOutcome.reset || 0;
    if (hangs) failures.push(`${hangs} request(s) got no answer within ${CLIENT_TIMEOUT_MS} ms`);
    if (resets) failures.push(`${resets} request(s) had their connection closed without an answer`);
    if (mix.stats.badErrors.length) failures.push(`${mix.stats.badErrors.length} 5xx answer(s) without the envelope or not 503/500 internal_error: ${JSON.stringify(mix.stats.badErrors.slice(0, 3))}`);
    if (!health.down['503']) failures.push('/healthz never answered 503 while PostgreSQL was down');
    if (Object.keys(health.down).some((key) => key !== '503')) failures.push(`/healthz answered other than 503 while down: ${JSON.stringify(health.down)}`);
    if (!health.recoveredAt) failures.push('/healthz never answered 200 after the restart');
    if (!(delta(atRestart.byStatus, end.byStatus)['201'] > 0)) failures.push('no write succeeded after the restart');
    if (probe.status !== 201) failures.push(`the probe write after the fault answered ${probe.status}`);
    if (rows.without_deceased || rows.without_authority) failures.push(`half-done cases: ${rows.without_deceased} without deceased, ${rows.without_authority} without authority`);
    if (rows.idempotency.in_progress) failures.push(`${rows.idempotency.in_progress} idempotency key(s) still in progress`);
    if (died) failures.push('the API process exited during the fault (its output is above)');
    if (active) failures.push(`${active} transfer(s) still active ${FINAL_WITHIN_MS} ms after the mix (listed above)`);
    if (money.settled + money.returned === 0) failures.push('the processor settled no transfer: it did not run through the fault');
    if (money.finalsNotOnce) failures.push(`${money.finalsNotOnce} transfer(s) reached a final status other than exactly once`);
    if (money.balanceAfter !== money.balanceBefore) failures.push(`the sum of balances moved: ${money.balanceBefore} → ${money.balanceAfter}`);
    if (money.ledgerMismatches) failures.push(`${money.ledgerMismatches} transfer(s) without exactly one ledger pair per settlement`);
    if (rows.broken_trails) failures.push(`${rows.broken_trails} transfer(s) whose audit trail does not match their status`);
    if (rows.stale_active) failures.push(`${rows.stale_active} account(s) pointing at a transfer that is not active`);
    // +1: the setup case. Rows may exceed the 201s (a commit whose answer was lost), never fall short.
    if (rows.cases < mix.stats.created.cases + 1) failures.push(`fewer cases (${rows.cases}) than 201 answers (${mix.stats.created.cases} + setup)`);
    if (rows.persons < mix.stats.created.persons + 1) failures.push(`fewer persons (${rows.persons}) than 201 answers (${mix.stats.created.persons} + probe)`);
  } finally {
    if (api) await api.stop();
    await database.destroy();
  }
  process.stdout.write(failures.length ? `\nFAILED:\n- ${failures.join('\n- ')}\n` : '\nall promises held\n');
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
