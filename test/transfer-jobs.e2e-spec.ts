import { JobQueue, PgBossJobQueue, UnitOfWork } from '@estate/shared-kernel';
import { TransferProcessor } from '@estate/transfers';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { overrideEnv } from './support/env';

/**
 * Transfers on the job queue (issue 17): a step that keeps failing is retried with backoff and then ends its transfer
 * `failed`, and fifty such transfers of one organization no longer hold back another organization's transfer (the old
 * processor looked only at the 50 oldest due transfers and retried a failing one every 250 ms, forever).
 */
const RETRIES = 10;

describe('transfer steps as jobs: backoff, a terminal state, no starvation (e2e)', () => {
  let t: TestApp;
  let noisy: TestCaller;
  let quiet: TestCaller;
  let processor: TransferProcessor;
  let restoreEnv: () => void;

  beforeAll(async () => {
    // The tests work the queue themselves (runOnce), and move the clock of waiting retries forward (fastForward).
    restoreEnv = overrideEnv({ TRANSFER_STEP_DELAY_MS: '0', TRANSFER_PROCESSOR: 'off', TRANSFER_STEP_RETRIES: String(RETRIES) });
    t = await createTestApp();
    noisy = await t.invite();
    quiet = await t.invite();
    processor = t.app.get(TransferProcessor);
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const eligible = { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', account_type: 'checking', ownership_type: 'individual', status: 'open', available_balance: 1000, current_balance: 1000 };
  const estateBody = { account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 };

  async function caseWithEstate(caller: TestCaller): Promise<{ caseId: string; estateId: string }> {
    const caseId = (await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201)).body.data.id as string;
    await t.http().put(`/v1/cases/${caseId}/authority`).set(caller.auth).send({ level: 'level_2', types: ['executor_in_will'] }).expect((res) => expect([200, 201]).toContain(res.status));
    const estate = await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(caller.auth).send({ ...eligible, ...estateBody }).expect(201);
    return { caseId, estateId: estate.body.data.id };
  }

  async function transferFrom(caller: TestCaller, caseId: string, accountNumber: string): Promise<{ id: string; sourceId: string }> {
    const source = await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(caller.auth).send({ ...eligible, account_number: accountNumber }).expect(201);
    const created = await t.http().post(`/v1/cases/${caseId}/transfers`).set(caller.auth).send({ bank_account_id: source.body.data.id, amount: 10 }).expect(201);
    return { id: created.body.data.id, sourceId: source.body.data.id };
  }

  const statusOf = async (caller: TestCaller, caseId: string, id: string) => (await t.http().get(`/v1/cases/${caseId}/transfers/${id}`).set(caller.auth).expect(200)).body.data;

  it('settles another organization’s transfer while fifty failing transfers back off, then fails those fifty visibly', async () => {
    const broken = await caseWithEstate(noisy);
    // An estate account at the largest balance numeric(14,2) holds: every settlement into it overflows.
    await t.sql(`update bank_accounts set current_balance = 999999999999.99, available_balance = 999999999999.99 where id = $1`, [broken.estateId]);
    // Five at a time: they all wait on the one case row, each holding a pooled connection meanwhile.
    const failing: Array<{ id: string; sourceId: string }> = [];
    for (let batch = 0; batch < 50; batch += 5) {
      const numbers = Array.from({ length: 5 }, (_, offset) => `0000777${String(batch + offset).padStart(5, '0')}`);
      failing.push(...(await Promise.all(numbers.map((accountNumber) => transferFrom(noisy, broken.caseId, accountNumber)))));
    }
    const healthy = await caseWithEstate(quiet);
    const other = await transferFrom(quiet, healthy.caseId, '000123451234');

    // The worst case for fairness: every failing step's retry is due again at every pass (its backoff is skipped), as
    // the old processor retried a failing transfer every 250 ms. One pass = one fetch of the 50 oldest due jobs.
    let lastForward: Date | undefined;
    const fastForward = async () => {
      const [{ at }] = await t.sql<{ at: Date }>(
        `with moved as (update pgboss.job set start_after = now() where name = 'transfer-step' and state = 'created' and start_after > now()) select now() as at`,
      );
      lastForward = at;
    };
    let passes = 0;
    let otherStatus = 'requested';
    while (passes < 20 && otherStatus !== 'settled') {
      await fastForward();
      await processor.runOnce();
      passes += 1;
      otherStatus = (await statusOf(quiet, healthy.caseId, other.id)).status;
    }
    // Six steps; a retried job goes to the back of the queue, so the other organization's step is served at least every
    // other pass (the old processor served the same 50 failing transfers at every pass and this one never).
    expect(otherStatus).toBe('settled');
    expect(passes).toBeLessThanOrEqual(13);
    // ... while the fifty were still failing (none final yet), each with one job waiting for its retry, none lost.
    const [{ final }] = await t.sql<{ final: string }>(`select count(*) as final from transfers where case_id = $1 and status in ('settled', 'failed')`, [broken.caseId]);
    expect(Number(final)).toBe(0);
    const waiting = await t.sql<{ count: string }>(
      `select count(distinct singleton_key) as count from pgboss.job where name = 'transfer-step' and singleton_key = any($1) and state = 'created' and (data->>'__attempt')::int >= 1`,
      [failing.map((f) => f.id)],
    );
    expect(waiting).toEqual([{ count: '50' }]);
    // Without the fast-forward, a retry waits out its backoff (1 s, 2 s, 4 s … ±10 %) after the failure that sent it
    // (half of it at the least, whatever the machine's load between computing and writing it).
    const [{ early, checked }] = await t.sql<{ early: string; checked: string }>(
      `select count(*) filter (where start_after < created_on + interval '500 milliseconds' * power(2, (data->>'__attempt')::int - 1)) as early,
              count(*) as checked
         from pgboss.job where name = 'transfer-step' and singleton_key = any($1) and state = 'created' and created_on > $2`,
      [failing.map((f) => f.id), lastForward],
    );
    expect(Number(checked)).toBeGreaterThan(0);
    expect(Number(early)).toBe(0);

    // Once its retries are exhausted each one ends `failed`, with its reason, its account freed and an event told. Time
    // is skipped: each waiting retry is made the last one and due now, then one pass takes them all.
    await t.sql(
      `update pgboss.job set start_after = now(), data = jsonb_set(data, '{__attempt}', to_jsonb($2::int))
        where name = 'transfer-step' and singleton_key = any($1) and state = 'created'`,
      [failing.map((f) => f.id), RETRIES],
    );
    await processor.runOnce(100);
    const [{ remaining }] = await t.sql<{ remaining: string }>(`select count(*) as remaining from transfers where case_id = $1 and status <> 'failed'`, [broken.caseId]);
    expect(Number(remaining)).toBe(0);
    const sample = await statusOf(noisy, broken.caseId, failing[0].id);
    expect(sample).toMatchObject({ status: 'failed', settled_at: null, amount_settled: null });
    expect(sample.status_reason).toMatch(/^processing stopped: the in_transit step failed 11 times$/);
    const source = (await t.http().get(`/v1/cases/${broken.caseId}/bank-accounts/${failing[0].sourceId}`).set(noisy.auth).expect(200)).body.data;
    expect(source.instant_transfer.active_transfer_id).toBeNull();
    const trail = (await t.http().get(`/v1/cases/${broken.caseId}/transfers/${failing[0].id}/events`).set(noisy.auth).expect(200)).body.data;
    expect(trail.at(-1)).toMatchObject({ from_status: 'in_transit', to_status: 'failed' });
    const events = await t.sql<{ type: string; status: string }>(`select type, data->'object'->>'status' as status from events where case_id = $1 and data->'object'->>'id' = $2 order by created_at desc, id desc limit 1`, [broken.caseId, failing[0].id]);
    expect(events).toEqual([{ type: 'transfer.status_changed', status: 'failed' }]);
    // Nothing was written to the estate ledger by the failed settlements (each try rolled back whole).
    const [{ entries }] = await t.sql<{ entries: string }>(`select count(*) as entries from transactions where bank_account_id = $1`, [broken.estateId]);
    expect(Number(entries)).toBe(0);
    // The case is free again: its transfers are final, so a new one may be requested and the case deleted.
    await t.http().delete(`/v1/cases/${broken.caseId}`).set(noisy.auth).expect(204);
  }, 240_000);

  it('takes a step once when its job runs twice (a duplicate of the step is a no-op)', async () => {
    const { caseId } = await caseWithEstate(quiet);
    const transfer = await transferFrom(quiet, caseId, '000123459999');
    // A second job for the same step, as a crash between the step's commit and the job's completion would leave.
    await t.sql(`insert into pgboss.job (name, data, singleton_key, policy) values ('transfer-step', $1, $2, 'standard')`, [JSON.stringify({ transferId: transfer.id, status: 'requested' }), `${transfer.id}:again`]);
    await processor.drain();
    expect((await statusOf(quiet, caseId, transfer.id)).status).toBe('settled');
    // Every move once: the duplicate found the transfer already moved on and did nothing.
    const trail = (await t.http().get(`/v1/cases/${caseId}/transfers/${transfer.id}/events`).set(quiet.auth).expect(200)).body.data;
    expect(trail.map((event: { to_status: string }) => event.to_status)).toEqual(['requested', 'verifying', 'approved', 'submitted', 'in_transit', 'settled']);
    const [{ debits }] = await t.sql<{ debits: string }>(`select count(*) as debits from transactions where reference_number = (select trace_number from transfers where id = $1)`, [transfer.id]);
    expect(Number(debits)).toBe(2);
  });

  it('the sweep gives an overdue transfer whose step job was lost a new one, and leaves one with a live job alone', async () => {
    const { caseId } = await caseWithEstate(quiet);
    const lost = await transferFrom(quiet, caseId, '000123458888');
    const kept = await transferFrom(quiet, caseId, '000123457777');
    const stepJobs = async (id: string) => (await t.sql<{ n: string }>(`select count(*) as n from pgboss.job where name = 'transfer-step' and singleton_key = $1 and state < 'completed'`, [id]))[0].n;
    // Both overdue by more than the sweep's grace; the lost one's job is gone, as after a queue was wiped.
    await t.sql(`update transfers set next_step_at = now() - interval '5 minutes' where id in ($1, $2)`, [lost.id, kept.id]);
    await t.sql(`delete from pgboss.job where name = 'transfer-step' and singleton_key = $1`, [lost.id]);
    const jobs = t.app.get(JobQueue);
    expect([...(await jobs.liveKeys('transfer-step', [lost.id, kept.id]))]).toEqual([kept.id]);

    await t.app.get(UnitOfWork).run(() => jobs.enqueue('transfer-sweep', {}));
    expect(await jobs.runDue('transfer-sweep', 5)).toBe(1);
    expect([...(await jobs.liveKeys('transfer-step', [lost.id, kept.id]))].sort()).toEqual([lost.id, kept.id].sort());
    expect(await stepJobs(kept.id)).toBe('1');
    await processor.drain();
    expect((await statusOf(quiet, caseId, lost.id)).status).toBe('settled');
  });

  it('a job is written in the transaction the caller runs in, found without being handed over: gone with its rollback, kept with its commit, at once outside one', async () => {
    const jobs = t.app.get(JobQueue);
    const uow = t.app.get(UnitOfWork);
    // Not due for an hour, and naming no transfer: nothing here works them.
    const later = { startAfter: new Date(Date.now() + 3_600_000) };
    const job = (key: string) => ({ transferId: key, status: 'requested' });
    const written = async (...keys: string[]) =>
      (await t.sql<{ key: string }>(`select singleton_key as key from pgboss.job where name = 'transfer-step' and singleton_key = any($1) order by 1`, [keys])).map((row) => row.key);
    const failure = new Error('the change fails after its enqueues');

    await expect(
      uow.run(async () => {
        await jobs.enqueue('transfer-step', job('rolled-back'), { ...later, singletonKey: 'rolled-back' });
        await jobs.enqueueMany('transfer-step', [{ data: job('rolled-back-many'), singletonKey: 'rolled-back-many', ...later }]);
        // Written in the transaction, not on the pool: not seen from outside before the commit.
        expect(await written('rolled-back', 'rolled-back-many')).toEqual([]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await written('rolled-back', 'rolled-back-many')).toEqual([]);

    await uow.run(async () => {
      await jobs.enqueue('transfer-step', job('committed'), { ...later, singletonKey: 'committed' });
      await jobs.enqueueMany('transfer-step', [{ data: job('committed-many'), singletonKey: 'committed-many', ...later }]);
    });
    expect(await written('committed', 'committed-many')).toEqual(['committed', 'committed-many']);

    // Outside any transaction (a start-up's enqueue): on the pool, at once.
    await jobs.enqueue('transfer-step', job('no-transaction'), { ...later, singletonKey: 'no-transaction' });
    expect(await written('no-transaction')).toEqual(['no-transaction']);
    await t.sql(`delete from pgboss.job where name = 'transfer-step' and singleton_key = any($1)`, [['committed', 'committed-many', 'no-transaction']]);
  });

  it('a queue the code defines but no migration created stops the start-up, naming it (pg-boss would refuse its jobs)', async () => {
    const queue = t.app.get(PgBossJobQueue);
    await expect(queue.assertQueuesExist()).resolves.toBeUndefined();
    await t.sql(`select pgboss.delete_queue('fax-step')`);
    try {
      await expect(queue.assertQueuesExist()).rejects.toThrow('job queues defined but not created by a migration (pgboss.create_queue): fax-step');
    } finally {
      await t.sql(`select pgboss.create_queue('fax-step', '{"policy":"stately"}')`);
    }
  });
});
