import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * The fault test of issue 10: two processor instances (`dist/…/worker.js`, child processes) over one database and
 * 200 transfers; one is killed with SIGKILL mid-run and restarted. Every transfer must end `settled` exactly once,
 * the sum of balances stays unchanged, and each audit trail is 1…6 without gap or duplicate.
 */
const WORKER = join(__dirname, '..', 'dist', 'apps', 'api', 'src', 'worker.js');
const CASES = 20;
const PER_CASE = 10;

describe('transfer processor under a crash (fault test)', () => {
  let t: TestApp;
  let owner: TestCaller;
  const workers: ChildProcess[] = [];
  const saved = process.env.TRANSFER_PROCESSOR;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [join(__dirname, '..', 'scripts', 'build-if-changed.js')], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
    process.env.TRANSFER_PROCESSOR = 'off';
    t = await createTestApp();
    owner = await t.invite();
  }, 300_000);
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await t.close();
    if (saved === undefined) delete process.env.TRANSFER_PROCESSOR;
    else process.env.TRANSFER_PROCESSOR = saved;
  });

  function startWorker(): ChildProcess {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      FIELD_ENCRYPTION_KEY: t.config.fieldEncryptionKey.toString('base64'),
      TRANSFER_STEP_DELAY_MS: '0',
      TRANSFER_PROCESSOR: 'on',
      LOG_LEVEL: 'silent',
    };
    delete env.NODE_OPTIONS;
    const worker = spawn(process.execPath, [WORKER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    worker.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    worker.on('exit', (code, signal) => {
      if (code !== 0 && signal !== 'SIGKILL' && signal !== 'SIGTERM') process.stderr.write(`worker exited ${code} ${signal}: ${stderr}\n`);
    });
    workers.push(worker);
    return worker;
  }

  const settledCount = async () => (await t.sql<{ n: number }>(`select count(*)::int as n from transfers where status = 'settled' and next_step_at is null`))[0].n;

  it('settles 200 transfers exactly once with two workers, one killed with SIGKILL and restarted', async () => {
    const post = (path: string, body: Record<string, unknown>) => t.http().post(path).set(owner.auth).send(body);
    const transferBodies: Array<{ caseId: string; body: Record<string, unknown> }> = [];
    for (let c = 0; c < CASES; c++) {
      const caseId = (await post('/v1/cases', {}).expect(201)).body.data.id;
      await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_2', types: ['executor_in_will'] });
      await post(`/v1/cases/${caseId}/bank-accounts`, {
        institution_name: 'Estate Bank', account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0,
      }).expect(201);
      for (let a = 0; a < PER_CASE; a++) {
        const account = await post(`/v1/cases/${caseId}/bank-accounts`, {
          institution_name: 'First Prairie Bank', account_type: 'checking', ownership_type: 'individual', status: 'open',
          account_number: `00012${String(c * PER_CASE + a).padStart(4, '0')}7`, current_balance: 1000, available_balance: 1000,
        }).expect(201);
        transferBodies.push({ caseId, body: { bank_account_id: account.body.data.id, amount: 10 + a + c / 100 } });
      }
    }
    for (const { caseId, body } of transferBodies) await post(`/v1/cases/${caseId}/transfers`, body).expect(201);
    const before = (await t.sql<{ total: string }>('select sum(current_balance)::text as total from bank_accounts'))[0].total;

    const started = Date.now();
    const victim = startWorker();
    startWorker();
    // Kill one instance mid-run: once some transfers have settled, but well before all have.
    while ((await settledCount()) < 20 && Date.now() - started < 60_000) await new Promise((tick) => setTimeout(tick, 20));
    victim.kill('SIGKILL');
    const atKill = await settledCount();
    await new Promise((done) => victim.once('exit', done));
    startWorker();
    while ((await settledCount()) < CASES * PER_CASE && Date.now() - started < 180_000) await new Promise((tick) => setTimeout(tick, 100));
    const elapsed = Date.now() - started;

    const statuses = await t.sql<{ status: string; n: number }>('select status, count(*)::int as n from transfers group by status');
    expect(statuses).toEqual([{ status: 'settled', n: 200 }]);
    const after = (await t.sql<{ total: string }>('select sum(current_balance)::text as total from bank_accounts'))[0].total;
    expect(after).toBe(before);
    // Each trail is exactly 1…6 with the expected moves.
    const trails = await t.sql<{ transfer_id: string; moves: string }>(
      `select transfer_id, string_agg(sequence || ':' || coalesce(from_status, '-') || '>' || to_status, ',' order by sequence) as moves
         from transfer_events group by transfer_id`,
    );
    expect(trails).toHaveLength(200);
    const expected = '1:->requested,2:requested>verifying,3:verifying>approved,4:approved>submitted,5:submitted>in_transit,6:in_transit>settled';
    expect(trails.filter((trail) => trail.moves !== expected)).toEqual([]);
    // Exactly one settlement: one debit per source account, one credit per transfer on the estate accounts.
    const ledger = await t.sql<{ n: number; distinct_refs: number }>(
      `select count(*)::int as n, count(distinct reference_number || ':' || sign(amount))::int as distinct_refs from transactions`,
    );
    expect(ledger[0]).toEqual({ n: 400, distinct_refs: 400 });
    const traces = await t.sql<{ n: number }>('select count(distinct trace_number)::int as n from transfers');
    expect(traces[0].n).toBe(200);
    const summaries = await t.sql<{ bad: number }>(
      `select count(*)::int as bad from bank_accounts b
         where not b.is_estate_account and (b.instant_transfer_active_transfer_id is not null
           or b.instant_transfer_transferred_amount <> (select coalesce(sum(amount_settled), 0) from transfers t where t.bank_account_id = b.id))`,
    );
    expect(summaries[0].bad).toBe(0);
    process.stdout.write(`fault test: 200 transfers, 2 workers, one SIGKILLed at ${atKill} settled, all settled after ${elapsed} ms\n`);

    // SIGTERM stops a worker cleanly (exit 0).
    const remaining = workers.filter((worker) => worker.exitCode === null && worker.signalCode === null);
    const codes = await Promise.all(remaining.map((worker) => new Promise<number | null>((done) => { worker.once('exit', (code) => done(code)); worker.kill('SIGTERM'); })));
    expect(codes.every((code) => code === 0)).toBe(true);
  }, 300_000);
});
