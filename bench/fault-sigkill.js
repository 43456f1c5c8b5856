#!/usr/bin/env node
/**
 * Fault: API processes SIGKILLed while their transfer processors are taking steps (issues 12 and 18).
 * `npm run fault:sigkill`.
 *
 * An embedded PostgreSQL of its own, two built API processes A and B (each runs the transfer processor, with a step
 * delay of STEP_DELAY_MS and a simulated ACH network that takes NETWORK_LATENCY_MS per call and reports its returns
 * RETURN_DELAY_MS after accepting an entry), CLIENTS clients running the write mix with an `Idempotency-Key` on every
 * POST, half on A and half on B. One transfer in four is cancelled at once; the others are left to the processors, and
 * one source account in four ends 0015, so the network returns its transfers (R15) after settlement. A client behaves
 * as one behind a load balancer would: a request that gets no answer is sent again, with the same key, to the other
 * process, and a `409 idempotency_conflict` ("in progress") is retried shortly.
 *
 * KILLS times (A, B, A, …), every BETWEEN_MS, one process is SIGKILLed and started again DOWN_MS later. A kill lands
 * inside a step when a step job the dead process had taken is still `active` a second after the kill (the live process
 * finishes its own within milliseconds): such a job is run again once it expires, by the other process or the restart.
 * A last kill takes both processes at the moment the network has accepted an entry that the service has not yet
 * recorded (the narrowest window): that entry must be submitted again, under its first trace number, and debited once.
 * After the mix it waits for every transfer to end and every reported return to be applied, then prints and checks:
 * the other process kept serving; every key completed or released; at least one kill landed inside a step; at least
 * half of the transfers were settled or returned by the processors; every transfer final, each final status reached
 * exactly once; the sum of all balances unchanged; audit trails 1…n without gap, ending at the transfer's status; one
 * ledger pair per settlement (and per return after one); one network entry per submitted transfer, with its trace
 * number; no account pointing at a finished transfer; no case half-written.
 *
 *   CLIENTS=8 KILLS=3 BETWEEN_MS=4000 DOWN_MS=3000 STEP_DELAY_MS=300 npm run fault:sigkill
 */
'use strict';

const kit = require('./fault-kit');

