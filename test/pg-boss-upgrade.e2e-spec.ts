import { randomBytes } from 'node:crypto';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { PgBoss } from 'pg-boss';
import request from 'supertest';
import { JobQueue, loadAppConfig, UnitOfWork } from '@estate/shared-kernel';
import { OperatorEnrolment } from '@estate/people';
import { createApp } from '../apps/api/src/create-app';
import { committedMigrations } from '../apps/api/src/database/migrations';
import { baseOrmConfig, NO_ENTITIES } from '../apps/api/src/database/orm-options';
import { cloneTemplateDatabase, databaseUrl, dropDatabase, TEST_ADMIN_URL_ENV, TEST_TEMPLATE_ENV, withAdminClient } from './support/test-database';

/**
 * Issue 35: the job queue moves from pg-boss 10 (schema version 24) to pg-boss 12 (46) through a committed migration,
 * and no job is lost on the way. A database is brought to the migration before it, holds jobs there as pg-boss 10
 * wrote them (waiting, and one left running by a process that died), then the migration runs and the service, on
 * pg-boss 12, works them.
 */
const UPGRADE = 'Migration20261208100000_pg_boss_12';
const BEFORE = committedMigrations().filter((migration) => migration.name < UPGRADE);

/** Brings the database up to the committed migrations in `list` (all of them by default), or down through `downTo` (it included); answers the names run. */
async function migrate(url: string, options: { list?: typeof BEFORE; downTo?: string } = {}): Promise<string[]> {
  const config = baseOrmConfig(url, NO_ENTITIES, { poolMax: 1 });
  const orm = await MikroORM.init({ ...config, migrations: { ...config.migrations, migrationsList: options.list ?? committedMigrations() } });
  try {
    // MikroORM 7's `down({ to })` stops at `to` and keeps it: down through `downTo` is down to the one before it.
    const before = options.downTo ? committedMigrations().filter((migration) => migration.name < (options.downTo as string)).at(-1)?.name : undefined;
    const run = options.downTo ? await orm.migrator.down({ to: before ?? 0 }) : await orm.migrator.up();
    return run.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}

/**
 * A job as pg-boss 10.4 wrote one (its `insertJob`, for a job sent with this id, data and singleton key and no other
 * option): the queue's policy, retry settings, expiry and retention are copied onto the row.
 */
function insertAsPgBoss10(client: Client, queue: string, job: { id: string; data: object; singletonKey?: string }) {
  return client.query(
    `insert into pgboss.job (id, name, data, priority, start_after, singleton_key, singleton_on, dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
     select $1::uuid, q.name, $3::jsonb, 0, now(), $4, null, q.dead_letter,
       coalesce(q.expire_seconds * interval '1s', interval '15 minutes'),
       now() + cast(coalesce((q.retention_minutes * 60)::text, '14 days') as interval),
       coalesce(q.retry_limit, 2),
       case when coalesce(q.retry_backoff, false) then greatest(coalesce(q.retry_delay, 0), 1) else coalesce(q.retry_delay, 0) end,
       coalesce(q.retry_backoff, false),
       q.policy
     from pgboss.queue q where q.name = $2`,
    [job.id, queue, JSON.stringify(job.data), job.singletonKey ?? null],
  );
}

/** What pg-boss 10's fetch leaves on a job it hands to a worker: the worker's process then died. */
function leftRunningByPgBoss10(client: Client, id: string) {
  return client.query(`update pgboss.job set state = 'active', started_on = now() - interval '1 hour' where id = $1`, [id]);
}

interface RunningApp {
  app: NestExpressApplication;
  http: () => ReturnType<typeof request>;
  close(): Promise<void>;
}

/** One key for every process of a database, as in a deployment: what one encrypts the next reads. */
const FIELD_ENCRYPTION_KEY = randomBytes(32);

/** The service on `url`, as `npm start` builds it (the job queue on pg-boss 12), with these settings. */
async function startApp(url: string, env: Record<string, string>): Promise<RunningApp> {
  const config = loadAppConfig({ ...process.env, ...env, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }, { databaseUrl: url, fieldEncryptionKey: FIELD_ENCRYPTION_KEY, logLevel: process.env.TEST_LOG_LEVEL ?? 'silent', authFailureLimit: 0, invitationRateLimit: 0, downloadRateLimit: 0 });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  return { app, http: () => request(app.getHttpServer()), close: () => app.close() };
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the job queue moves from pg-boss 10 to pg-boss 12 without losing a job (e2e)', () => {
  const databases: string[] = [];
  const clients: Client[] = [];
  const apps: RunningApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    for (const client of clients) await client.end().catch(() => undefined);
    for (const name of databases) await dropDatabase(name);
  });

  const databaseName = (what: string) => `${(process.env[TEST_TEMPLATE_ENV] as string).replace('estate_template_', 'estate_test_')}_${what}_${randomBytes(4).toString('hex')}`;
  async function connect(url: string): Promise<Client> {
    const client = new Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    return client;
  }

  it('runs the jobs pg-boss 10 left waiting and running, keeps every queue with its policy, and leaves the schema pg-boss 12 expects', async () => {
    // A database as deployed before the upgrade: every committed migration before it, pg-boss 10's schema among them.
    const name = databaseName('pgboss10');
    const adminUrl = process.env[TEST_ADMIN_URL_ENV] as string;
    await withAdminClient(adminUrl, (admin) => admin.query(`create database "${name}"`));
    databases.push(name);
    const url = databaseUrl(adminUrl, name);
    expect(await migrate(url, { list: BEFORE })).toEqual(BEFORE.map((migration) => migration.name));
    const db = await connect(url);
    expect((await db.query(`select version from pgboss.version`)).rows).toEqual([{ version: 24 }]);
    const queuesBefore = (await db.query(`select name, policy from pgboss.queue order by name`)).rows;
    expect(queuesBefore.length).toBeGreaterThan(20);
    expect(queuesBefore).toEqual(expect.arrayContaining([{ name: 'transfer-step', policy: 'stately' }, { name: 'events-purge', policy: 'standard' }]));

    // What a process of pg-boss 10 had left: the purge queue's settings (its updateQueue at start-up) and its schedule,
    // a purge waiting with an event old enough to go, and another purge a worker had taken when its process died.
    await db.query(`update pgboss.queue set retry_limit = 2, retry_delay = 30, retry_backoff = true, expire_seconds = 600, updated_on = now() where name = 'events-purge'`);
    await db.query(`insert into pgboss.schedule (name, cron, timezone, data, options) values ('events-purge', '17 * * * *', 'UTC', '{}', '{"tz":"UTC"}')`);
    const waiting = '0b3a5b7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const running = '1c4b6c8f-2d3e-4f60-9bac-1d2e3f4a5b6c';
    await insertAsPgBoss10(db, 'events-purge', { id: waiting, data: {} });
    await insertAsPgBoss10(db, 'events-purge', { id: running, data: {} });
    await leftRunningByPgBoss10(db, running);
    // (that one sent with a shorter expiry, and a retry without delay, so the test need not wait for them)
    await db.query(`update pgboss.job set expire_in = interval '60 seconds', retry_delay = 0, retry_backoff = false where id = $1`, [running]);
    await db.query(
      `insert into events (id, organization_id, case_id, type, created_at, data) values
         ('01JOLDEVENT000000000000001', 'org', null, 'case.created', now() - interval '400 days', '{}'),
         ('01JNEWEVENT000000000000001', 'org', null, 'case.created', now(), '{}')`,
    );

    // The upgrade: the migration (and any committed after it), then the service starts on pg-boss 12.
    expect(await migrate(url)).toEqual(committedMigrations().filter((migration) => migration.name >= UPGRADE).map((migration) => migration.name));
    expect((await db.query(`select version from pgboss.version`)).rows).toEqual([{ version: 46 }]);
    expect(await db.query(`select count(*)::int as n from pg_namespace where nspname like 'pgboss_v%'`)).toMatchObject({ rows: [{ n: 0 }] });
    // Every queue is there with its policy; the purge queue kept its settings; its schedule came along; both jobs too,
    // as they were (ids, states, expiry in seconds).
    expect((await db.query(`select name, policy from pgboss.queue order by name`)).rows).toEqual(queuesBefore);
    expect((await db.query(`select retry_limit, retry_delay, retry_backoff, expire_seconds from pgboss.queue where name = 'events-purge'`)).rows).toEqual([
      { retry_limit: 2, retry_delay: 30, retry_backoff: true, expire_seconds: 600 },
    ]);
    expect((await db.query(`select name, key, cron, timezone from pgboss.schedule`)).rows).toEqual([{ name: 'events-purge', key: '', cron: '17 * * * *', timezone: 'UTC' }]);
    expect((await db.query(`select id, state, expire_seconds, retry_limit, policy from pgboss.job order by id`)).rows).toEqual([
      { id: waiting, state: 'created', expire_seconds: 600, retry_limit: 2, policy: 'standard' },
      { id: running, state: 'active', expire_seconds: 60, retry_limit: 2, policy: 'standard' },
    ]);

    // The schema is exactly pg-boss 12's (tables, columns, indexes, functions, constraints), by its own drift check.
    const boss = new PgBoss({ connectionString: url, schema: 'pgboss', migrate: false, supervise: false, schedule: false, registerInstance: false, max: 1 });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      const drift = await boss.detectSchemaDrift();
      expect({ ok: drift.ok, missing: drift.missing, mismatched: drift.mismatched, columns: drift.columnDrift, constraints: drift.constraintDrift, functions: drift.missingFunctions.map((f) => f.name) }).toEqual({
        ok: true,
        missing: [],
        mismatched: [],
        columns: [],
        constraints: [],
        functions: [],
      });
    } finally {
      await boss.stop({ graceful: false });
    }

    const service = await startApp(url, { JOBS: 'on', SCHEDULER: 'on', TRANSFER_PROCESSOR: 'off' });
    apps.push(service);
    // The waiting purge ran: the old event is gone, the recent one kept.
    await until('events left', async () => (await db.query(`select id from events order by id`)).rows, (rows) => rows.length === 1);
    expect((await db.query(`select id from events`)).rows).toEqual([{ id: '01JNEWEVENT000000000000001' }]);
    expect((await db.query(`select state from pgboss.job where id = $1`, [waiting])).rows).toEqual([{ state: 'completed' }]);
    // The one its dead process held expired under pg-boss 12's supervision and ran again.
    const rerun = await until('the running job', async () => (await db.query(`select state, retry_count from pgboss.job where id = $1`, [running])).rows[0], (row) => row.state === 'completed');
    expect(rerun).toEqual({ state: 'completed', retry_count: 1 });

    // Policies keep their meaning: a stately queue holds one waiting job a key, a standard one as many as are sent.
    const jobs = service.app.get(JobQueue);
    const uow = service.app.get(UnitOfWork);
    for (let sent = 0; sent < 2; sent++) {
      await uow.run(() => jobs.enqueue('transfer-step', { transferId: 'no-such-transfer', status: 'requested' }, { singletonKey: 'no-such-transfer' }));
      await uow.run(() => jobs.enqueue('transfer-sweep', {}, { singletonKey: 'same' }));
    }
    expect((await db.query(`select name, count(*)::int as n from pgboss.job where name in ('transfer-step', 'transfer-sweep') and state = 'created' group by name order by name`)).rows).toEqual([
      { name: 'transfer-step', n: 1 },
      { name: 'transfer-sweep', n: 2 },
    ]);
  }, 120_000);

  it('settles a transfer whose step a process of pg-boss 10 was running when the upgrade came (down to 10 and up again)', async () => {
    // A transfer requested through the API on the current schema, its first step waiting (the processor is off).
    const name = databaseName('roundtrip');
    const url = await cloneTemplateDatabase(name);
    databases.push(name);
    const before = await startApp(url, { TRANSFER_PROCESSOR: 'off', TRANSFER_STEP_DELAY_MS: '0' });
    apps.push(before);
    const identity = new OperatorEnrolment(before.app.get(EntityManager).fork());
    const invitation = await identity.invite(`upgrade-${randomBytes(4).toString('hex')}@example.test`, 'enterprise', `org-${randomBytes(6).toString('hex')}`);
    const auth = { Authorization: `Bearer ${invitation.token}` };
    const account = { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', account_type: 'checking', ownership_type: 'individual', status: 'open', available_balance: 1000, current_balance: 1000 };
    const caseId = (await before.http().post('/v1/cases').set(auth).send({}).expect(201)).body.data.id as string;
    await before.http().put(`/v1/cases/${caseId}/authority`).set(auth).send({ level: 'level_2', types: ['executor_in_will'] }).expect((res) => expect([200, 201]).toContain(res.status));
    await before.http().post(`/v1/cases/${caseId}/bank-accounts`).set(auth).send({ ...account, account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 }).expect(201);
    const source = await before.http().post(`/v1/cases/${caseId}/bank-accounts`).set(auth).send({ ...account, account_number: '000123451234' }).expect(201);
    const transferId = (await before.http().post(`/v1/cases/${caseId}/transfers`).set(auth).send({ bank_account_id: source.body.data.id, amount: 10 }).expect(201)).body.data.id as string;
    await before.close();
    apps.splice(apps.indexOf(before), 1);

    const db = await connect(url);
    const [step] = (await db.query(`select id, data, singleton_key, state from pgboss.job where name = 'transfer-step' and singleton_key = $1`, [transferId])).rows;
    expect(step).toMatchObject({ data: { transferId, status: 'requested' }, state: 'created' });

    // Down to the migration before the upgrade: pg-boss 10's schema, with the job moved back into it.
    expect(await migrate(url, { downTo: UPGRADE })).toEqual(committedMigrations().filter((migration) => migration.name >= UPGRADE).map((migration) => migration.name).reverse());
    expect((await db.query(`select version from pgboss.version`)).rows).toEqual([{ version: 24 }]);
    expect((await db.query(`select id, state::text from pgboss.job where singleton_key = $1`, [transferId])).rows).toEqual([{ id: step.id, state: 'created' }]);
    // There the job is as pg-boss 10 wrote it, on the queue as the service's pg-boss 10 set it up when it started (its
    // updateQueue), and a worker of pg-boss 10 had taken it when its process died.
    await db.query(`update pgboss.queue set retry_limit = 6, retry_delay = 1, retry_backoff = true, expire_seconds = 15, updated_on = now() where name = 'transfer-step'`);
    await db.query(`delete from pgboss.job where id = $1`, [step.id]);
    await insertAsPgBoss10(db, 'transfer-step', { id: step.id, data: step.data, singletonKey: step.singleton_key });
    await leftRunningByPgBoss10(db, step.id);
    expect((await db.query(`select state::text, expire_in::text, policy from pgboss.job where id = $1`, [step.id])).rows).toEqual([{ state: 'active', expire_in: '00:00:15', policy: 'stately' }]);

    // The upgrade, then the service with its transfer processor: the step expires, runs again, and the transfer goes on.
    expect(await migrate(url)).toEqual(committedMigrations().filter((migration) => migration.name >= UPGRADE).map((migration) => migration.name));
    const after = await startApp(url, { TRANSFER_PROCESSOR: 'on', TRANSFER_STEP_DELAY_MS: '0' });
    apps.push(after);
    const settled = await until(
      'the transfer',
      async () => (await after.http().get(`/v1/cases/${caseId}/transfers/${transferId}`).set(auth).expect(200)).body.data.status as string,
      (status) => status === 'settled',
    );
    expect(settled).toBe('settled');
    expect((await db.query(`select state, retry_count from pgboss.job where id = $1`, [step.id])).rows).toEqual([{ state: 'completed', retry_count: 1 }]);
    const trail = (await after.http().get(`/v1/cases/${caseId}/transfers/${transferId}/events`).set(auth).expect(200)).body.data;
    expect(trail.map((event: { to_status: string }) => event.to_status)).toEqual(['requested', 'verifying', 'approved', 'submitted', 'in_transit', 'settled']);
  }, 120_000);
});
