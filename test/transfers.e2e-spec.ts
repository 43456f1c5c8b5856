import { AchReturnIntake, TransferProcessor } from '@estate/transfers';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { expectError } from './support/api-assertions';
import { overrideEnv } from './support/env';

const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';

describe('instant transfers (e2e, contract §8)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let processor: TransferProcessor;
  let restoreEnv: () => void;

  beforeAll(async () => {
    // Zero delays, and the API's own loop off: the tests take each step themselves (runOnce = one step per transfer).
    restoreEnv = overrideEnv({ TRANSFER_STEP_DELAY_MS: '0', TRANSFER_PROCESSOR: 'off' });
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
    processor = t.app.get(TransferProcessor);
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const eligible = { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', account_type: 'checking', ownership_type: 'individual', status: 'open', available_balance: 1000, current_balance: 1000 };

  async function newCase(level: string | null = 'level_2', withEstate = true): Promise<string> {
    const res = await t.http().post('/v1/cases').set(owner.auth).send({});
    expect(res.status).toBe(201);
    const caseId = res.body.data.id as string;
    if (level) {
      const authority = await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level, types: ['executor_in_will'] });
      expect([200, 201]).toContain(authority.status);
    }
    if (withEstate) await addAccount(caseId, { account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 });
    return caseId;
  }

  async function addAccount(caseId: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send({ ...eligible, account_number: '000123451234', ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const account = async (caseId: string, id: string) => (await t.http().get(`/v1/cases/${caseId}/bank-accounts/${id}`).set(owner.auth).expect(200)).body.data;
  const transfer = (caseId: string, id: string) => t.http().get(`/v1/cases/${caseId}/transfers/${id}`).set(owner.auth);
  const request = (caseId: string, body: Record<string, unknown>) => t.http().post(`/v1/cases/${caseId}/transfers`).set(owner.auth).send(body);
  const cancel = (caseId: string, id: string, body: Record<string, unknown> = {}) => t.http().post(`/v1/cases/${caseId}/transfers/${id}/cancel`).set(owner.auth).send(body);
  const estateOf = async (caseId: string) =>
    (await t.http().get(`/v1/cases/${caseId}/bank-accounts?per_page=100`).set(owner.auth)).body.data.find((a: any) => a.is_estate_account);

  /** Steps the processor until the transfer reaches `status` (one step per pass). */
  async function stepUntil(caseId: string, id: string, status: string): Promise<Record<string, any>> {
    for (let pass = 0; pass < 10; pass++) {
      const current = (await transfer(caseId, id)).body.data;
      if (current.status === status) return current;
      await processor.runOnce();
    }
    throw new Error(`transfer ${id} never reached ${status}`);
  }

  it('runs the whole lifecycle to settled: fields, audit trail, both ledgers, balances and the summary', async () => {
    const caseId = await newCase();
    const source = await addAccount(caseId);
    const estate = await estateOf(caseId);
    const created = await request(caseId, { bank_account_id: source.id, amount: 400.25, memo: 'checking to estate' });
    expect(created.status).toBe(201);
    expect(created.headers.etag).toBeDefined();
    expect(created.body.data).toMatchObject({
      case_id: caseId, bank_account_id: source.id, estate_account_id: estate.id, method: 'ach_debit', amount_requested: 400.25, amount_settled: null,
      currency: 'USD', status: 'requested', status_reason: null, return_code: null, requested_by: owner.userId, submitted_at: null, settled_at: null,
      trace_number: null,
    });
    const id = created.body.data.id;
    expect((await account(caseId, source.id)).instant_transfer.active_transfer_id).toBe(id);

    await processor.drain();
    const settled = (await transfer(caseId, id)).body.data;
    expect(settled).toMatchObject({ status: 'settled', amount_settled: 400.25 });
    expect(settled.trace_number).toMatch(/^07100001\d{7}$/);
    expect(settled.expected_settlement_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(settled.submitted_at).not.toBeNull();
    expect(settled.settled_at).not.toBeNull();

    const events = (await t.http().get(`/v1/cases/${caseId}/transfers/${id}/events`).set(owner.auth).expect(200)).body.data;
    expect(events.map((e: any) => [e.sequence, e.from_status, e.to_status])).toEqual([
      [1, null, 'requested'], [2, 'requested', 'verifying'], [3, 'verifying', 'approved'], [4, 'approved', 'submitted'], [5, 'submitted', 'in_transit'], [6, 'in_transit', 'settled'],
    ]);
    expect(events[0].actor).toBe(owner.userId);
    expect(events[1].actor).toBe('system:processor');
    // The trail pages oldest first, with the totals of page mode; a cursor is not one of its modes.
    const second = (await t.http().get(`/v1/cases/${caseId}/transfers/${id}/events?per_page=4&page=2`).set(owner.auth).expect(200)).body;
    expect(second.data.map((e: any) => e.sequence)).toEqual([5, 6]);
    expect(second.meta).toEqual({ page: 2, per_page: 4, total_count: 6, total_pages: 2, has_more: false, next_cursor: null });
    expectError(await t.http().get(`/v1/cases/${caseId}/transfers/${id}/events?per_page=0`).set(owner.auth), 400, 'bad_request');

    const sourceAfter = await account(caseId, source.id);
    expect(sourceAfter).toMatchObject({ current_balance: 599.75, available_balance: 599.75, closure_method: 'instant_transfer' });
    expect(sourceAfter.instant_transfer).toMatchObject({ active_transfer_id: null, transferred_amount: 400.25 });
    expect(await account(caseId, estate.id)).toMatchObject({ current_balance: 400.25 });
    const debit = (await t.http().get(`/v1/cases/${caseId}/bank-accounts/${source.id}/transactions`).set(owner.auth)).body.data;
    const credit = (await t.http().get(`/v1/cases/${caseId}/bank-accounts/${estate.id}/transactions`).set(owner.auth)).body.data;
    expect(debit).toHaveLength(1);
    expect(debit[0]).toMatchObject({ amount: -400.25, running_balance: -400.25, reference_number: settled.trace_number });
    expect(credit).toHaveLength(1);
    expect(credit[0]).toMatchObject({ amount: 400.25, running_balance: 400.25 });
  });

  it('returns a transfer from an account ending 0015 after settlement (R15), with compensating transactions', async () => {
    const caseId = await newCase();
    const source = await addAccount(caseId, { account_number: '987600000015' });
    const estate = await estateOf(caseId);
    const id = (await request(caseId, { bank_account_id: source.id, amount: 100 }).expect(201)).body.data.id;
    await processor.drain();
    expect((await transfer(caseId, id)).body.data.status).toBe('settled');
    // The network reports the return later (here at once: zero delays); the scheduled poll applies it.
    expect(await t.app.get(AchReturnIntake).poll()).toBe(1);
    const returned = (await transfer(caseId, id)).body.data;
    expect(returned).toMatchObject({ status: 'returned', return_code: 'R15', amount_settled: 100 });
    const events = (await t.http().get(`/v1/cases/${caseId}/transfers/${id}/events`).set(owner.auth)).body.data;
    expect(events.map((e: any) => e.to_status)).toEqual(['requested', 'verifying', 'approved', 'submitted', 'in_transit', 'settled', 'returned']);
    const ledger = (await t.http().get(`/v1/cases/${caseId}/bank-accounts/${source.id}/transactions`).set(owner.auth)).body.data;
    expect(ledger.map((tx: any) => tx.amount).sort()).toEqual([-100, 100]);
    expect(await account(caseId, source.id)).toMatchObject({ current_balance: 1000 });
    expect((await account(caseId, source.id)).instant_transfer).toMatchObject({ transferred_amount: 0, active_transfer_id: null });
    expect(await account(caseId, estate.id)).toMatchObject({ current_balance: 0 });
  });

  it.each(['requested', 'verifying', 'approved'])('cancels from %s, keeps the reason and frees the account', async (status) => {
    const caseId = await newCase();
    const source = await addAccount(caseId);
    const id = (await request(caseId, { bank_account_id: source.id, amount: 10 }).expect(201)).body.data.id;
    await stepUntil(caseId, id, status);
    const res = await cancel(caseId, id, { reason: 'requested by mistake' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', status_reason: 'requested by mistake' });
    expect((await account(caseId, source.id)).instant_transfer.active_transfer_id).toBeNull();
    await processor.drain();
    expect((await transfer(caseId, id)).body.data.status).toBe('cancelled');
    const events = (await t.http().get(`/v1/cases/${caseId}/transfers/${id}/events`).set(owner.auth)).body.data;
    expect(events[events.length - 1]).toMatchObject({ from_status: status, to_status: 'cancelled', actor: owner.userId, reason: 'requested by mistake' });
  });

  it.each(['submitted', 'in_transit', 'settled'])('refuses to cancel from %s (409 transfer_not_cancellable), transfer unchanged', async (status) => {
    const caseId = await newCase();
    const source = await addAccount(caseId);
    const id = (await request(caseId, { bank_account_id: source.id, amount: 10 }).expect(201)).body.data.id;
    const before = await stepUntil(caseId, id, status);
    expectError(await cancel(caseId, id), 409, 'transfer_not_cancellable');
    expect((await transfer(caseId, id)).body.data).toEqual(before);
  });

  it('cancel honours If-Match (412 on a stale tag) and answers 404 for an unknown transfer', async () => {
    const caseId = await newCase();
    const source = await addAccount(caseId);
    const created = await request(caseId, { bank_account_id: source.id, amount: 10 }).expect(201);
    await processor.runOnce();
    const stale = await t.http().post(`/v1/cases/${caseId}/transfers/${created.body.data.id}/cancel`).set(owner.auth).set('If-Match', created.headers.etag).send({});
    expectError(stale, 412, 'precondition_failed');
    const fresh = await transfer(caseId, created.body.data.id);
    await t.http().post(`/v1/cases/${caseId}/transfers/${created.body.data.id}/cancel`).set(owner.auth).set('If-Match', fresh.headers.etag).send({}).expect(200);
    expectError(await cancel(caseId, UNKNOWN_ID), 404, 'not_found');
  });

  describe('refusals of #29', () => {
    it('refuses an ineligible source', async () => {
      const caseId = await newCase();
      const joint = await addAccount(caseId, { ownership_type: 'joint_tenants_wros' });
      const res = await request(caseId, { bank_account_id: joint.id, amount: 10 });
      expectError(res, 422, 'transfer_not_allowed');
      // The refusal names the rule and the value that failed it; an ineligible account's max_transfer_amount is 0, so
      // the amount is refused as well, saying why the limit is 0.
      expect(res.body.error.details).toEqual([
        {
          field: 'bank_account_id',
          message: 'the source account is not eligible for instant transfer: its ownership_type is joint_tenants_wros; only accounts the deceased held alone (individual) pass through the estate',
          reason: 'rule',
        },
        { field: 'amount', message: "amount 10.00 exceeds the remaining max_transfer_amount (0.00): an ineligible account's max_transfer_amount is 0.00", reason: 'rule' },
      ]);
    });

    it('refuses an amount above max_transfer_amount minus what is in flight or settled', async () => {
      const caseId = await newCase();
      const source = await addAccount(caseId);
      const res = await request(caseId, { bank_account_id: source.id, amount: 1000.01 });
      expectError(res, 422, 'transfer_not_allowed');
      expect(res.body.error.details.map((d: any) => d.field)).toEqual(['amount']);
      await request(caseId, { bank_account_id: source.id, amount: 600 }).expect(201);
      await processor.drain();
      const second = await request(caseId, { bank_account_id: source.id, amount: 400.01 });
      expectError(second, 422, 'transfer_not_allowed');
      expect(second.body.error.details[0].message).toContain('400.00');
      await request(caseId, { bank_account_id: source.id, amount: 400 }).expect(201);
    });

    it('names every eligibility rule the source fails, with the value that failed it', async () => {
      const caseId = await newCase('level_1');
      const frozen = await addAccount(caseId, { status: 'frozen', available_balance: 0 });
      const res = await request(caseId, { bank_account_id: frozen.id, amount: 10 });
      expectError(res, 422, 'transfer_not_allowed');
      expect(res.body.error.details.map((d: any) => [d.field, d.reason, d.message.replace('the source account is not eligible for instant transfer: ', '')])).toEqual([
        ['bank_account_id', 'rule', 'its status is frozen; only open accounts are'],
        ['bank_account_id', 'rule', 'its available_balance is 0.00; it must be positive'],
        ['bank_account_id', 'rule', "the case's authority level is level_1; instant transfers need level_2 or higher"],
        ['amount', 'rule', "amount 10.00 exceeds the remaining max_transfer_amount (0.00): an ineligible account's max_transfer_amount is 0.00"],
      ]);
    });

    it('refuses when the case has no estate account', async () => {
      const caseId = await newCase('level_2', false);
      const source = await addAccount(caseId);
      const res = await request(caseId, { bank_account_id: source.id, amount: 10 });
      expectError(res, 422, 'transfer_not_allowed');
      expect(res.body.error.details.map((d: any) => d.field)).toEqual(['estate_account_id']);
    });

    it('refuses a second transfer while one is active, and reports every reason at once', async () => {
      const caseId = await newCase();
      const source = await addAccount(caseId);
      const first = await request(caseId, { bank_account_id: source.id, amount: 10 }).expect(201);
      const res = await request(caseId, { bank_account_id: source.id, amount: 5000 });
      expectError(res, 422, 'transfer_not_allowed');
      expect(res.body.error.details).toEqual([
        { field: 'amount', message: expect.stringContaining('amount 5000.00 exceeds the remaining max_transfer_amount (990.00): max_transfer_amount 1000.00 less 10.00 in transfers not yet settled'), reason: 'rule' },
        { field: 'bank_account_id', message: `the source account already has an active transfer (transfer ${first.body.data.id}); one transfer at a time leaves an account`, reason: 'conflict' },
      ]);
    });

    it.each([[0], [-5], [10.001]])('refuses amount %p with 422 validation_error', async (amount) => {
      const caseId = await newCase();
      const source = await addAccount(caseId);
      expectError(await request(caseId, { bank_account_id: source.id, amount }), 422, 'validation_error');
    });

    it('refuses a source that is not an account of the case (422 validation_error)', async () => {
      const caseId = await newCase();
      expectError(await request(caseId, { bank_account_id: UNKNOWN_ID, amount: 1 }), 422, 'validation_error');
    });
  });

  it('20 concurrent identical POSTs with one Idempotency-Key create one transfer', async () => {
    const caseId = await newCase();
    const source = await addAccount(caseId);
    const body = { bank_account_id: source.id, amount: 12.5 };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.http().post(`/v1/cases/${caseId}/transfers`).set(owner.auth).set('Idempotency-Key', `key-${caseId}`).send(body)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const ids = new Set(responses.filter((r) => r.status === 201).map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    const replay = await t.http().post(`/v1/cases/${caseId}/transfers`).set(owner.auth).set('Idempotency-Key', `key-${caseId}`).send(body);
    expect(replay.status).toBe(201);
    expect(replay.body.data.id).toBe([...ids][0]);
    const rows = await t.sql('select count(*)::int as n from transfers where case_id = $1', [caseId]);
    expect(rows[0].n).toBe(1);
  });

  it('20 concurrent different POSTs on one account: exactly one succeeds', async () => {
    const caseId = await newCase();
    const source = await addAccount(caseId);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => request(caseId, { bank_account_id: source.id, amount: 1 + i })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(19);
    const rows = await t.sql('select count(*)::int as n from transfers where bank_account_id = $1', [source.id]);
    expect(rows[0].n).toBe(1);
  });

  it('its own routes (events, cancel) answer 404 for another organization and for an unknown transfer', async () => {
    const caseId = await newCase();
    const a = await addAccount(caseId);
    const first = (await request(caseId, { bank_account_id: a.id, amount: 50 }).expect(201)).body.data.id;
    expectError(await t.http().get(`/v1/cases/${caseId}/transfers/${first}/events`).set(stranger.auth), 404, 'not_found');
    expectError(await t.http().post(`/v1/cases/${caseId}/transfers/${first}/cancel`).set(stranger.auth).send({}), 404, 'not_found');
    expectError(await t.http().get(`/v1/cases/${caseId}/transfers/${UNKNOWN_ID}/events`).set(owner.auth), 404, 'not_found');
    expectError(await t.http().post(`/v1/cases/${caseId}/transfers/${UNKNOWN_ID}/cancel`).set(owner.auth).send({}), 404, 'not_found');
    await t.http().get(`/v1/cases/${caseId}/transfers/${first}/events`).set(owner.auth).expect(200);
  });

  it('the database refuses UPDATE and DELETE on audit events and DELETE on transfers', async () => {
    const caseId = await newCase();
    const source = await addAccount(caseId);
    const id = (await request(caseId, { bank_account_id: source.id, amount: 10 }).expect(201)).body.data.id;
    await expect(t.sql(`update transfer_events set reason = 'x' where transfer_id = $1`, [id])).rejects.toThrow(/immutable/);
    await expect(t.sql('delete from transfer_events where transfer_id = $1', [id])).rejects.toThrow(/immutable/);
    await expect(t.sql('delete from transfers where id = $1', [id])).rejects.toThrow(/immutable/);
    const rows = await t.sql('select count(*)::int as n from transfer_events where transfer_id = $1', [id]);
    expect(rows[0].n).toBe(1);
  });

  it('a case (or bank account) with an active transfer cannot be deleted; once it ends the case can, and its transfers stay', async () => {
    const caseId = await newCase();
    const source = await addAccount(caseId);
    const id = (await request(caseId, { bank_account_id: source.id, amount: 10 }).expect(201)).body.data.id;
    expectError(await t.http().delete(`/v1/cases/${caseId}`).set(owner.auth), 409, 'case_has_active_transfer');
    expectError(await t.http().delete(`/v1/cases/${caseId}/bank-accounts/${source.id}`).set(owner.auth), 409, 'invalid_state');
    await processor.drain();
    await t.http().delete(`/v1/cases/${caseId}`).set(owner.auth).expect(204);
    const rows = await t.sql('select status from transfers where id = $1', [id]);
    expect(rows).toEqual([{ status: 'settled' }]);
    const events = await t.sql('select count(*)::int as n from transfer_events where transfer_id = $1', [id]);
    expect(events[0].n).toBe(6);
  });
});

describe('the processor in the API process (TRANSFER_PROCESSOR=on, the default)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ TRANSFER_STEP_DELAY_MS: '0', TRANSFER_PROCESSOR: undefined });
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  it('settles a requested transfer by itself, polling in the background', async () => {
    expect(t.config.transferProcessor).toBe('on');
    const caseId = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
    await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_3', types: ['executor_in_will'] });
    const account = (body: Record<string, unknown>) =>
      t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send({ institution_name: 'B', account_type: 'checking', ownership_type: 'individual', status: 'open', account_number: '44443333', available_balance: 50, current_balance: 50, ...body }).expect(201);
    await account({ account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '99998888' });
    const source = (await account({})).body.data;
    const id = (await t.http().post(`/v1/cases/${caseId}/transfers`).set(owner.auth).send({ bank_account_id: source.id, amount: 50 }).expect(201)).body.data.id;
    const deadline = Date.now() + 15_000;
    let status = 'requested';
    while (status !== 'settled' && Date.now() < deadline) {
      await new Promise((tick) => setTimeout(tick, 100));
      status = (await t.http().get(`/v1/cases/${caseId}/transfers/${id}`).set(owner.auth)).body.data.status;
    }
    expect(status).toBe('settled');
  });
});
