import 'reflect-metadata';
import cluster, { Worker } from 'node:cluster';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from './database/orm-config';
import { demoBanner, demoTokenFile, loopbackWebhooksNote, prepareDemo } from './demo/demo-data';
import { exitWith, LOCAL_DATA_DIR, prepareRuntime } from './runtime';
import { runtimeVersion, unsupportedRuntimeNote } from './runtime-version';

/** How long the API processes get to drain on SIGTERM (they allow themselves 10 s) before they are killed. */
const STOP_TIMEOUT_MS = 15_000;
/** A process that dies sooner than this after its start counts as a crash loop: restarts then back off to 30 s. */
const HEALTHY_AFTER_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

function processCount(env: NodeJS.ProcessEnv): number {
  const raw = env.WORKERS ?? '2';
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new Error(`WORKERS must be an integer from 1 to 64, got "${raw}"`);
  return count;
}

const say = (line: string) => process.stdout.write(`estate-desk cluster: ${line}\n`);

/**
 * `npm run start:cluster`: N API processes (`WORKERS`, default 2) on one port (node:cluster hands connections out in
 * turn), sharing one PostgreSQL and one Redis; each runs the background processors as `npm start` does (claims use
 * `SKIP LOCKED`). This primary process resolves the database once — without `DATABASE_URL` it starts the embedded
 * PostgreSQL — applies migrations once, passes the URL and the encryption key to the API processes, makes the demo
 * data once they all listen, restarts any that dies, and on SIGTERM/SIGINT stops them all (each drains its requests)
 * before it stops the embedded database. Nothing is shared between the processes but PostgreSQL and Redis, so the same
 * processes spread over several machines behind a load balancer behave the same (README).
 */
async function primary(): Promise<void> {
  const count = processCount(process.env);
  const runtime = await prepareRuntime({ migrate: true });
  const { config } = runtime;
  if (!config.redisUrl && count > 1) {
    process.stderr.write(
      `estate-desk cluster: warning: REDIS_URL is unset, so each of the ${count} processes counts rate limits on its own (an organization gets up to ${count}× its limit); set REDIS_URL\n`,
    );
  }
  const childEnv = {
    DATABASE_URL: config.databaseUrl,
    FIELD_ENCRYPTION_KEY: config.fieldEncryptionKey.toString('base64'),
    PORT: String(config.port),
    // The demo data is made once, here, not by each process.
    DEMO_DATA: 'false',
    // The processes see a DATABASE_URL, but they serve the embedded default all the same.
    WEBHOOK_ALLOW_LOOPBACK: config.webhookAllowLoopback ? 'on' : 'off',
  };
  cluster.setupPrimary({ exec: join(__dirname, 'main.js') });

  const startedAt = new Map<number, number>();
  const listening = new Set<number>();
  let stopping = false;
  let crashes = 0;
  let announced = false;
  const fork = (): Worker => {
    const worker = cluster.fork(childEnv);
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('listening', (worker) => {
    say(`API process ${worker.process.pid} listening`);
    listening.add(worker.id);
    if (!announced && listening.size >= count) {
      announced = true;
      void announce();
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    listening.delete(worker.id);
    if (stopping) return;
    crashes = lived < HEALTHY_AFTER_MS ? crashes + 1 : 0;
    const delay = crashes === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** (crashes - 1));
    say(`API process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another${delay ? ` in ${delay} ms` : ''}`);
    setTimeout(() => stopping || fork(), delay);
  });

  const baseUrl = `http://localhost:${config.port}`;
  const announce = async () => {
    const pids = Object.values(cluster.workers ?? {}).map((worker) => worker?.process.pid);
    say(`${count} API processes serving ${baseUrl} (pids ${pids.join(', ')}; database: ${runtime.database})`);
    say(runtimeVersion());
    if (unsupportedRuntimeNote()) process.stdout.write(unsupportedRuntimeNote() as string);
    if (runtime.note) say(`note: ${runtime.note}`);
    if (config.webhookAllowLoopback) process.stdout.write(loopbackWebhooksNote());
    if (!runtime.embedded && process.env.DEMO_DATA !== 'true') return;
    const orm = await MikroORM.init(ormConfig(config.databaseUrl, { poolMax: 2 }));
    try {
      const tokenFile = runtime.embedded ? demoTokenFile(LOCAL_DATA_DIR) : undefined;
      process.stdout.write(demoBanner(await prepareDemo(orm.em, baseUrl, { tokenFile }), baseUrl));
    } catch (error) {
      process.stderr.write(`estate-desk cluster: the demo data could not be prepared: ${(error as Error).message}\n`);
    } finally {
      await orm.close(true);
    }
  };

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: stopping ${Object.keys(cluster.workers ?? {}).length} API process(es)`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    const exited = Promise.all(workers.map((worker) => new Promise<void>((done) => (worker.isDead() ? done() : worker.once('exit', () => done())))));
    for (const worker of workers) worker.process.kill('SIGTERM');
    const forced = setTimeout(() => workers.forEach((worker) => worker.isDead() || worker.process.kill('SIGKILL')), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(forced);
    try {
      await runtime.stop();
    } finally {
      say('stopped');
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  for (let index = 0; index < count; index++) fork();
}

primary().catch(exitWith);
