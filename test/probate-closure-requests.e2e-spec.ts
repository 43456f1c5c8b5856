import { closureRequestResource } from '@estate/closing';
import { representationOf } from '@estate/shared-kernel';
import { AchReturnIntake, TransferProcessor } from '@estate/transfers';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
// The representation, as the declaration states it.
const REPRESENTATION = representationOf(closureRequestResource);
const STEP_TYPES = ['notify_institution', 'submit_documentation', 'collect_signatures', 'follow_up', 'deposit_proceeds'];

type View = Record<string, any>;

/** An account the instant transfer can draw on (contract §8): held by the deceased alone, open, with money. */
const ELIGIBLE = {
  institution_name: 'First Prairie Bank',
  institution_routing_number: '071000013',
  account_type: 'checking',
  ownership_type: 'individual',
  status: 'open',
  available_balance: 1000,
  current_balance: 1000,
  account_number: '000123451234',
};

/**
 * Closure requests (contract-extensions §15.1): every route and refusal, the five steps a request makes, its status
 * following them, the account's status moves, the instant transfer end to end (settled, returned, rejected, cancelled
 * both ways) and the events. The transfer processor of the API is off: the tests take each step themselves.
 */
describe('closure requests (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let processor: TransferProcessor;
  let returns: AchReturnIntake;
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ TRANSFER_STEP_DELAY_MS: '0', TRANSFER_PROCESSOR: 'off' });
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
    processor = t.app.get(TransferProcessor);
    returns = t.app.get(AchReturnIntake);
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  async function newCase(options: { level?: string | null; estate?: boolean } = {}): Promise<string> {
    const caseId = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id as string;
    const level = options.level === undefined ? 'level_2' : options.level;
    if (level) await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level, types: ['executor_in_will'] }).expect(201);
    if (options.estate ?? true) {
      await addBank(caseId, { account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 });
    }
    return caseId;
  }

  async function addBank(caseId: string, body: Record<string, unknown> = {}): Promise<View> {
    const res = await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send({ ...ELIGIBLE, ...body });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data;
  }

  async function addRecord(caseId: string, path: string, body: Record<string, unknown>): Promise<View> {
    const res = await t.http().post(`/v1/cases/${caseId}/${path}`).set(owner.auth).send(body);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data;
  }

  const addInvestment = (caseId: string, body: Record<string, unknown> = {}) =>
    addRecord(caseId, 'investment-accounts', { account_type: 'brokerage', custodian_name: 'Harbor Securities', account_number: '77004321', ...body });

  const requests = (caseId: string) => `/v1/cases/${caseId}/closure/requests`;
  const request = (caseId: string, body: Record<string, unknown>, caller = owner) => t.http().post(requests(caseId)).set(caller.auth).send(body);
  const read = async (caseId: string, id: string): Promise<View> => (await t.http().get(`${requests(caseId)}/${id}`).set(owner.auth).expect(200)).body.data;
  const cancel = (caseId: string, id: string) => t.http().post(`${requests(caseId)}/${id}/cancel`).set(owner.auth);
  const account = async (caseId: string, id: string): Promise<View> => (await t.http().get(`/v1/cases/${caseId}/bank-accounts/${id}`).set(owner.auth).expect(200)).body.data;
  const transfer = async (caseId: string, id: string): Promise<View> => (await t.http().get(`/v1/cases/${caseId}/transfers/${id}`).set(owner.auth).expect(200)).body.data;
  const stepUrl = (caseId: string, id: string) => `/v1/cases/${caseId}/closure/steps/${id}`;
  const step = async (caseId: string, id: string): Promise<View> => (await t.http().get(stepUrl(caseId, id)).set(owner.auth).expect(200)).body.data;
  const steps = async (caseId: string, made: View): Promise<View[]> => Promise.all((made.step_ids as string[]).map((id) => step(caseId, id)));
  const patchStep = (caseId: string, id: string, body: Record<string, unknown>) => t.http().patch(stepUrl(caseId, id)).set(owner.auth).send(body).expect(200);
  /** Completes steps 1–4 of a request through the API (their sub-tasks, or their status). */
  async function completeFirstFour(caseId: string, made: View): Promise<void> {
    for (const current of (await steps(caseId, made)).slice(0, 4)) {
      if (current.sub_tasks.length === 0) await patchStep(caseId, current.id, { status: 'completed' });
      for (const task of current.sub_tasks) await t.http().patch(`${stepUrl(caseId, current.id)}/sub-tasks/${task.id}`).set(owner.auth).send({ completed: true }).expect(200);
    }
  }
  /** The case's events, oldest first. */
  const eventsOf = async (caseId: string, type: string): Promise<View[]> =>
    [...(await t.http().get(`/v1/cases/${caseId}/events?per_page=100&type=${type}`).set(owner.auth).expect(200)).body.data].reverse();
  const counts = async (caseId: string) => {
    const [row] = await t.sql<{ requests: number; steps: number; transfers: number; events: number }>(
      `select (select count(*)::int from closure_requests where case_id = $1) as requests, (select count(*)::int from closure_steps where case_id = $1) as steps,
              (select count(*)::int from transfers where case_id = $1) as transfers, (select count(*)::int from events where case_id = $1) as events`,
      [caseId],
    );
    return row;
  };
  /** Steps the transfer processor until the transfer reaches `status`. */
  async function stepUntil(caseId: string, id: string, status: string): Promise<View> {
    for (let pass = 0; pass < 12; pass++) {
      const current = await transfer(caseId, id);
      if (current.status === status) return current;
      await processor.runOnce();
    }
    throw new Error(`transfer ${id} never reached ${status}`);
  }

  describe('POST (standard)', () => {
    it('201 requested with every field and its five steps in order, titled with the institution and the last four digits; the bank account is pending_closure', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId);
      const res = await request(caseId, { account_type: 'bank_account', account_id: bank.id, notes: 'Branch expects the letters by mail.' });
      expect(res.status).toBe(201);
      expect(res.headers.etag).toBeDefined();
      const made = res.body.data;
      expect(Object.keys(made).sort()).toEqual([...REPRESENTATION].sort());
      expect(made).toMatchObject({
        account_type: 'bank_account', account_id: bank.id, institution_name: 'First Prairie Bank', method: 'standard', status: 'requested', transfer_id: null,
        requested_by: owner.userId, completed_at: null, cancelled_at: null, notes: 'Branch expects the letters by mail.',
      });
      expect(made.step_ids).toHaveLength(5);
      expect(await read(caseId, made.id)).toEqual(made);

      const made5 = await steps(caseId, made);
      expect(made5.map((s) => [s.order, s.step_type])).toEqual(STEP_TYPES.map((type, index) => [index + 1, type]));
      expect(made5.map((s) => s.depends_on)).toEqual([[], [made5[0].id], [made5[1].id], [made5[2].id], [made5[3].id]]);
      for (const s of made5) expect(s.title).toContain('First Prairie Bank (account ending 1234)');
      expect(made5.map((s) => s.sub_tasks.length)).toEqual([2, 3, 1, 0, 0]);
      expect(made5[1].sub_tasks.map((task: View) => task.title)).toEqual(['Send the death certificate', 'Send the letters (or the small-estate affidavit)', "Send the executor's ID"]);
      expect(made5.map((s) => s.status)).toEqual(['not_started', 'blocked', 'blocked', 'blocked', 'blocked']);

      const after = await account(caseId, bank.id);
      expect(after.status).toBe('pending_closure');
      expect(after.instant_transfer.eligibility).toBe('ineligible');
      const types = (await eventsOf(caseId, '*')).map((event) => event.type);
      expect(types.filter((type) => type.startsWith('closure_step.'))).toEqual(Array(5).fill('closure_step.created'));
      expect(types.filter((type) => type.startsWith('closure_request.'))).toEqual(['closure_request.created']);
      const [created] = await eventsOf(caseId, 'closure_request.created');
      expect(created.data.object).toEqual(made);
      const [moved] = (await eventsOf(caseId, 'bank_account.updated')).slice(-1);
      expect(moved.data.previous_attributes).toMatchObject({ status: 'open' });
    });

    it('closes investment and retirement accounts and life insurance policies by their custodian or carrier; their status is not moved', async () => {
      const caseId = await newCase();
      const investment = await addInvestment(caseId, { status: 'active' });
      const retirement = await addRecord(caseId, 'retirement-accounts', { account_type: 'roth_ira', custodian_name: 'Lakeshore Trust' });
      const policy = await addRecord(caseId, 'life-insurance', { carrier_name: 'Midwest Mutual', policy_number: 'LP-88120077' });
      const cases: Array<[string, View, string]> = [
        ['investment_account', investment, 'Harbor Securities (account ending 4321)'],
        ['retirement_account', retirement, 'Lakeshore Trust (account without a number on record)'],
        ['life_insurance_policy', policy, 'Midwest Mutual (account ending 0077)'],
      ];
      for (const [type, record, where] of cases) {
        const made = (await request(caseId, { account_type: type, account_id: record.id }).expect(201)).body.data;
        expect(made).toMatchObject({ account_type: type, account_id: record.id, institution_name: where.split(' (')[0], status: 'requested', method: 'standard' });
        expect((await step(caseId, made.step_ids[0])).title).toBe(`Notify ${where} of the death`);
      }
      expect((await t.http().get(`/v1/cases/${caseId}/investment-accounts/${investment.id}`).set(owner.auth).expect(200)).body.data.status).toBe('active');
      // A 200-character name still makes titles of at most 200 characters.
      const long = await addInvestment(caseId, { custodian_name: 'H'.repeat(200), account_number: null });
      const titled = (await request(caseId, { account_type: 'investment_account', account_id: long.id }).expect(201)).body.data;
      expect(titled.institution_name).toBe('H'.repeat(200));
      for (const s of await steps(caseId, titled)) expect(s.title.length).toBeLessThanOrEqual(200);
    });

    it('422 naming account_id: no such account of that kind in the case, the estate account, a closed account; nothing is written', async () => {
      const caseId = await newCase();
      const investment = await addInvestment(caseId);
      const closedInvestment = await addInvestment(caseId, { status: 'Closed' });
      const closedBank = await addBank(caseId, { status: 'closed' });
      const estateId = (await t.http().get(`/v1/cases/${caseId}/bank-accounts?account_type=estate_account`).set(owner.auth).expect(200)).body.data[0].id;
      const otherCase = await newCase();
      const theirs = await addBank(otherCase);
      const before = await counts(caseId);
      const refusals: Array<[Record<string, unknown>, RegExp]> = [
        [{ account_type: 'bank_account', account_id: UNKNOWN_ID }, /must name a bank account of this case/],
        [{ account_type: 'bank_account', account_id: investment.id }, /must name a bank account of this case/],
        [{ account_type: 'life_insurance_policy', account_id: investment.id }, /must name a life insurance policy of this case/],
        [{ account_type: 'bank_account', account_id: theirs.id }, /must name a bank account of this case/],
        [{ account_type: 'bank_account', account_id: estateId }, /estate account/],
        [{ account_type: 'bank_account', account_id: closedBank.id }, /already closed/],
        [{ account_type: 'investment_account', account_id: closedInvestment.id }, /already closed/],
      ];
      for (const [body, message] of refusals) {
        const res = await request(caseId, body);
        expectError(res, 422, 'validation_error');
        expect(detailReasons(res)).toEqual([['account_id', 'rule']]);
        expect(res.body.error.details[0].message).toMatch(message);
      }
      expect(await counts(caseId)).toEqual(before);
    });

    it('422 on the body: required fields, value sets, unknown and read-only fields, instant_transfer of anything but a bank account', async () => {
      const caseId = await newCase();
      const investment = await addInvestment(caseId);
      const before = await counts(caseId);
      const missing = await request(caseId, {});
      expectError(missing, 422, 'validation_error');
      expect(detailFields(missing).sort()).toEqual(['account_id', 'account_type']);
      const wrong = await request(caseId, { account_type: 'car', account_id: investment.id, method: 'wire', status: 'completed', extra: 1 });
      expectError(wrong, 422, 'validation_error');
      expect(detailFields(wrong).sort()).toEqual(['account_type', 'extra', 'method', 'status']);
      const instant = await request(caseId, { account_type: 'investment_account', account_id: investment.id, method: 'instant_transfer' });
      expectError(instant, 422, 'validation_error');
      expect(detailReasons(instant)).toEqual([['method', 'rule']]);
      expect(await counts(caseId)).toEqual(before);
    });

    it('409 closure_request_exists while the account has a requested or in_progress request; a new one once it was cancelled', async () => {
      const caseId = await newCase();
      const investment = await addInvestment(caseId);
      const first = (await request(caseId, { account_type: 'investment_account', account_id: investment.id }).expect(201)).body.data;
      const before = await counts(caseId);
      const again = await request(caseId, { account_type: 'investment_account', account_id: investment.id, method: 'standard' });
      expectError(again, 409, 'closure_request_exists');
      expect(detailReasons(again)).toEqual([['account_id', 'conflict']]);
      expect(again.body.error.message).toContain(first.id);
      await patchStep(caseId, first.step_ids[0], { status: 'in_progress' });
      expectError(await request(caseId, { account_type: 'investment_account', account_id: investment.id }), 409, 'closure_request_exists');
      expect((await counts(caseId)).requests).toBe(before.requests);
      await cancel(caseId, first.id).expect(200);
      await request(caseId, { account_type: 'investment_account', account_id: investment.id }).expect(201);
    });

    it('404 for an unknown or foreign case', async () => {
      const caseId = await newCase();
      const investment = await addInvestment(caseId);
      expectError(await request(caseId, { account_type: 'investment_account', account_id: investment.id }, stranger), 404, 'not_found');
      expectError(await request(UNKNOWN_ID, { account_type: 'investment_account', account_id: investment.id }), 404, 'not_found');
      expect((await counts(caseId)).requests).toBe(0);
    });
  });

  describe('status from the steps, and the account', () => {
    it('requested → in_progress when a step starts → completed when all are completed or skipped; the account is closed with closed_date; final after', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId, { account_number: '000100005678' });
      const made = (await request(caseId, { account_type: 'bank_account', account_id: bank.id }).expect(201)).body.data;
      // A sub-task done is a step started.
      const [notify] = await steps(caseId, made);
      await t.http().patch(`${stepUrl(caseId, notify.id)}/sub-tasks/${notify.sub_tasks[0].id}`).set(owner.auth).send({ completed: true }).expect(200);
      expect((await read(caseId, made.id)).status).toBe('in_progress');
      await completeFirstFour(caseId, made);
      expect((await read(caseId, made.id)).status).toBe('in_progress');
      // Skipping the deposit (the institution paid by cheque, say) is as good as completing it.
      await patchStep(caseId, made.step_ids[4], { status: 'skipped' });
      const done = await read(caseId, made.id);
      expect(done.status).toBe('completed');
      expect(done.completed_at).toEqual(expect.stringMatching(/Z$/));
      const closed = await account(caseId, bank.id);
      expect(closed).toMatchObject({ status: 'closed', closed_date: new Date().toISOString().slice(0, 10) });

      const told = await eventsOf(caseId, 'closure_request.*');
      expect(told.map((event) => event.type)).toEqual(['closure_request.created', 'closure_request.status_changed', 'closure_request.status_changed']);
      expect(told[1].data.previous_attributes).toMatchObject({ status: 'requested' });
      expect(told[2].data.previous_attributes).toMatchObject({ status: 'in_progress', completed_at: null });
      expect(told[2].data.object).toEqual(done);

      // Completed is final: a step reopened moves nothing, and it cannot be cancelled.
      await patchStep(caseId, made.step_ids[4], { status: 'not_started' });
      expect((await read(caseId, made.id)).status).toBe('completed');
      const refused = await cancel(caseId, made.id);
      expectError(refused, 409, 'invalid_state');
      expect(detailReasons(refused)).toEqual([['status', 'conflict']]);
    });

    it('cancel: open steps skipped (a completed one stays), the account back to its former status, cancelled_at; then 409 invalid_state', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId, { status: 'frozen' });
      const made = (await request(caseId, { account_type: 'bank_account', account_id: bank.id }).expect(201)).body.data;
      expect((await account(caseId, bank.id)).status).toBe('pending_closure');
      const [notify] = await steps(caseId, made);
      for (const task of notify.sub_tasks) await t.http().patch(`${stepUrl(caseId, notify.id)}/sub-tasks/${task.id}`).set(owner.auth).send({ completed: true }).expect(200);
      const etag = (await t.http().get(`${requests(caseId)}/${made.id}`).set(owner.auth)).headers.etag;
      expectError(await cancel(caseId, made.id).set('If-Match', '"stale"'), 412, 'precondition_failed');
      const res = await cancel(caseId, made.id).set('If-Match', etag).send({});
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'cancelled', cancelled_at: expect.stringMatching(/Z$/), completed_at: null });
      expect((await steps(caseId, made)).map((s) => s.status)).toEqual(['completed', 'skipped', 'skipped', 'skipped', 'skipped']);
      expect((await account(caseId, bank.id)).status).toBe('frozen');
      const told = await eventsOf(caseId, 'closure_request.*');
      expect(told.map((event) => event.type)).toEqual(['closure_request.created', 'closure_request.status_changed', 'closure_request.status_changed']);
      expect(told[2].data.previous_attributes).toMatchObject({ status: 'in_progress', cancelled_at: null });
      expect(told[2].data.actor).toEqual({ type: 'user', id: owner.userId });
      expectError(await cancel(caseId, made.id), 409, 'invalid_state');
      expectError(await cancel(caseId, UNKNOWN_ID), 404, 'not_found');
      expectError(await t.http().post(`${requests(caseId)}/${made.id}/cancel`).set(stranger.auth), 404, 'not_found');
    });

    it('cancel leaves a status someone set since alone', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId);
      const made = (await request(caseId, { account_type: 'bank_account', account_id: bank.id }).expect(201)).body.data;
      await t.http().patch(`/v1/cases/${caseId}/bank-accounts/${bank.id}`).set(owner.auth).send({ status: 'restricted' }).expect(200);
      await cancel(caseId, made.id).expect(200);
      expect((await account(caseId, bank.id)).status).toBe('restricted');
    });

    it('keeps the steps and the account of an open request (409 invalid_state); once it ended, a deleted step leaves step_ids', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId);
      const made = (await request(caseId, { account_type: 'bank_account', account_id: bank.id }).expect(201)).body.data;
      const keptStep = await t.http().delete(stepUrl(caseId, made.step_ids[3])).set(owner.auth);
      expectError(keptStep, 409, 'invalid_state');
      expect(detailFields(keptStep)).toEqual(['closure_request_id']);
      const keptAccount = await t.http().delete(`/v1/cases/${caseId}/bank-accounts/${bank.id}`).set(owner.auth);
      expectError(keptAccount, 409, 'invalid_state');
      expect(keptAccount.body.error.message).toContain(made.id);
      await step(caseId, made.step_ids[3]);
      await cancel(caseId, made.id).expect(200);
      await t.http().delete(stepUrl(caseId, made.step_ids[3])).set(owner.auth).expect(204);
      const after = await read(caseId, made.id);
      expect(after.step_ids).toEqual(made.step_ids.filter((id: string) => id !== made.step_ids[3]));
      const [updated] = (await eventsOf(caseId, 'closure_request.updated')).slice(-1);
      expect(updated.data.previous_attributes).toEqual({ step_ids: made.step_ids });
      await t.http().delete(`/v1/cases/${caseId}/bank-accounts/${bank.id}`).set(owner.auth).expect(204);
    });
  });

  describe('financial accounts (§12.1)', () => {
    it('moves a financial account like a bank account: pending_closure, closed when the request completes (financial_account.updated); back on cancel', async () => {
      const caseId = await newCase();
      const annuity = await addRecord(caseId, 'financial-accounts', { account_kind: 'annuity', institution_name: 'Midwest Mutual Life', account_number: 'AN-55102233', status: 'frozen' });
      const url = `/v1/cases/${caseId}/financial-accounts/${annuity.id}`;
      const made = (await request(caseId, { account_type: 'financial_account', account_id: annuity.id }).expect(201)).body.data;
      expect(made).toMatchObject({ account_type: 'financial_account', institution_name: 'Midwest Mutual Life', method: 'standard' });
      expect((await step(caseId, made.step_ids[0])).title).toBe('Notify Midwest Mutual Life (account ending 2233) of the death');
      expect((await t.http().get(url).set(owner.auth).expect(200)).body.data.status).toBe('pending_closure');
      const [moved] = (await eventsOf(caseId, 'financial_account.updated')).slice(-1);
      expect(moved.data.previous_attributes).toMatchObject({ status: 'frozen' });
      expectError(await t.http().delete(url).set(owner.auth), 409, 'invalid_state');
      await cancel(caseId, made.id).expect(200);
      expect((await t.http().get(url).set(owner.auth).expect(200)).body.data.status).toBe('frozen');

      const again = (await request(caseId, { account_type: 'financial_account', account_id: annuity.id }).expect(201)).body.data;
      await completeFirstFour(caseId, again);
      await patchStep(caseId, again.step_ids[4], { status: 'completed' });
      expect((await read(caseId, again.id)).status).toBe('completed');
      expect((await t.http().get(url).set(owner.auth).expect(200)).body.data.status).toBe('closed');
    });

    it('422: a financial account held by the estate, a closed one, one of another kind; instant_transfer is for bank accounts only', async () => {
      const caseId = await newCase();
      const held = await addRecord(caseId, 'financial-accounts', { account_kind: 'escrow', institution_name: 'Title Escrow Co', ownership_type: 'estate' });
      const closed = await addRecord(caseId, 'financial-accounts', { account_kind: 'payment_app', institution_name: 'PayPal', status: 'closed' });
      const open = await addRecord(caseId, 'financial-accounts', { account_kind: 'payment_app', institution_name: 'Venmo' });
      const bank = await addBank(caseId);
      const before = await counts(caseId);
      const cases: Array<[Record<string, unknown>, Array<[string, string]>, RegExp]> = [
        [{ account_type: 'financial_account', account_id: held.id }, [['account_id', 'rule']], /estate account/],
        [{ account_type: 'financial_account', account_id: closed.id }, [['account_id', 'rule']], /already closed/],
        [{ account_type: 'financial_account', account_id: bank.id }, [['account_id', 'rule']], /must name a financial account of this case/],
        [{ account_type: 'financial_account', account_id: open.id, method: 'instant_transfer' }, [['method', 'rule']], /bank accounts only/],
      ];
      for (const [body, details, message] of cases) {
        const res = await request(caseId, body);
        expectError(res, 422, 'validation_error');
        expect(detailReasons(res)).toEqual(details);
        expect(res.body.error.details[0].message).toMatch(message);
      }
      expect(await counts(caseId)).toEqual(before);
    });
  });

  describe('PATCH, DELETE, lists', () => {
    it('PATCH writes notes only (closure_request.updated); any other field is 422; DELETE is 405', async () => {
      const caseId = await newCase();
      const investment = await addInvestment(caseId);
      const made = (await request(caseId, { account_type: 'investment_account', account_id: investment.id }).expect(201)).body.data;
      const url = `${requests(caseId)}/${made.id}`;
      const patched = await t.http().patch(url).set(owner.auth).send({ notes: 'Custodian needs a medallion guarantee.' }).expect(200);
      expect(patched.body.data).toMatchObject({ notes: 'Custodian needs a medallion guarantee.', status: 'requested' });
      const [updated] = await eventsOf(caseId, 'closure_request.updated');
      expect(updated.data.previous_attributes).toEqual({ notes: null });
      for (const body of [{ status: 'completed' }, { account_id: UNKNOWN_ID }, { method: 'instant_transfer' }, { step_ids: [] }]) {
        const res = await t.http().patch(url).set(owner.auth).send(body);
        expectError(res, 422, 'validation_error');
        expect(detailReasons(res)).toEqual([[Object.keys(body)[0], 'unknown_field']]);
      }
      const removed = await t.http().delete(url).set(owner.auth);
      expectError(removed, 405, 'method_not_allowed');
      expect(removed.headers.allow).not.toContain('DELETE');
      await read(caseId, made.id);
    });

    it('lists with the filters status, account_type and account_id', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId);
      const investment = await addInvestment(caseId);
      const first = (await request(caseId, { account_type: 'bank_account', account_id: bank.id }).expect(201)).body.data;
      const second = (await request(caseId, { account_type: 'investment_account', account_id: investment.id }).expect(201)).body.data;
      await cancel(caseId, first.id).expect(200);
      const ids = async (query: string) => (await t.http().get(`${requests(caseId)}?${query}`).set(owner.auth).expect(200)).body.data.map((view: View) => view.id);
      expect(await ids('')).toEqual([second.id, first.id]);
      expect(await ids('status=cancelled')).toEqual([first.id]);
      expect(await ids('account_type=investment_account')).toEqual([second.id]);
      expect(await ids(`account_id=${bank.id}`)).toEqual([first.id]);
      expectError(await t.http().get(`${requests(caseId)}?status=done`).set(owner.auth), 400, 'bad_request');
    });
  });

  describe('instant_transfer', () => {
    it('requests the §8 transfer of what is still transferable; the account stays open; settled: deposit done, account pending_closure, then closed', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId, { available_balance: 640.5, current_balance: 700 });
      const made = (await request(caseId, { account_type: 'bank_account', account_id: bank.id, method: 'instant_transfer' }).expect(201)).body.data;
      expect(made).toMatchObject({ method: 'instant_transfer', status: 'requested', transfer_id: expect.any(String) });
      const moved = await transfer(caseId, made.transfer_id);
      expect(moved).toMatchObject({ status: 'requested', bank_account_id: bank.id, amount_requested: 640.5, requested_by: owner.userId });
      expect(moved.memo).toContain('ending 1234');
      const open = await account(caseId, bank.id);
      expect(open.status).toBe('open');
      expect(open.instant_transfer.active_transfer_id).toBe(made.transfer_id);
      expect((await step(caseId, made.step_ids[4])).description).toContain('instant transfer');

      await stepUntil(caseId, made.transfer_id, 'settled');
      // The deposit is done, and waits for the steps before it; the request has started; the empty account awaits closure.
      const deposit = await step(caseId, made.step_ids[4]);
      expect(deposit.status).toBe('blocked');
      expect(deposit.blocked_reason).toMatch(/^Waiting for step/);
      expect((await read(caseId, made.id)).status).toBe('in_progress');
      expect(await account(caseId, bank.id)).toMatchObject({ status: 'pending_closure', available_balance: 0, closure_method: 'instant_transfer' });
      const started = (await eventsOf(caseId, 'closure_request.status_changed'))[0];
      expect(started.data.actor).toEqual({ type: 'system', id: 'transfer_processor' });

      await completeFirstFour(caseId, made);
      expect((await step(caseId, made.step_ids[4])).status).toBe('completed');
      expect((await read(caseId, made.id)).status).toBe('completed');
      expect((await account(caseId, bank.id)).status).toBe('closed');
    });

    it('a return after settlement blocks deposit_proceeds with the return code, until a client writes its status', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId, { account_number: '987600000015' });
      const made = (await request(caseId, { account_type: 'bank_account', account_id: bank.id, method: 'instant_transfer' }).expect(201)).body.data;
      await stepUntil(caseId, made.transfer_id, 'settled');
      expect(await returns.poll()).toBeGreaterThanOrEqual(1);
      expect(await transfer(caseId, made.transfer_id)).toMatchObject({ status: 'returned', return_code: 'R15' });
      expect(await step(caseId, made.step_ids[4])).toMatchObject({ status: 'blocked', blocked_reason: 'R15' });
      const [told] = (await eventsOf(caseId, 'closure_step.updated')).filter((event) => event.data.object.id === made.step_ids[4]).slice(-1);
      expect(told.data.object.blocked_reason).toBe('R15');

      await completeFirstFour(caseId, made);
      expect(await step(caseId, made.step_ids[4])).toMatchObject({ status: 'blocked', blocked_reason: 'R15' });
      expect((await read(caseId, made.id)).status).toBe('in_progress');
      // The executor settled it another way: writing the step's status ends the hold.
      await patchStep(caseId, made.step_ids[4], { status: 'skipped' });
      expect(await step(caseId, made.step_ids[4])).toMatchObject({ status: 'skipped', blocked_reason: null });
      expect((await read(caseId, made.id)).status).toBe('completed');
    });

    it('a rejection (the account frozen before verification) blocks deposit_proceeds with the reason; the request started', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId);
      const made = (await request(caseId, { account_type: 'bank_account', account_id: bank.id, method: 'instant_transfer' }).expect(201)).body.data;
      await t.http().patch(`/v1/cases/${caseId}/bank-accounts/${bank.id}`).set(owner.auth).send({ status: 'frozen' }).expect(200);
      const rejected = await stepUntil(caseId, made.transfer_id, 'rejected');
      expect(await step(caseId, made.step_ids[4])).toMatchObject({ status: 'blocked', blocked_reason: rejected.status_reason });
      expect(rejected.status_reason).toContain('frozen');
      expect((await read(caseId, made.id)).status).toBe('in_progress');
      expect((await account(caseId, bank.id)).status).toBe('frozen');
    });

    it('422 transfer_not_allowed when §8 refuses (details naming account_id), and nothing is made', async () => {
      const low = await newCase({ level: 'level_1' });
      const bank = await addBank(low);
      const before = await counts(low);
      const refused = await request(low, { account_type: 'bank_account', account_id: bank.id, method: 'instant_transfer' });
      expectError(refused, 422, 'transfer_not_allowed');
      expect(detailFields(refused)).toEqual(['account_id']);
      expect(refused.body.error.details[0].message).toContain('level_1');
      expect(await counts(low)).toEqual(before);
      expect((await account(low, bank.id)).status).toBe('open');

      const noEstate = await newCase({ estate: false });
      const source = await addBank(noEstate);
      const withoutEstate = await request(noEstate, { account_type: 'bank_account', account_id: source.id, method: 'instant_transfer' });
      expectError(withoutEstate, 422, 'transfer_not_allowed');
      expect(detailFields(withoutEstate)).toEqual(['estate_account_id']);
      expect((await counts(noEstate)).requests).toBe(0);

      // An account with a transfer of its own under way: one transfer at a time (§8).
      const busy = await newCase();
      const drawn = await addBank(busy);
      await t.http().post(`/v1/cases/${busy}/transfers`).set(owner.auth).send({ bank_account_id: drawn.id, amount: 100 }).expect(201);
      const one = await request(busy, { account_type: 'bank_account', account_id: drawn.id, method: 'instant_transfer' });
      expectError(one, 422, 'transfer_not_allowed');
      expect(detailFields(one)).toContain('account_id');
      expect((await counts(busy)).requests).toBe(0);
    });

    it('cancel before submission cancels the transfer under §8 (the deposit is skipped, not blocked); the account was never moved', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId);
      const made = (await request(caseId, { account_type: 'bank_account', account_id: bank.id, method: 'instant_transfer' }).expect(201)).body.data;
      await stepUntil(caseId, made.transfer_id, 'approved');
      const res = await cancel(caseId, made.id).expect(200);
      expect(res.body.data.status).toBe('cancelled');
      expect(await transfer(caseId, made.transfer_id)).toMatchObject({ status: 'cancelled', status_reason: `closure request ${made.id} cancelled` });
      expect((await steps(caseId, made)).map((s) => [s.status, s.blocked_reason])).toEqual(Array(5).fill(['skipped', null]));
      expect(await account(caseId, bank.id)).toMatchObject({ status: 'open', instant_transfer: expect.objectContaining({ active_transfer_id: null }) });
      expect((await eventsOf(caseId, 'transfer.status_changed')).slice(-1)[0].data.actor).toEqual({ type: 'user', id: owner.userId });
    });

    it('cancel once the transfer was submitted or settled: 409 transfer_not_cancellable, and the request is unchanged', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId);
      const made = (await request(caseId, { account_type: 'bank_account', account_id: bank.id, method: 'instant_transfer' }).expect(201)).body.data;
      for (const status of ['in_transit', 'settled']) {
        await stepUntil(caseId, made.transfer_id, status);
        const before = await read(caseId, made.id);
        const beforeSteps = await steps(caseId, made);
        const beforeEvents = (await counts(caseId)).events;
        expectError(await cancel(caseId, made.id), 409, 'transfer_not_cancellable');
        expect(await read(caseId, made.id)).toEqual(before);
        expect(await steps(caseId, made)).toEqual(beforeSteps);
        expect((await transfer(caseId, made.transfer_id)).status).toBe(status);
        expect((await counts(caseId)).events).toBe(beforeEvents);
      }
    });

    it('cancel once the transfer was rejected: nothing left to cancel, the request is cancelled', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId);
      const made = (await request(caseId, { account_type: 'bank_account', account_id: bank.id, method: 'instant_transfer' }).expect(201)).body.data;
      await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_1', types: ['executor_in_will'] }).expect(200);
      await stepUntil(caseId, made.transfer_id, 'rejected');
      expect((await cancel(caseId, made.id).expect(200)).body.data.status).toBe('cancelled');
      expect((await transfer(caseId, made.transfer_id)).status).toBe('rejected');
    });

    it('the transfer cancelled through its own route blocks deposit_proceeds', async () => {
      const caseId = await newCase();
      const bank = await addBank(caseId);
      const made = (await request(caseId, { account_type: 'bank_account', account_id: bank.id, method: 'instant_transfer' }).expect(201)).body.data;
      await t.http().post(`/v1/cases/${caseId}/transfers/${made.transfer_id}/cancel`).set(owner.auth).send({ reason: 'wrong account' }).expect(200);
      expect(await step(caseId, made.step_ids[4])).toMatchObject({ status: 'blocked', blocked_reason: 'cancelled: wrong account' });
      expect((await read(caseId, made.id)).status).toBe('in_progress');
    });
  });
});
