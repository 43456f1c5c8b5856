#!/usr/bin/env node
/**
 * Fault: Redis stops for a few seconds under traffic (issue 18). `npm run fault:redis`.
 *
 * An embedded PostgreSQL and a redis-server of its own (never the machine's), one built API process with REDIS_URL,
 * CLIENTS clients each reading a case and running the write mix (bench/fault-kit.js). After WARMUP_MS Redis is killed
 * for DOWN_MS, then started again on the same port. It prints, per phase (before, down, after), the latency of the
 * requests, their statuses and /healthz's answers, and checks what the service promises (contract §9,
 * docs/operations.md): no 5xx while Redis is down, and no request slower than MAX_MS (or, on a loaded machine, than
 * twice the slowest request before the outage); every answer carries the
 * rate-limit headers (counted in the process meanwhile); /healthz says `200 degraded, redis down` during the outage
 * and `200 ok, redis up` after; the outage and the recovery are each logged once.
 *
 *   CLIENTS=8 WARMUP_MS=4000 DOWN_MS=5000 AFTER_MS=5000 MAX_MS=1000 npm run fault:redis
 */
'use strict';

const { spawn } = require('node:child_process');
const { createConnection } = require('node:net');
const kit = require('./fault-kit');

const CLIENTS = Number(process.env.CLIENTS ?? 8);
const WARMUP_MS = Number(process.env.WARMUP_MS ?? 4000);
const DOWN_MS = Number(process.env.DOWN_MS ?? 5000);
const AFTER_MS = Number(process.env.AFTER_MS ?? 5000);
const MAX_MS = Number(process.env.MAX_MS ?? 1000);