const CLIENTS = Number(process.env.CLIENTS ?? 8);
const KILLS = Number(process.env.KILLS ?? 3);
const BETWEEN_MS = Number(process.env.BETWEEN_MS ?? 4000);
const DOWN_MS = Number(process.env.DOWN_MS ?? 3000);
const AFTER_MS = Number(process.env.AFTER_MS ?? 3000);
const STEP_DELAY_MS = String(process.env.STEP_DELAY_MS ?? 300);
const NETWORK_LATENCY_MS = String(process.env.NETWORK_LATENCY_MS ?? 150);
const RETURN_DELAY_MS = String(process.env.RETURN_DELAY_MS ?? 1500);
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
    const env = kit.serviceEnv(database.url, {
      TRANSFER_STEP_DELAY_MS: STEP_DELAY_MS,
      ACH_SIMULATOR_LATENCY_MS: NETWORK_LATENCY_MS,
      ACH_SIMULATOR_RETURN_DELAY_MS: RETURN_DELAY_MS,
    });
    const ports = [await kit.freePort(), await kit.freePort()];
    apis.push(kit.startApi(ports[0], env), kit.startApi(ports[1], env));
    await Promise.all(apis.map((api) => api.ready()));
    const setup = await kit.prepareCase(apis[1].url, user.token, CLIENTS, { returnedEvery: 4 });
    const balanceBefore = (await kit.queryOne(database.url, 'select sum(current_balance)::text as total from bank_accounts')).total;
    log(`API processes A (pid ${apis[0].child.pid}) and B (pid ${apis[1].child.pid}) listening; ${CLIENTS} clients, half on each`);

    let down = null;
    const servedWhileDown = { A: 0, B: 0 };
    const retried = { requests: 0, gaveUp: 0, inProgressWaits: 0, finalStatuses: {} };
    // The client side of a load balancer: no answer → the same request, same key, to the other process.
    const urls = [apis[0].url, apis[1].url];
    const nameOf = (url) => (url === urls[0] ? 'A' : 'B');
    const call = async (baseUrl, method, path, token, body, headers, timeoutMs) => {
      let target = baseUrl;
      let result = await kit.call(target, method, path, token, body, headers, timeoutMs);
      const deadline = Date.now() + RETRY_FOR_MS;
      let wasRetried = false;
      while ((result.outcome !== 'answered' || (result.status === 409 && result.body?.error?.code === 'idempotency_conflict')) && Date.now() < deadline) {
        if (result.outcome !== 'answered') target = target === urls[0] ? urls[1] : urls[0];
        else retried.inProgressWaits++;
        wasRetried = true;
        retried.requests++;
        await kit.sleep(200);
        result = await kit.call(target, method, path, token, body, headers, timeoutMs);
      }
      if (down !== null && result.outcome === 'answered' && nameOf(target) !== down) servedWhileDown[nameOf(target)]++;
      if (wasRetried) {
        if (result.outcome !== 'answered') retried.gaveUp++;
        const key = result.outcome === 'answered' ? String(result.status) : result.outcome;
        retried.finalStatuses[key] = (retried.finalStatuses[key] || 0) + 1;
      }
      return result;
    };

    const mix = kit.writeMix({ baseUrlOf: (client) => urls[client % 2], token: user.token, setup, idempotent: true, send: call, cancelEvery: 4 });
    let stopMix = false;
    const load = kit.runClients(CLIENTS, mix.step, () => stopMix);

    const kills = [];
    let inProgressAtKills = 0;
    for (let round = 0; round < KILLS; round++) {
      await kit.sleep(BETWEEN_MS);
      const index = round % 2;
      const victim = apis[index];
      const name = index === 0 ? 'A' : 'B';
      const { at } = await kit.queryOne(database.url, 'select now() as at');
      down = name;
      victim.child.kill('SIGKILL');
      await victim.exited;
      // The live process finishes its own steps within milliseconds; a step still active after a second is the dead one's.
      await kit.sleep(1000);
      const orphaned = (await kit.queryOne(database.url, `select count(*)::int as n from pgboss.job where name = 'transfer-step' and state = 'active' and started_on <= $1`, [at])).n;
      inProgressAtKills += (await kit.queryOne(database.url, `select count(*)::int as n from idempotency_keys where state = 'in_progress'`)).n;
      const steps = (await kit.queryOne(database.url, `select count(*)::int as n from transfer_events where actor = 'system:processor'`)).n;
      kills.push({ name, pid: victim.child.pid, orphanedSteps: orphaned, processorStepsSoFar: steps });
      log(`SIGKILL ${name} (pid ${victim.child.pid}) after ${mix.stats.requests} requests and ${steps} processor steps; step jobs it left active: ${orphaned}`);
      await kit.sleep(Math.max(0, DOWN_MS - 1000));
      apis[index] = kit.startApi(ports[index], env);
      await apis[index].ready();
      down = null;
      log(`${name} restarted (pid ${apis[index].child.pid})`);
    }
    // The last kill is aimed at the narrowest window: the network has accepted an entry (its row exists) and the step
    // that records the acceptance has not committed (the transfer is still `submitted`). Both processes die at once,
    // so the one inside that call surely does; the restarted processes must submit it again without a second debit.
    const window = await waitForAcceptedUnrecorded(database.url, 30_000);
    if (window) {
      down = 'both';
      await Promise.all(apis.map(async (api) => { api.child.kill('SIGKILL'); await api.exited; }));
      const recorded = (await kit.queryOne(database.url, `select status from transfers where id = $1`, [window])).status;
      log(`SIGKILL A and B while the network had accepted transfer ${window} and the service had not recorded it (now ${recorded})`);
      kills.push({ name: 'A+B', pid: 0, orphanedSteps: recorded === 'submitted' ? 1 : 0, processorStepsSoFar: null, between: recorded === 'submitted' ? window : null });
      await kit.sleep(DOWN_MS);
      for (const index of [0, 1]) apis[index] = kit.startApi(ports[index], env);
      await Promise.all(apis.map((api) => api.ready()));
      down = null;
      log('A and B restarted');
    }
    await kit.sleep(AFTER_MS);
    stopMix = true;
    await load;
    log(`mix stopped after ${mix.stats.requests} requests (${mix.stats.created.transfers} transfers requested); waiting for every transfer to end`);

    // Steps the dead processes had begun are run again once their jobs expire (15 s); nothing is held by the dead.
    const active = await kit.waitForTransfersFinal(database.url, 90_000);
    if (active) process.stdout.write(`STILL ACTIVE: ${JSON.stringify(await kit.activeTransfers(database.url))}\n`);
    log('waiting for the returns the network reported to be applied (polled every minute)');
    const unapplied = await kit.waitForReturnsApplied(database.url, 150_000);
    // Keys of requests that died with a process and were never retried are released by the sweep after the grace.
    let rows = await kit.checkRows(database.url, user.organization_id, setup.caseId);
    const sweepDeadline = Date.now() + 45_000;
    while (rows.idempotency.in_progress > 0 && Date.now() < sweepDeadline) {
      await kit.sleep(1000);
      rows = await kit.checkRows(database.url, user.organization_id, setup.caseId);
    }
    const money = await kit.checkMoney(database.url, balanceBefore);
    const byProcessor = money.settled + money.returned;
    const killsInsideStep = kills.filter((kill) => kill.orphanedSteps > 0).length;
    const betweenAcceptanceAndCommit = kills.filter((kill) => kill.between).map((kill) => kill.between);
    const resubmitted = betweenAcceptanceAndCommit.length
      ? await kit.queryAll(database.url, `select e.transfer_id, e.submissions, e.trace_number = t.trace_number as same_trace, t.status from ach_simulator_entries e join transfers t on t.id = e.transfer_id where e.transfer_id = any($1)`, [betweenAcceptanceAndCommit])
      : [];

    process.stdout.write('\n== fault: API processes SIGKILLed while their processors take transfer steps ==\n');
    process.stdout.write(`clients ${CLIENTS} (half on A, half on B); ${KILLS} kills, each down ${DOWN_MS} ms; step delay ${STEP_DELAY_MS} ms, network latency ${NETWORK_LATENCY_MS} ms, returns reported after ${RETURN_DELAY_MS} ms\n`);
    process.stdout.write(`kills: ${kills.map((kill) => `${kill.name}: ${kill.orphanedSteps} step(s) cut${kill.processorStepsSoFar === null ? '' : `, ${kill.processorStepsSoFar} processor steps taken by then`}`).join('; ')}\n`);
    process.stdout.write(`kills landing inside a step: ${killsInsideStep} of ${kills.length}; between the network's acceptance and the commit: ${JSON.stringify(resubmitted)}\n`);
    process.stdout.write(`requests ${mix.stats.requests}: statuses ${JSON.stringify(mix.stats.byStatus)} outcomes ${JSON.stringify(mix.stats.byOutcome)}\n`);
    process.stdout.write(`  error answers: ${JSON.stringify(mix.stats.errors)}\n`);
    process.stdout.write(`  answered while the other process was down: ${JSON.stringify(servedWhileDown)}\n`);
    process.stdout.write(`  retries: ${retried.requests} (of which ${retried.inProgressWaits} after "in progress"), final answers of retried requests ${JSON.stringify(retried.finalStatuses)}, gave up ${retried.gaveUp}\n`);
    process.stdout.write(`idempotency keys sent ${mix.stats.keys.length}; in progress right after the kills ${inProgressAtKills}; now ${JSON.stringify(rows.idempotency)}\n`);
    process.stdout.write(`transfers ${money.transfers}: settled ${money.settled}, returned ${money.returned}, cancelled ${money.cancelled}, rejected ${money.rejected}, failed ${money.failed}, still active ${money.active}; settled or returned by the processors ${byProcessor}\n`);
    process.stdout.write(`  final status reached other than exactly once: ${money.finalsNotOnce}; broken trails ${rows.broken_trails}; accounts pointing at a finished transfer ${rows.stale_active}\n`);
    process.stdout.write(`  sum of balances before ${money.balanceBefore}, after ${money.balanceAfter}; transfers whose ledger pairs do not match ${money.ledgerMismatches}\n`);
    process.stdout.write(`  network: ${money.network.entries} entries for ${money.network.submissions} submissions (${money.network.submissions - money.network.entries} repeated after a crash, none debited twice); other trace ${money.network.other_trace}; submitted but never told ${money.network.never_told}; returns reported but not applied ${unapplied}\n`);
    process.stdout.write(`cases ${rows.cases} (201 answers ${mix.stats.created.cases} + setup), half-written ${rows.without_deceased + rows.without_authority}; persons ${rows.persons} (201 answers ${mix.stats.created.persons})\n`);

    if (servedWhileDown.A + servedWhileDown.B === 0) failures.push('the live process answered nothing while the other was down');
    if (retried.gaveUp) failures.push(`${retried.gaveUp} request(s) got no answer from either process within ${RETRY_FOR_MS} ms`);
    if (mix.stats.badErrors.length) failures.push(`${mix.stats.badErrors.length} 5xx answer(s) without the envelope: ${JSON.stringify(mix.stats.badErrors.slice(0, 3))}`);
    if (rows.idempotency.in_progress) failures.push(`${rows.idempotency.in_progress} idempotency key(s) still in progress`);
    if (killsInsideStep === 0) failures.push('no kill landed inside a transfer step');
    if (!window) failures.push('the network never had an accepted entry the service had not recorded (no targeted kill)');
    if (betweenAcceptanceAndCommit.length && !resubmitted.every((entry) => entry.submissions >= 2 && entry.same_trace && entry.status !== 'submitted')) {
      failures.push(`an entry accepted before the kill was not submitted again under its trace: ${JSON.stringify(resubmitted)}`);
    }
    if (money.transfers === 0 || byProcessor * 2 < money.transfers) failures.push(`only ${byProcessor} of ${money.transfers} transfers settled or returned by the processors (fewer than half)`);
    if (money.active) failures.push(`${money.active} transfer(s) still active 90 s after the mix`);
    if (money.finalsNotOnce) failures.push(`${money.finalsNotOnce} transfer(s) reached a final status other than exactly once`);
    if (money.balanceAfter !== money.balanceBefore) failures.push(`the sum of balances moved: ${money.balanceBefore} → ${money.balanceAfter}`);
    if (money.ledgerMismatches) failures.push(`${money.ledgerMismatches} transfer(s) without exactly one ledger pair per settlement and per return`);
    if (money.network.other_trace || money.network.never_told) failures.push(`network entries disagree with transfers: ${JSON.stringify(money.network)}`);
    if (unapplied) failures.push(`${unapplied} return(s) reported by the network never applied`);
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

/** The id of a transfer the network has accepted and the service has not recorded as in transit, or null. */
async function waitForAcceptedUnrecorded(databaseUrl, timeoutMs) {
  const { Client } = require('pg');
  const sql = new Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const rows = (await sql.query(`select e.transfer_id from ach_simulator_entries e join transfers t on t.id = e.transfer_id where t.status = 'submitted' limit 1`)).rows;
      if (rows.length) return rows[0].transfer_id;
      await kit.sleep(10);
    }
    return null;
  } finally {
    await sql.end();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
