import fc from 'fast-check';
import { Clock } from '@estate/shared-kernel';
import { AchNetwork, AchReturnIntake, FundsHold, TransferProcessor } from '@estate/transfers';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { expectError } from './support/api-assertions';
import { overrideEnv } from './support/env';

/**
 * Money movement under faults (issue 18): the deletion veto covers the estate account, the network hears of a
 * submission only after it is committed and never debits twice, returns are reported by the network later in the
 * window and land on a kept transfer, and `max_transfer_amount` is a function of the account and its transfers.
 */
const RETURN_DELAY_MS = 60_000;

describe('money movement: veto, submission after commit, returns in the window, max_transfer_amount (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let processor: TransferProcessor;
  let intake: AchReturnIntake;
  let hold: FundsHold;
  let ach: AchNetwork;
  let clock: Clock;
  let restoreEnv: () => void;
  /** How far the service's clock runs ahead of the real one (only while a test asks the network for returns). */
  let ahead = 0;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ TRANSFER_STEP_DELAY_MS: '0', TRANSFER_PROCESSOR: 'off', ACH_SIMULATOR_RETURN_DELAY_MS: String(RETURN_DELAY_MS) });
    t = await createTestApp();
    owner = await t.invite();
    processor = t.app.get(TransferProcessor);
    intake = t.app.get(AchReturnIntake);
    hold = t.app.get(FundsHold);
    ach = t.app.get(AchNetwork);
    clock = t.app.get(Clock);
    const real = clock.now.bind(clock);
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(real().getTime() + ahead));
  });
  afterEach(() => {
    ahead = 0;
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
    restoreEnv();
  });

  const eligible = { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', account_type: 'checking', ownership_type: 'individual', status: 'open', available_balance: 1000, current_balance: 1000 };

  async function newCase(): Promise<{ caseId: string; estateId: string }> {
    const caseId = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id as string;
    await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_2', types: ['executor_in_will'] }).expect((res) => expect([200, 201]).toContain(res.status));
    const estate = await addAccount(caseId, { account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 });
    return { caseId, estateId: estate.id };
  }

  async function addAccount(caseId: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    return (await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send({ ...eligible, account_number: '000123451234', ...body }).expect(201)).body.data;
  }

  const account = async (caseId: string, id: string) => (await t.http().get(`/v1/cases/${caseId}/bank-accounts/${id}`).set(owner.auth).expect(200)).body.data;
  const transfer = async (caseId: string, id: string) => (await t.http().get(`/v1/cases/${caseId}/transfers/${id}`).set(owner.auth).expect(200)).body.data;
  const request = (caseId: string, body: Record<string, unknown>) => t.http().post(`/v1/cases/${caseId}/transfers`).set(owner.auth).send(body);
  const trail = async (caseId: string, id: string) =>
    (await t.http().get(`/v1/cases/${caseId}/transfers/${id}/events`).set(owner.auth).expect(200)).body.data.map((e: { to_status: string }) => e.to_status);

  async function stepUntil(caseId: string, id: string, status: string): Promise<void> {
    for (let pass = 0; pass < 10; pass++) {
      if ((await transfer(caseId, id)).status === status) return;
      await processor.runOnce();
    }
    throw new Error(`transfer ${id} never reached ${status}`);
  }

  /** Retries waiting out their backoff are due now (the test does not wait seconds for them). */
  const retriesDueNow = () => t.sql(`update pgboss.job set start_after = now() where name = 'transfer-step' and state = 'created' and start_after > now()`);

  describe('the deletion veto names the transfer, for its source and for its destination (the estate account)', () => {
    it('refuses to delete the estate account of an approved transfer; the transfer then settles and the account can go', async () => {
      const { caseId, estateId } = await newCase();
      const source = await addAccount(caseId);
      const id = (await request(caseId, { bank_account_id: source.id, amount: 25 }).expect(201)).body.data.id;
      await stepUntil(caseId, id, 'approved');
      for (const accountId of [estateId, source.id]) {
        const refused = await t.http().delete(`/v1/cases/${caseId}/bank-accounts/${accountId}`).set(owner.auth);
        expectError(refused, 409, 'invalid_state');
        expect(refused.body.error.details).toEqual([{ field: 'transfer_id', message: `transfer ${id} is approved`, reason: 'conflict' }]);
      }
      await processor.drain();
      expect(await transfer(caseId, id)).toMatchObject({ status: 'settled' });
      await t.http().delete(`/v1/cases/${caseId}/bank-accounts/${estateId}`).set(owner.auth).expect(204);
    });
  });

  describe('max_transfer_amount is a function of the account and its transfers', () => {
    it('balance 1,000 with 600 settled leaves 400, before and after an unrelated PATCH, and 400 can be moved', async () => {
      const { caseId } = await newCase();
      const source = await addAccount(caseId);
      await request(caseId, { bank_account_id: source.id, amount: 600 }).expect(201);
      await processor.drain();
      expect((await account(caseId, source.id)).instant_transfer).toMatchObject({ max_transfer_amount: 400, transferred_amount: 600 });
      await t.http().patch(`/v1/cases/${caseId}/bank-accounts/${source.id}`).set(owner.auth).send({ notes: 'touch' }).expect(200);
      expect((await account(caseId, source.id)).instant_transfer).toMatchObject({ max_transfer_amount: 400, transferred_amount: 600 });
      await request(caseId, { bank_account_id: source.id, amount: 400 }).expect(201);
    });

    it('holds over any sequence of edits: unrelated edits never move it, and it always equals the formula (property)', async () => {
      const { caseId } = await newCase();
      const source = await addAccount(caseId, { available_balance: 5000, current_balance: 5000 });
      await request(caseId, { bank_account_id: source.id, amount: 1200 }).expect(201);
      await processor.drain();
      const unrelated = fc.oneof(
        fc.record({ notes: fc.string({ maxLength: 40 }) }),
        fc.record({ institution_name: fc.constantFrom('First Prairie Bank', 'Lakeside Credit Union', 'Harbor Savings') }),
        fc.record({ account_type: fc.constantFrom('checking', 'savings', 'money_market') }),
      );
      const balance = fc.integer({ min: 0, max: 400_000_00 }).map((cents) => ({ available_balance: cents / 100 }));
      const edit = fc.oneof({ arbitrary: unrelated, weight: 3 }, { arbitrary: balance, weight: 1 });
      const expected = (view: Record<string, any>) =>
        view.instant_transfer.eligibility === 'eligible' ? Math.min(view.available_balance, (250_000_00 - Math.round(view.instant_transfer.transferred_amount * 100)) / 100) : 0;
      await fc.assert(
        fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 4 }), async (edits) => {
          for (const body of edits) {
            const before = await account(caseId, source.id);
            await t.http().patch(`/v1/cases/${caseId}/bank-accounts/${source.id}`).set(owner.auth).send(body).expect(200);
            const after = await account(caseId, source.id);
            expect(after.instant_transfer.transferred_amount).toBe(1200);
            expect(after.instant_transfer.max_transfer_amount).toBe(expected(after));
            if (!('available_balance' in body)) expect(after.instant_transfer.max_transfer_amount).toBe(before.instant_transfer.max_transfer_amount);
          }
        }),
        { numRuns: 12 },
      );
    }, 120_000);
  });

  describe('the network is told after the commit, with the transfer id as the idempotency key', () => {
    it('a process that dies between the network’s acceptance and the commit submits again: one entry, one debit, one trace', async () => {
      const { caseId } = await newCase();
      const source = await addAccount(caseId, { account_number: '000123455555' });
      const id = (await request(caseId, { bank_account_id: source.id, amount: 75 }).expect(201)).body.data.id;
      await stepUntil(caseId, id, 'submitted');

      const submit = ach.submit.bind(ach);
      const seenByNetwork: string[] = [];
      const spy = jest.spyOn(ach, 'submit').mockImplementation(async (entry) => {
        // What another connection sees when the network is called: the submission is already committed.
        seenByNetwork.push((await t.sql<{ status: string }>('select status from transfers where id = $1', [entry.transferId]))[0].status);
        const accepted = await submit(entry);
        if (seenByNetwork.length === 1) throw new Error('the process died after the network accepted the entry');
        return accepted;
      });
      try {
        await processor.runOnce();
        expect(await transfer(caseId, id)).toMatchObject({ status: 'submitted' });
        await retriesDueNow();
        await processor.drain();
      } finally {
        spy.mockRestore();
      }
      expect(seenByNetwork).toEqual(['submitted', 'submitted']);
      const settled = await transfer(caseId, id);
      expect(settled).toMatchObject({ status: 'settled', amount_settled: 75 });
      const entries = await t.sql<{ trace_number: string; submissions: number }>('select trace_number, submissions from ach_simulator_entries where transfer_id = $1', [id]);
      expect(entries).toEqual([{ trace_number: settled.trace_number, submissions: 2 }]);
      const debits = await t.sql<{ n: number }>(`select count(*)::int as n from transactions where bank_account_id = $1 and type = 'ach_debit'`, [source.id]);
      expect(debits[0].n).toBe(1);
      expect((await account(caseId, source.id)).current_balance).toBe(925);
      expect(await trail(caseId, id)).toEqual(['requested', 'verifying', 'approved', 'submitted', 'in_transit', 'settled']);
    });

    it('a submission repeated to the network is answered with its first acceptance', async () => {
      const entry = { transferId: '01JTESTIDEMPOTENCYKEY00000', traceNumber: '071000019999991', amount: 10, sourceAccountNumber: '12345678', sourceRoutingNumber: null };
      const first = await ach.submit(entry);
      const again = await ach.submit({ ...entry, traceNumber: '071000019999992' });
      expect(again).toEqual(first);
      expect(first.traceNumber).toBe('071000019999991');
    });
  });

  describe('returns are reported by the network later in the window and applied whenever they come', () => {
    it('reports R15 only after its delay; the poll applies it with its ledger entries, audit event and outbox event', async () => {
      const { caseId, estateId } = await newCase();
      const source = await addAccount(caseId, { account_number: '987600000015' });
      const id = (await request(caseId, { bank_account_id: source.id, amount: 100 }).expect(201)).body.data.id;
      await processor.drain();
      expect(await transfer(caseId, id)).toMatchObject({ status: 'settled' });
      expect(await intake.poll()).toBe(0);
      expect(await transfer(caseId, id)).toMatchObject({ status: 'settled' });

      ahead = RETURN_DELAY_MS + 1000;
      expect(await intake.poll()).toBe(1);
      expect(await intake.poll()).toBe(0); // acknowledged: reported once
      expect(await transfer(caseId, id)).toMatchObject({ status: 'returned', return_code: 'R15', status_reason: 'ACH return R15' });
      expect(await trail(caseId, id)).toEqual(['requested', 'verifying', 'approved', 'submitted', 'in_transit', 'settled', 'returned']);
      const ledger = (await t.http().get(`/v1/cases/${caseId}/bank-accounts/${source.id}/transactions`).set(owner.auth)).body.data;
      expect(ledger.map((tx: any) => tx.amount).sort()).toEqual([-100, 100]);
      expect(await account(caseId, source.id)).toMatchObject({ current_balance: 1000, instant_transfer: expect.objectContaining({ transferred_amount: 0, max_transfer_amount: 1000 }) });
      expect(await account(caseId, estateId)).toMatchObject({ current_balance: 0 });
      const told = await t.sql(`select type, data->'object'->>'status' as status from events where case_id = $1 and data->'object'->>'id' = $2 order by created_at desc, id desc limit 1`, [caseId, id]);
      expect(told).toEqual([{ type: 'transfer.status_changed', status: 'returned' }]);
    });

    it('reports R01 the return delay after acceptance, like every test value (realistic timing is opt-in)', async () => {
      const { caseId } = await newCase();
      const source = await addAccount(caseId, { account_number: '987600000001' });
      const id = (await request(caseId, { bank_account_id: source.id, amount: 40 }).expect(201)).body.data.id;
      await processor.drain();
      expect(await intake.poll()).toBe(0);
      const [{ accepted, after }] = await t.sql<{ accepted: Date; after: Date }>('select accepted_at as accepted, return_reported_after as after from ach_simulator_entries where transfer_id = $1', [id]);
      expect(after.getTime() - accepted.getTime()).toBe(RETURN_DELAY_MS);
      ahead = RETURN_DELAY_MS + 1000;
      expect(await intake.poll()).toBe(1);
      expect(await transfer(caseId, id)).toMatchObject({ status: 'returned', return_code: 'R01' });
    });

    it('polls for an announced return on the job queue: right after settlement, then when it is due, then no more', async () => {
      const { caseId } = await newCase();
      const source = await addAccount(caseId, { account_number: '987600000003' });
      const id = (await request(caseId, { bank_account_id: source.id, amount: 15 }).expect(201)).body.data.id;
      await processor.drain();
      const polls = () =>
        t.sql<{ state: string; start: Date }>(`select state, start_after as start from pgboss.job where name = 'ach-return-due' and singleton_key = $1 order by created_on`, [id]);
      // The settlement enqueued the first poll, due at once.
      expect((await polls()).map((job) => job.state)).toEqual(['created']);
      expect(await intake.runDue()).toBeGreaterThanOrEqual(1);
      expect(await transfer(caseId, id)).toMatchObject({ status: 'settled' });
      // Not due yet: the next poll waits for the moment the network reports it.
      const [{ after }] = await t.sql<{ after: Date }>('select return_reported_after as after from ach_simulator_entries where transfer_id = $1', [id]);
      const [first, next] = await polls();
      expect([first.state, next.state]).toEqual(['completed', 'created']);
      expect(next.start.getTime()).toBe(after.getTime());

      ahead = RETURN_DELAY_MS + 1000;
      await t.sql(`update pgboss.job set start_after = now() where name = 'ach-return-due' and singleton_key = $1 and state = 'created'`, [id]);
      expect(await intake.runDue()).toBeGreaterThanOrEqual(1);
      expect(await transfer(caseId, id)).toMatchObject({ status: 'returned', return_code: 'R03' });
      // Applied and acknowledged: nothing is announced any more, so no poll waits.
      expect((await polls()).map((job) => job.state)).toEqual(['completed', 'completed']);
    });

    it('applies a return to the kept transfer of a case deleted after settlement: status, code, audit trail, event and both ledgers', async () => {
      const { caseId } = await newCase();
      const source = await addAccount(caseId, { account_number: '987600000002' });
      const id = (await request(caseId, { bank_account_id: source.id, amount: 30 }).expect(201)).body.data.id;
      await processor.drain();
      await t.http().delete(`/v1/cases/${caseId}`).set(owner.auth).expect(204);
      ahead = RETURN_DELAY_MS + 1000;
      expect(await intake.poll()).toBe(1);
      const rows = await t.sql('select status, return_code, status_reason, next_step_at from transfers where id = $1', [id]);
      expect(rows).toEqual([{ status: 'returned', return_code: 'R02', status_reason: 'ACH return R02', next_step_at: null }]);
      const events = await t.sql<{ moves: string }>(`select string_agg(to_status, ',' order by sequence) as moves from transfer_events where transfer_id = $1`, [id]);
      expect(events[0].moves).toBe('requested,verifying,approved,submitted,in_transit,settled,returned');
      const told = await t.sql(`select type, data->'object'->>'status' as status from events where data->'object'->>'id' = $1 order by created_at desc, id desc limit 1`, [id]);
      expect(told).toEqual([{ type: 'transfer.status_changed', status: 'returned' }]);
      // The reversing entries are appended to both kept ledgers (transactions are audit records), balances following.
      for (const accountId of [source.id, (await t.sql<{ estate_account_id: string }>('select estate_account_id from transfers where id = $1', [id]))[0].estate_account_id]) {
        const ledger = await t.sql<{ amount: string; running_balance: string; reference_number: string }>(
          'select amount::text, running_balance::text, reference_number from transactions where bank_account_id = $1 order by date, created_at, id',
          [accountId],
        );
        const [settlement, reversal] = ledger.slice(-2);
        expect(Number(reversal.amount)).toBe(-Number(settlement.amount));
        expect(Number(reversal.running_balance)).toBeCloseTo(Number(settlement.running_balance) - Number(settlement.amount), 2);
        expect(reversal.reference_number).toBe(settlement.reference_number);
      }
      // Both kept legs of the return are the transfer's own rows, classified as any leg it writes (contract-extensions §16.2).
      const returnLegs = await t.sql(
        `select accounting_category, related_type, related_id, written_by from transactions where case_id = $1 and type = 'ach_return'`,
        [caseId],
      );
      expect(returnLegs).toEqual([1, 2].map(() => ({ accounting_category: 'transfer', related_type: 'transfer', related_id: id, written_by: 'transfer' })));
      expect(await intake.poll()).toBe(0);
    });

    it('a return reported while the transfer is in transit ends it returned, with no money moved and the account freed', async () => {
      const { caseId } = await newCase();
      const source = await addAccount(caseId, { account_number: '987600000016' });
      const id = (await request(caseId, { bank_account_id: source.id, amount: 20 }).expect(201)).body.data.id;
      await stepUntil(caseId, id, 'in_transit');
      ahead = RETURN_DELAY_MS + 1000;
      expect(await intake.poll()).toBe(1);
      ahead = 0;
      await processor.drain(); // the in-transit step's job finds the transfer moved on and does nothing
      expect(await transfer(caseId, id)).toMatchObject({ status: 'returned', return_code: 'R16', amount_settled: null });
      expect(await account(caseId, source.id)).toMatchObject({ current_balance: 1000, instant_transfer: expect.objectContaining({ active_transfer_id: null, transferred_amount: 0 }) });
      const ledger = await t.sql<{ n: number }>('select count(*)::int as n from transactions where bank_account_id = $1', [source.id]);
      expect(ledger[0].n).toBe(0);
    });
  });
  describe('money that can still come back is not available: the funds hold (issue 33)', () => {
    const heir = { first_name: 'Sam', last_name: 'Doe', relationship: 'son', is_beneficiary: true };
    const distributions = (caseId: string) => `/v1/cases/${caseId}/probate/distributions`;

    async function cashDistribution(caseId: string, estateId: string, amount: number): Promise<string> {
      const person = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send(heir).expect(201)).body.data.id;
      const body = { person_id: person, distribution_type: 'residuary', kind: 'cash', amount, source_account_id: estateId };
      return (await t.http().post(distributions(caseId)).set(owner.auth).send(body).expect(201)).body.data.id;
    }
    const move = (caseId: string, id: string, action: 'approve' | 'pay') => t.http().post(`${distributions(caseId)}/${id}/${action}`).set(owner.auth).send({});
    const balances = async (caseId: string, id: string) => {
      const { current_balance, available_balance } = await account(caseId, id);
      return { current_balance, available_balance };
    };
    /** The release jobs waiting for their moment are due now (the queue's clock is the real one, the service's runs ahead). */
    const releasesDueNow = (id: string) =>
      t.sql(`update pgboss.job set start_after = now() where name = 'transfer-funds-release' and state = 'created' and singleton_key like $1 || '%'`, [id]);
    const releaseJobs = (id: string) =>
      t.sql<{ data: unknown; state: string }>(`select data, state from pgboss.job where name = 'transfer-funds-release' and singleton_key = $1 order by created_on`, [id]);

    it('a return inside the hold: the payout of held money is refused, and the return leaves both balances at 0, never below', async () => {
      const { caseId, estateId } = await newCase();
      const source = await addAccount(caseId, { account_number: '987600000015' });
      const id = (await request(caseId, { bank_account_id: source.id, amount: 1000 }).expect(201)).body.data.id;
      await processor.drain();
      const settled = await transfer(caseId, id);
      expect(settled.status).toBe('settled');
      // Held for the simulator's return delay after settlement (test mode).
      expect(Date.parse(settled.funds_available_at) - Date.parse(settled.settled_at)).toBe(RETURN_DELAY_MS);
      expect(await balances(caseId, estateId)).toEqual({ current_balance: 1000, available_balance: 0 });

      const distribution = await cashDistribution(caseId, estateId, 1000);
      const refused = await move(caseId, distribution, 'approve');
      expectError(refused, 422, 'distribution_not_allowed');
      expect(refused.body.error.details[0].message).toContain('available_balance 0.00');

      ahead = RETURN_DELAY_MS + 1000;
      expect(await intake.poll()).toBe(1);
      expect(await transfer(caseId, id)).toMatchObject({ status: 'returned', return_code: 'R15', status_reason: 'ACH return R15', funds_available_at: null });
      expect(await balances(caseId, estateId)).toEqual({ current_balance: 0, available_balance: 0 });
      // The hold's job, when it runs, finds nothing held: the returned money never becomes available.
      await releasesDueNow(id);
      expect(await hold.runDue()).toBeGreaterThanOrEqual(1);
      expect(await balances(caseId, estateId)).toEqual({ current_balance: 0, available_balance: 0 });
      expectError(await move(caseId, distribution, 'approve'), 422, 'distribution_not_allowed');
    });

    it('the hold’s release (a job enqueued at settlement, carrying the id only) makes the money available, once', async () => {
      const { caseId, estateId } = await newCase();
      const source = await addAccount(caseId);
      const id = (await request(caseId, { bank_account_id: source.id, amount: 1000 }).expect(201)).body.data.id;
      await processor.drain();
      const settled = await transfer(caseId, id);
      expect(await balances(caseId, estateId)).toEqual({ current_balance: 1000, available_balance: 0 });
      expect(await releaseJobs(id)).toEqual([{ data: { transferId: id }, state: 'created' }]);
      const [{ start }] = await t.sql<{ start: Date }>(`select start_after as start from pgboss.job where name = 'transfer-funds-release' and singleton_key = $1`, [id]);
      expect(start.getTime()).toBe(Date.parse(settled.funds_available_at));

      // Run before the hold ends (by the service's clock): nothing moves, and it waits for its moment again.
      await releasesDueNow(id);
      expect(await hold.runDue()).toBeGreaterThanOrEqual(1);
      expect(await balances(caseId, estateId)).toEqual({ current_balance: 1000, available_balance: 0 });
      expect((await releaseJobs(id)).map((job) => job.state)).toEqual(['completed', 'created']);

      ahead = RETURN_DELAY_MS + 1000;
      await releasesDueNow(id);
      expect(await hold.runDue()).toBeGreaterThanOrEqual(1);
      expect(await balances(caseId, estateId)).toEqual({ current_balance: 1000, available_balance: 1000 });
      // A second run of the job (a crash between its commit and its completion) does nothing.
      await t.sql(`insert into pgboss.job (name, data, singleton_key, policy) values ('transfer-funds-release', $1, $2, 'stately')`, [JSON.stringify({ transferId: id }), `${id}:again`]);
      expect(await hold.runDue()).toBeGreaterThanOrEqual(1);
      expect(await balances(caseId, estateId)).toEqual({ current_balance: 1000, available_balance: 1000 });
      expect(await transfer(caseId, id)).toMatchObject({ status: 'settled', funds_available_at: settled.funds_available_at });

      const distribution = await cashDistribution(caseId, estateId, 1000);
      await move(caseId, distribution, 'approve').expect(200);
      await move(caseId, distribution, 'pay').expect(200);
      expect(await balances(caseId, estateId)).toEqual({ current_balance: 0, available_balance: 0 });
    });

    it('keeps the money held while the network still announces a return, whatever the clock says', async () => {
      const { caseId, estateId } = await newCase();
      const source = await addAccount(caseId, { account_number: '987600000016' });
      const id = (await request(caseId, { bank_account_id: source.id, amount: 300 }).expect(201)).body.data.id;
      await processor.drain();
      ahead = 2 * RETURN_DELAY_MS; // past the hold, but the return has not been polled for yet
      await releasesDueNow(id);
      expect(await hold.runDue()).toBeGreaterThanOrEqual(1);
      expect(await balances(caseId, estateId)).toEqual({ current_balance: 300, available_balance: 0 });
      expect(await intake.poll()).toBe(1);
      await releasesDueNow(id);
      expect(await hold.runDue()).toBeGreaterThanOrEqual(1);
      expect(await balances(caseId, estateId)).toEqual({ current_balance: 0, available_balance: 0 });
    });

    it('a late return after the hold is applied even when it takes the account below zero, and the account and the transfer say so', async () => {
      const { caseId, estateId } = await newCase();
      const source = await addAccount(caseId, { account_number: '987600000015' });
      const id = (await request(caseId, { bank_account_id: source.id, amount: 1000 }).expect(201)).body.data.id;
      await processor.drain();
      // A real network announces nothing in advance: the hold ends by the clock, and a return may still come later
      // (an unauthorized-debit return, up to sixty days).
      const announced = jest.spyOn(ach, 'announcedReturnAt').mockResolvedValue(null);
      try {
        ahead = RETURN_DELAY_MS + 1000;
        await releasesDueNow(id);
        expect(await hold.runDue()).toBeGreaterThanOrEqual(1);
      } finally {
        announced.mockRestore();
      }
      expect(await balances(caseId, estateId)).toEqual({ current_balance: 1000, available_balance: 1000 });
      const distribution = await cashDistribution(caseId, estateId, 1000);
      await move(caseId, distribution, 'approve').expect(200);
      await move(caseId, distribution, 'pay').expect(200);

      expect(await intake.poll()).toBe(1);
      const reason = 'ACH return R15: returned after its money was made available; the estate account is overdrawn by 1000.00';
      expect(await transfer(caseId, id)).toMatchObject({ status: 'returned', return_code: 'R15', status_reason: reason });
      expect(await balances(caseId, estateId)).toEqual({ current_balance: -1000, available_balance: -1000 });
      const events = (await t.http().get(`/v1/cases/${caseId}/transfers/${id}/events`).set(owner.auth).expect(200)).body.data;
      expect(events.at(-1)).toMatchObject({ from_status: 'settled', to_status: 'returned', reason });
      const [told] = await t.sql<{ reason: string }>(
        `select data->'object'->>'status_reason' as reason from events where case_id = $1 and type = 'transfer.status_changed' and data->'object'->>'id' = $2 order by created_at desc, id desc limit 1`,
        [caseId, id],
      );
      expect(told.reason).toBe(reason);
      const [entry] = await t.sql<{ description: string }>(`select description from transactions where bank_account_id = $1 and type = 'ach_return'`, [estateId]);
      expect(entry.description).toMatch(/^ACH return R15 of instant transfer \(trace \d{15}\): returned after its money was made available; the estate account is overdrawn by 1000\.00$/);
    });
  });
});