function answersPing(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

/** A redis-server of the script's own, which it kills and starts again on the same port. */
async function startRedis(port) {
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  server.on('error', (error) => {
    throw new Error(`cannot start redis-server (${error.message}): it must be on PATH`);
  });
  for (let attempt = 0; !(await answersPing(port)); attempt++) {
    if (attempt > 100) throw new Error(`redis-server did not answer on port ${port}`);
    await kit.sleep(50);
  }
  return {
    async kill() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGKILL');
      await exited;
    },
  };
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

async function main() {
  kit.assertBuilt();
  const started = Date.now();
  const log = (line) => process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`);
  const database = await kit.startPostgres();
  const redisPort = await kit.freePort();
  let redis = await startRedis(redisPort);
  log(`embedded PostgreSQL on port ${database.port}, redis-server on port ${redisPort}`);
  let api;
  const failures = [];
  try {
    const user = kit.invite(database.url, 'fault-redis@fault.example.test');
    api = kit.startApi(await kit.freePort(), kit.serviceEnv(database.url, { REDIS_URL: `redis://127.0.0.1:${redisPort}`, LOG_LEVEL: 'warn' }));
    await api.ready();
    const setup = await kit.prepareCase(api.url, user.token, CLIENTS);
    log(`API process ${api.child.pid} listening; ${CLIENTS} clients read a case and run the write mix`);

    let phase = 'before';
    const phases = {};
    for (const name of ['before', 'down', 'after']) phases[name] = { ms: [], statuses: {}, withoutHeaders: 0, health: {} };
    const tally = (result) => {
      const into = phases[phase];
      into.ms.push(result.ms);
      const key = result.outcome === 'answered' ? String(result.status) : result.outcome;
      into.statuses[key] = (into.statuses[key] || 0) + 1;
      if (result.outcome === 'answered' && result.status !== 401 && !(result.headers && result.headers.get('x-ratelimit-limit'))) into.withoutHeaders++;
      return result;
    };
    const send = async (...args) => tally(await kit.call(...args));
    const mix = kit.writeMix({ baseUrlOf: () => api.url, token: user.token, setup, idempotent: true, send });
    const step = async (client) => {
      await send(api.url, 'GET', `/v1/cases/${setup.caseId}`, user.token);
      await mix.step(client);
    };

    let stopped = false;
    const healthLoop = (async () => {
      while (!stopped) {
        const result = await kit.call(api.url, 'GET', '/healthz', '', undefined, {}, 5000);
        const body = result.body || {};
        const key = result.outcome === 'answered' ? `${result.status} ${body.status}/redis ${body.redis}` : result.outcome;
        phases[phase].health[key] = (phases[phase].health[key] || 0) + 1;
        if (phase === 'after' && body.redis === 'up' && phases.after.recoveredAfterMs === undefined) phases.after.recoveredAfterMs = Date.now() - upAt;
        await kit.sleep(100);
      }
    })();
    let upAt = 0;
    const load = kit.runClients(CLIENTS, step, () => stopped);

    await kit.sleep(WARMUP_MS);
    log(`killing Redis after ${phases.before.ms.length} requests`);
    phase = 'down';
    await redis.kill();
    await kit.sleep(DOWN_MS);
    log(`starting Redis again after ${phases.down.ms.length} requests during the outage`);
    redis = await startRedis(redisPort);
    upAt = Date.now();
    phase = 'after';
    await kit.sleep(AFTER_MS);
    stopped = true;
    await load;
    await healthLoop;

    process.stdout.write('\nphase    requests  p50 ms  p95 ms  p99 ms  max ms  statuses                          /healthz\n');
    for (const [name, data] of Object.entries(phases)) {
      const sorted = [...data.ms].sort((x, y) => x - y);
      process.stdout.write(
        `${name.padEnd(8)} ${String(sorted.length).padStart(8)}  ${String(percentile(sorted, 0.5)).padStart(6)}  ${String(percentile(sorted, 0.95)).padStart(6)}  ${String(percentile(sorted, 0.99)).padStart(6)}  ${String(sorted[sorted.length - 1] ?? 0).padStart(6)}  ${JSON.stringify(data.statuses).padEnd(32)}  ${JSON.stringify(data.health)}\n`,
      );
    }
    process.stdout.write(`Redis seen up again by /healthz ${phases.after.recoveredAfterMs ?? '—'} ms after it restarted\n`);
    const output = api.output();
    const outages = (output.match(/Redis unreachable/g) || []).length;
    const recoveries = (output.match(/Redis reachable again/g) || []).length;
    process.stdout.write(`log lines: ${outages} outage, ${recoveries} recovery\n\n`);

    const down = phases.down;
    const slowest = Math.max(0, ...down.ms);
    // "Normal latency": on a loaded machine the slowest request before the outage may pass MAX_MS already.
    const allowed = Math.max(MAX_MS, 2 * Math.max(0, ...phases.before.ms));
    if (down.ms.length === 0) failures.push('no request was made while Redis was down');
    if (slowest > allowed) failures.push(`a request took ${slowest} ms while Redis was down (allowed: ${allowed} ms, the larger of MAX_MS and twice the slowest before)`);
    for (const [name, data] of Object.entries(phases)) {
      const bad = Object.keys(data.statuses).filter((status) => !/^[234]\d\d$/.test(status) || status.startsWith('5'));
      if (bad.length > 0) failures.push(`${name}: answers other than 2xx–4xx: ${JSON.stringify(data.statuses)}`);
      if (data.withoutHeaders > 0) failures.push(`${name}: ${data.withoutHeaders} answers without the rate-limit headers`);
    }
    if (!down.health['200 degraded/redis down']) failures.push(`/healthz never said 200 degraded, redis down during the outage: ${JSON.stringify(down.health)}`);
    if (Object.keys(down.health).some((key) => !/^200 /.test(key))) failures.push(`/healthz answered other than 200 during the outage: ${JSON.stringify(down.health)}`);
    if (!phases.before.health['200 ok/redis up']) failures.push(`/healthz was not ok before the outage: ${JSON.stringify(phases.before.health)}`);
    if (phases.after.recoveredAfterMs === undefined) failures.push(`/healthz never said redis up after the restart: ${JSON.stringify(phases.after.health)}`);
    if (outages !== 1 || recoveries !== 1) failures.push(`expected one outage line and one recovery line in the log, saw ${outages} and ${recoveries}`);
  } finally {
    await api?.stop();
    await redis?.kill();
    await database.destroy();
  }
  if (failures.length > 0) {
    process.stdout.write(`FAILED:\n- ${failures.join('\n- ')}\n`);
    process.exit(1);
  }
  process.stdout.write('OK: the API served at its normal latency with Redis down, counted rate limits in the process, said degraded, and recovered by itself\n');
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
