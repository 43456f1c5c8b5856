import type { Response } from 'supertest';
import { representationOf } from '@estate/shared-kernel';
import { bankAccountResource } from '@estate/assets';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ids = (res: Response): string[] => (res.body.data as Array<{ id: string }>).map((r) => r.id);

/** The stored representation, and the `instant_transfer` summary its declaration presents from hidden columns. */
const ACCOUNT_FIELDS = representationOf(bankAccountResource).sort();

describe('bank accounts and recurring payments (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(() => t.close());

  async function newCase(level?: string): Promise<string> {
    const res = await t.http().post('/v1/cases').set(owner.auth).send({});
    expect(res.status).toBe(201);
    if (level) await setLevel(res.body.data.id, level);
    return res.body.data.id;
  }

  async function setLevel(caseId: string, level: string): Promise<void> {
    const res = await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level, types: ['executor_in_will'] });
    expect([200, 201]).toContain(res.status);
  }

  async function addAccount(caseId: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await t
      .http()
      .post(`/v1/cases/${caseId}/bank-accounts`)
      .set(owner.auth)
      .send({ institution_name: 'First Prairie Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789', ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const account = (caseId: string, id: string) => t.http().get(`/v1/cases/${caseId}/bank-accounts/${id}`).set(owner.auth);

  describe('create, read, masking', () => {
    it('creates with defaults and a computed, read-only instant_transfer summary; the number is masked and encrypted', async () => {
      const caseId = await newCase();
      const created = await addAccount(caseId);
      expect(Object.keys(created).sort()).toEqual(ACCOUNT_FIELDS);
      expect(created).toMatchObject({
        account_number: '********6789',
        status: 'open',
        currency: 'USD',
        online_access: false,
        has_overdraft_protection: false,
        is_estate_account: false,
        current_balance: null,
        branch_address: null,
      });
      expect(created.instant_transfer).toEqual({
        eligibility: 'ineligible',
        max_transfer_amount: 0,
        active_transfer_id: null,
        transferred_amount: 0,
        evaluated_at: expect.stringMatching(ISO_UTC),
      });
      const read = await account(caseId, created.id).expect(200);
      expect(read.body.data).toEqual(created);
      const list = await t.http().get(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).expect(200);
      expect(list.body.data[0].account_number).toBe('********6789');
      const [row] = await t.sql<{ account_number: string }>('select account_number from bank_accounts where id = $1', [created.id]);
      expect(row.account_number).not.toContain('6789');
    });

    it('refuses missing required fields, bad values and any write of instant_transfer (422)', async () => {
      const caseId = await newCase();
      const missing = await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send({});
      expectError(missing, 422, 'validation_error');
      expect(detailFields(missing).sort()).toEqual(['account_number', 'account_type', 'institution_name', 'ownership_type']);
      const bad = await t
        .http()
        .post(`/v1/cases/${caseId}/bank-accounts`)
        .set(owner.auth)
        .send({
          institution_name: 'B',
          account_type: 'brokerage',
          ownership_type: 'individual',
          account_number: '1',
          status: 'gone',
          current_balance: 1.234,
          interest_rate: 101,
          opened_date: '2026-02-30',
          currency: 'usd',
          branch_address: { address1: '1 Main', city: 'X', state: 'IL' },
          instant_transfer: { eligibility: 'eligible' },
        });
      expectError(bad, 422, 'validation_error');
      expect(detailFields(bad).sort()).toEqual(
        ['account_type', 'branch_address.zip', 'currency', 'current_balance', 'instant_transfer', 'interest_rate', 'opened_date', 'status'].sort(),
      );
      const created = await addAccount(caseId);
      const patched = await t.http().patch(`/v1/cases/${caseId}/bank-accounts/${created.id}`).set(owner.auth).send({ instant_transfer: { max_transfer_amount: 5 } });
      expectError(patched, 422, 'validation_error');
      expect(detailFields(patched)).toEqual(['instant_transfer']);
    });

    it('patches every field of the create body with merge semantics; null clears; a no-op patch keeps the ETag', async () => {
      const caseId = await newCase();
      const created = await addAccount(caseId, { notes: 'n', branch_address: { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' } });
      const url = `/v1/cases/${caseId}/bank-accounts/${created.id}`;
      const res = await t
        .http()
        .patch(url)
        .set(owner.auth)
        .send({ status: 'frozen', ownership_type: 'joint_tenants_wros', current_balance: 10.5, account_number: '999988887777', branch_address: { city: 'Peoria' }, notes: null });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'frozen',
        ownership_type: 'joint_tenants_wros',
        current_balance: 10.5,
        account_number: '********7777',
        notes: null,
        institution_name: 'First Prairie Bank',
        branch_address: { address1: '1 Main St', address2: null, city: 'Peoria', state: 'IL', zip: '62701' },
      });
      const etag = res.headers.etag;
      const again = await t.http().patch(url).set(owner.auth).send({ status: 'frozen' }).expect(200);
      expect(again.headers.etag).toBe(etag);
      const stale = await t.http().patch(url).set(owner.auth).set('If-Match', '"stale"').send({ status: 'open' });
      expectError(stale, 412, 'precondition_failed');
      const required = await t.http().patch(url).set(owner.auth).send({ institution_name: null, account_type: 'vault' });
      expectError(required, 422, 'validation_error');
      expect(detailFields(required).sort()).toEqual(['account_type', 'institution_name']);
    });
  });

  describe('GET #16', () => {
    let caseId: string;
    let a: Record<string, any>;
    let b: Record<string, any>;
    let c: Record<string, any>;
    let d: Record<string, any>;

    beforeAll(async () => {
      caseId = await newCase();
      a = await addAccount(caseId, { institution_name: 'Lakeside Savings', account_type: 'savings', current_balance: 500, status: 'open' });
      b = await addAccount(caseId, { institution_name: 'Harbor Bank', account_type: 'checking', ownership_type: 'joint_tenants_wros', current_balance: 1500, status: 'frozen' });
      c = await addAccount(caseId, { institution_name: 'lakeside credit', account_type: 'cd', ownership_type: 'pod_payable_on_death', current_balance: 500, status: 'dormant' });
      d = await addAccount(caseId, { institution_name: 'Zenith Trust', account_type: 'trust_account', ownership_type: 'trust' });
      for (const [i, record] of [a, b, c, d].entries()) await t.sql('update bank_accounts set created_at = $2 where id = $1', [record.id, `2026-01-0${i + 1}T00:00:00Z`]);
    });

    const list = (query: string) => t.http().get(`/v1/cases/${caseId}/bank-accounts?${query}`).set(owner.auth).expect(200);

    it('sorts by current_balance (nulls last, ties on id), institution_name, account_type and created_at', async () => {
      const byId = (x: Record<string, any>, y: Record<string, any>) => (x.id < y.id ? -1 : 1);
      const [lowFirst, lowSecond] = [a, c].sort(byId);
      expect(ids(await list('sort_by=current_balance&sort_order=asc'))).toEqual([lowFirst.id, lowSecond.id, b.id, d.id]);
      expect(ids(await list('sort_by=current_balance&sort_order=desc'))).toEqual([b.id, lowSecond.id, lowFirst.id, d.id]);
      expect(ids(await list('sort_by=institution_name&sort_order=asc'))).toEqual([b.id, a.id, d.id, c.id]);
      expect(ids(await list('sort_by=account_type&sort_order=asc'))).toEqual([c.id, b.id, a.id, d.id]);
      expect(ids(await list('sort_by=created_at'))).toEqual([d.id, c.id, b.id, a.id]);
      expect(ids(await list('sort_by=created_at&sort_order=asc'))).toEqual([a.id, b.id, c.id, d.id]);
    });

  });

  describe('instant-transfer eligibility (contract §8), through the API', () => {
    const eligible = { account_type: 'checking', ownership_type: 'individual', status: 'open', is_estate_account: false, available_balance: 1200.5 };
    const rows: Array<[string, Record<string, unknown>]> = [
      ['joint ownership', { ownership_type: 'joint_tenants_wros' }],
      ['tenants in common', { ownership_type: 'tenants_in_common' }],
      ['payable on death', { ownership_type: 'pod_payable_on_death' }],
      ['transfer on death', { ownership_type: 'tod_transfer_on_death' }],
      ['trust ownership', { ownership_type: 'trust' }],
      ['not open (frozen)', { status: 'frozen' }],
      ['not open (closed)', { status: 'closed' }],
      ['the estate account', { is_estate_account: true }],
      ['estate account type', { account_type: 'estate_account' }],
      ['zero available balance', { available_balance: 0 }],
      ['negative available balance', { available_balance: -5 }],
      ['no available balance', { available_balance: null }],
    ];

    it('is eligible for an open individual account with a positive balance at level_2, capped at 250,000.00', async () => {
      const caseId = await newCase('level_2');
      const ok = await addAccount(caseId, eligible);
      expect(ok.instant_transfer).toMatchObject({ eligibility: 'eligible', max_transfer_amount: 1200.5, transferred_amount: 0, active_transfer_id: null });
      const rich = await addAccount(caseId, { ...eligible, available_balance: 300000 });
      expect(rich.instant_transfer).toMatchObject({ eligibility: 'eligible', max_transfer_amount: 250000 });
    });

    it.each(rows)('is ineligible (max 0) at level_3 when %s', async (_label, change) => {
      const caseId = await newCase('level_3');
      const res = await addAccount(caseId, { ...eligible, ...change });
      expect(res.instant_transfer).toMatchObject({ eligibility: 'ineligible', max_transfer_amount: 0 });
    });

    it('is ineligible below level_2 and without an authority record', async () => {
      for (const level of [undefined, 'level_0', 'level_1']) {
        const caseId = await newCase(level);
        expect((await addAccount(caseId, eligible)).instant_transfer).toMatchObject({ eligibility: 'ineligible', max_transfer_amount: 0 });
      }
    });

    it('is recomputed when the account changes and, for every account of the case, when the authority changes (PUT #5, PATCH #4)', async () => {
      const caseId = await newCase('level_1');
      const first = await addAccount(caseId, eligible);
      const second = await addAccount(caseId, { ...eligible, available_balance: 99 });
      const joint = await addAccount(caseId, { ...eligible, ownership_type: 'joint_tenants_wros' });
      expect(first.instant_transfer.eligibility).toBe('ineligible');

      await setLevel(caseId, 'level_2');
      const afterPut = await Promise.all([first, second, joint].map((x) => account(caseId, x.id)));
      expect(afterPut.map((r) => r.body.data.instant_transfer.eligibility)).toEqual(['eligible', 'eligible', 'ineligible']);
      expect(afterPut.map((r) => r.body.data.instant_transfer.max_transfer_amount)).toEqual([1200.5, 99, 0]);
      expect(afterPut[0].headers.etag).not.toBe(undefined);
      expect(new Date(afterPut[0].body.data.instant_transfer.evaluated_at).getTime()).toBeGreaterThanOrEqual(new Date(first.instant_transfer.evaluated_at).getTime());

      const patched = await t.http().patch(`/v1/cases/${caseId}/bank-accounts/${second.id}`).set(owner.auth).send({ available_balance: 260000.75 }).expect(200);
      expect(patched.body.data.instant_transfer).toMatchObject({ eligibility: 'eligible', max_transfer_amount: 250000 });
      const frozen = await t.http().patch(`/v1/cases/${caseId}/bank-accounts/${second.id}`).set(owner.auth).send({ status: 'frozen' }).expect(200);
      expect(frozen.body.data.instant_transfer).toMatchObject({ eligibility: 'ineligible', max_transfer_amount: 0 });

      await t.http().patch(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_0' }).expect(200);
      expect((await account(caseId, first.id)).body.data.instant_transfer).toMatchObject({ eligibility: 'ineligible', max_transfer_amount: 0 });
      await t.http().patch(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_3' }).expect(200);
      expect((await account(caseId, first.id)).body.data.instant_transfer).toMatchObject({ eligibility: 'eligible', max_transfer_amount: 1200.5 });
    });
  });

  describe('foreign case, other case, delete', () => {
  });

  describe('recurring payments (#18)', () => {
    it('creates, filters on status and type, patches and deletes below their account; deleting the account removes them', async () => {
      const caseId = await newCase();
      const acct = await addAccount(caseId);
      const base = `/v1/cases/${caseId}/bank-accounts/${acct.id}/recurring-payments`;
      const add = async (body: Record<string, unknown>) => (await t.http().post(base).set(owner.auth).send({ payee_name: 'SSA', type: 'social_security', amount: 1845, frequency: 'monthly', ...body }).expect(201)).body.data;
      const ssa = await add({});
      expect(ssa).toMatchObject({ status: 'active', amount: 1845, next_payment_date: null, cancelled_by: null });
      expect(ssa).not.toHaveProperty('bank_account_id');
      const water = await add({ payee_name: 'City Water', type: 'utility', amount: 54.12, status: 'paused' });
      const gym = await add({ payee_name: 'Gym', type: 'subscription', amount: 30, status: 'cancelled', cancellation_date: '2026-09-10', cancelled_by: 'executor' });
      const list = (q: string) => t.http().get(`${base}?${q}`).set(owner.auth).expect(200);
      expect(ids(await list('status=active'))).toEqual([ssa.id]);
      expect(ids(await list('status=paused&status=cancelled')).sort()).toEqual([water.id, gym.id].sort());
      expect(ids(await list('type=utility'))).toEqual([water.id]);
      expect(ids(await list('type=utility&type=subscription&status=cancelled'))).toEqual([gym.id]);
      expectError(await t.http().get(`${base}?type=rent`).set(owner.auth), 400, 'bad_request');
      const cursorPage = await list('per_page=2&cursor=');
      expect(cursorPage.body.meta.has_more).toBe(true);

      const missing = await t.http().post(base).set(owner.auth).send({ type: 'rent' });
      expectError(missing, 422, 'validation_error');
      expect(detailFields(missing).sort()).toEqual(['amount', 'frequency', 'payee_name', 'type']);

      const patched = await t.http().patch(`${base}/${ssa.id}`).set(owner.auth).send({ status: 'cancelled', cancellation_date: '2026-09-05', amount: 1845.5 }).expect(200);
      expect(patched.body.data).toMatchObject({ status: 'cancelled', cancellation_date: '2026-09-05', amount: 1845.5, payee_name: 'SSA' });
      const bad = await t.http().patch(`${base}/${ssa.id}`).set(owner.auth).send({ status: 'stopped', next_payment_date: 'tomorrow' });
      expect(detailFields(bad).sort()).toEqual(['next_payment_date', 'status']);

      await t.http().delete(`${base}/${gym.id}`).set(owner.auth).expect(204);
      expectError(await t.http().get(`${base}/${gym.id}`).set(owner.auth), 404, 'not_found');
      await t.http().delete(`/v1/cases/${caseId}/bank-accounts/${acct.id}`).set(owner.auth).expect(204);
      expect(await t.sql('select id from recurring_payments where bank_account_id = $1', [acct.id])).toEqual([]);
    });
  });
});
