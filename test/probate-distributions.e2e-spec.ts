import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

const HEIR = { first_name: 'Sam', last_name: 'Doe', relationship: 'son', is_beneficiary: true };
const ESTATE_ACCOUNT = {
  institution_name: 'First Prairie Bank', account_type: 'estate_account', ownership_type: 'estate', account_number: '555500009999', status: 'open',
  is_estate_account: true, current_balance: 10_000, available_balance: 10_000,
};
const CLOCK = { distribution_type: 'specific_bequest', kind: 'in_kind', asset_type: 'personal_property', asset_description: 'Grandfather clock', value: 1200 };

const today = () => new Date().toISOString().slice(0, 10);

/** Contract-extensions §12.7: distributions — the shape per kind, the moves, what the estate holds, paying. */
describe('probate distributions (e2e, contract-extensions §12.7)', () => {
  let t: TestApp;
  let owner: TestCaller;
  const heirs = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(() => t.close());

  async function heirOf(caseId: string, caller = owner): Promise<string> {
    if (!heirs.has(caseId)) heirs.set(caseId, (await t.http().post(`/v1/cases/${caseId}/persons`).set(caller.auth).send(HEIR).expect(201)).body.data.id);
    return heirs.get(caseId)!;
  }

  const base = (caseId: string) => `/v1/cases/${caseId}/probate/distributions`;
  const post = (caseId: string, body: Record<string, unknown>, caller = owner) => t.http().post(base(caseId)).set(caller.auth).send(body);
  const act = (caseId: string, id: string, move: 'approve' | 'pay' | 'cancel', body: Record<string, unknown> = {}, caller = owner) =>
    t.http().post(`${base(caseId)}/${id}/${move}`).set(caller.auth).send(body);

  async function newCase(): Promise<string> {
    return (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
  }

  async function estateAccount(caseId: string, over: Record<string, unknown> = {}): Promise<string> {
    return (await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send({ ...ESTATE_ACCOUNT, ...over }).expect(201)).body.data.id;
  }

  async function cash(caseId: string, source: string, amount: number, over: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await post(caseId, { person_id: await heirOf(caseId), distribution_type: 'residuary', kind: 'cash', amount, source_account_id: source, ...over });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data;
  }

  async function claim(caseId: string, amount: number, status?: string): Promise<string> {
    const id = (await t.http().post(`/v1/cases/${caseId}/probate/creditor-claims`).set(owner.auth).send({ creditor_name: 'City Hospital', claim_amount: amount, claim_date: '2026-10-01' }).expect(201)).body.data.id;
    if (status) await t.http().patch(`/v1/cases/${caseId}/probate/creditor-claims/${id}`).set(owner.auth).send({ status, ...(status === 'paid' ? { resolution_amount: amount, resolution_date: '2026-10-02' } : {}) }).expect(200);
    return id;
  }

  async function row(id: string): Promise<Record<string, any>> {
    return (await t.sql('select * from distributions where id = $1', [id]))[0];
  }

  async function eventTypes(caseId: string, prefix: string): Promise<string[]> {
    return (await t.sql<{ type: string }>(`select type from events where case_id = $1 and type like $2 order by id`, [caseId, `${prefix}.%`])).map((event) => event.type);
  }

  describe('planning', () => {
    it('plans a cash distribution: the recipient copied, planned, interim, nothing paid; told as distribution.created', async () => {
      const caseId = await newCase();
      const source = await estateAccount(caseId);
      const created = await cash(caseId, source, 4500, { method: 'check' });
      expect(created).toMatchObject({
        person_id: heirs.get(caseId), recipient_name: 'Sam Doe', distribution_type: 'residuary', stage: 'interim', kind: 'cash', amount: 4500,
        source_account_id: source, asset_type: null, status: 'planned', approved_at: null, approved_by: null, paid_date: null, transaction_id: null,
        receipt_signed: false, tax_reported: false, method: 'check',
      });
      expect(await eventTypes(caseId, 'distribution')).toEqual(['distribution.created']);
    });

    it('describes an in-kind asset in its own words when no description is sent', async () => {
      const caseId = await newCase();
      const vehicle = (await t.http().post(`/v1/cases/${caseId}/vehicles`).set(owner.auth).send({ vehicle_type: 'automobile', year: 2019, make: 'Toyota', model: 'Camry' }).expect(201)).body.data.id;
      const res = await post(caseId, { person_id: await heirOf(caseId), distribution_type: 'specific_bequest', kind: 'in_kind', asset_type: 'vehicle', asset_id: vehicle, value: 14_000 });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ asset_type: 'vehicle', asset_id: vehicle, asset_description: '2019 Toyota Camry', value: 14_000, amount: null });
    });

    it('refuses a recipient who is not a living beneficiary of the case, and writes nothing', async () => {
      const caseId = await newCase();
      const people = t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth);
      const notHeir = (await people.send({ ...HEIR, is_beneficiary: false }).expect(201)).body.data.id;
      const dead = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ ...HEIR, is_deceased: true }).expect(201)).body.data.id;
      const other = await newCase();
      const foreign = await heirOf(other);
      for (const person of [notHeir, dead, foreign, '01BX5ZZKBKACTAV9WEVGEMMVRZ']) {
        const res = await post(caseId, { ...CLOCK, person_id: person });
        expectError(res, 422, 'validation_error');
        expect(detailReasons(res)).toEqual([['person_id', 'rule']]);
      }
      expect((await t.sql('select count(*)::int as n from distributions where case_id = $1', [caseId]))[0].n).toBe(0);
    });

    it('names every field the kind needs or refuses, and a source that is not an open estate account', async () => {
      const caseId = await newCase();
      const person = await heirOf(caseId);
      const checking = (await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send({ ...ESTATE_ACCOUNT, is_estate_account: false, account_type: 'checking', ownership_type: 'individual' }).expect(201)).body.data.id;
      const closed = await estateAccount(caseId, { status: 'closed' });
      let res = await post(caseId, { person_id: person, distribution_type: 'residuary', kind: 'cash', value: 10 });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res).sort()).toEqual(['amount', 'source_account_id', 'value']);
      for (const source of [checking, closed]) {
        res = await post(caseId, { person_id: person, distribution_type: 'residuary', kind: 'cash', amount: 10, source_account_id: source });
        expect(detailReasons(res)).toEqual([['source_account_id', 'rule']]);
      }
      res = await post(caseId, { person_id: person, distribution_type: 'specific_bequest', kind: 'in_kind', asset_type: 'vehicle', value: 10 });
      expect(detailReasons(res)).toEqual([['asset_id', 'required']]);
      res = await post(caseId, { person_id: person, distribution_type: 'specific_bequest', kind: 'in_kind', asset_type: 'vehicle', asset_id: checking, value: 10 });
      expect(detailReasons(res)).toEqual([['asset_id', 'rule']]);
      res = await post(caseId, { ...CLOCK, person_id: person, asset_id: checking });
      expect(detailReasons(res)).toEqual([['asset_id', 'rule']]);
      res = await post(caseId, { ...CLOCK, person_id: person, value: 0 });
      expect(detailFields(res)).toEqual(['value']);
      res = await post(caseId, { ...CLOCK, person_id: person, status: 'paid' });
      expect(detailFields(res)).toEqual(['status']);
      res = await post(caseId, { ...CLOCK, person_id: person, receipt_document_id: '01BX5ZZKBKACTAV9WEVGEMMVRZ' });
      expect(detailReasons(res)).toEqual([['receipt_document_id', 'rule']]);
      expect((await t.sql('select count(*)::int as n from distributions where case_id = $1', [caseId]))[0].n).toBe(0);
    });
  });

  describe('what the estate holds (the worked example of §12.7)', () => {
    it('lets a residuary distribution take at most 4,500.00 and a family allowance 7,000.00', async () => {
      const caseId = await newCase();
      const source = await estateAccount(caseId);
      const earlier = await cash(caseId, source, 3000);
      expect((await act(caseId, earlier.id, 'approve')).status).toBe(200);
      await claim(caseId, 2500);

      const residuary = await cash(caseId, source, 4500.01);
      let res = await act(caseId, residuary.id, 'approve');
      expectError(res, 422, 'distribution_not_allowed');
      expect(detailReasons(res)).toEqual([['amount', 'rule']]);
      expect(res.body.error.details[0].message).toContain('4500.00 is available estate-wide');
      expect((await row(residuary.id)).status).toBe('planned');

      const allowance = await cash(caseId, source, 7000.01, { distribution_type: 'family_allowance' });
      res = await act(caseId, allowance.id, 'approve');
      expectError(res, 422, 'distribution_not_allowed');
      expect(res.body.error.details.map((detail: { message: string }) => detail.message)).toEqual([
        expect.stringContaining('7000.00 is available (available_balance 10000.00 less 3000.00'),
        expect.stringContaining('7000.00 is available estate-wide'),
      ]);

      await t.http().patch(`${base(caseId)}/${allowance.id}`).set(owner.auth).send({ amount: 7000 }).expect(200);
      res = await act(caseId, allowance.id, 'approve');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'approved', approved_by: owner.userId });
      expect(Date.parse(res.body.data.approved_at)).toBeGreaterThan(Date.now() - 60_000);
      // 10,000 − 3,000 − 7,000 leaves nothing: the residuary one cannot be approved even at 0.01.
      await t.http().patch(`${base(caseId)}/${residuary.id}`).set(owner.auth).send({ amount: 0.01 }).expect(200);
      expectError(await act(caseId, residuary.id, 'approve'), 422, 'distribution_not_allowed');
    });

    it('approves exactly as many concurrent approvals as the estate can pay', async () => {
      const caseId = await newCase();
      const source = await estateAccount(caseId);
      const planned = [];
      for (let i = 0; i < 6; i += 1) planned.push(await cash(caseId, source, 3000));
      const answers = await Promise.all(planned.map((distribution) => act(caseId, distribution.id, 'approve')));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 200, 200, 422, 422, 422]);
      const approved = await t.sql<{ total: string }>(`select coalesce(sum(amount), 0)::text as total from distributions where case_id = $1 and status = 'approved'`, [caseId]);
      expect(approved[0].total).toBe('9000.00');
    });

    it('refuses a final distribution while a claim is open', async () => {
      const caseId = await newCase();
      const source = await estateAccount(caseId);
      const open = await claim(caseId, 100);
      await claim(caseId, 50, 'paid');
      const final = await cash(caseId, source, 100, { stage: 'final' });
      const res = await act(caseId, final.id, 'approve');
      expectError(res, 422, 'distribution_not_allowed');
      expect(detailReasons(res)).toEqual([['stage', 'rule']]);
      expect(res.body.error.details[0].message).toContain(open);
      await t.http().patch(`/v1/cases/${caseId}/probate/creditor-claims/${open}`).set(owner.auth).send({ status: 'withdrawn' }).expect(200);
      expect((await act(caseId, final.id, 'approve')).status).toBe(200);
    });

    it('gives an asset once, and never one that is gone', async () => {
      const caseId = await newCase();
      const vehicle = (await t.http().post(`/v1/cases/${caseId}/vehicles`).set(owner.auth).send({ vehicle_type: 'automobile', year: 2019, make: 'Toyota', model: 'Camry' }).expect(201)).body.data.id;
      const body = { person_id: await heirOf(caseId), distribution_type: 'specific_bequest', kind: 'in_kind', asset_type: 'vehicle', asset_id: vehicle, value: 14_000 };
      const first = (await post(caseId, body).expect(201)).body.data;
      const second = (await post(caseId, body).expect(201)).body.data;
      expect((await act(caseId, first.id, 'approve')).status).toBe(200);
      const res = await act(caseId, second.id, 'approve');
      expectError(res, 422, 'distribution_not_allowed');
      expect(detailReasons(res)).toEqual([['asset_id', 'conflict']]);
      expect(res.body.error.details[0].message).toContain(first.id);
    });
  });

  describe('paying', () => {
    it('pays cash: a distribution debit on the source, balances lowered, all in one transaction with its events', async () => {
      const caseId = await newCase();
      const source = await estateAccount(caseId);
      const distribution = await cash(caseId, source, 2500.5);
      await act(caseId, distribution.id, 'approve').expect(200);
      const res = await act(caseId, distribution.id, 'pay');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'paid', paid_date: today() });
      const ledger = await t.sql('select id, type, amount::text, description, date::text from transactions where bank_account_id = $1', [source]);
      expect(ledger).toEqual([{ id: res.body.data.transaction_id, type: 'distribution', amount: '-2500.50', description: 'Distribution to Sam Doe', date: today() }]);
      const account = (await t.http().get(`/v1/cases/${caseId}/bank-accounts/${source}`).set(owner.auth).expect(200)).body.data;
      expect(account).toMatchObject({ current_balance: 7499.5, available_balance: 7499.5 });
      expect(await eventTypes(caseId, 'distribution')).toEqual(['distribution.created', 'distribution.status_changed', 'distribution.status_changed']);
      expect(await eventTypes(caseId, 'transaction')).toEqual(['transaction.created']);
    });

    it('checks again at payment, and writes nothing when the money is gone', async () => {
      const caseId = await newCase();
      const source = await estateAccount(caseId);
      const distribution = await cash(caseId, source, 6000);
      await act(caseId, distribution.id, 'approve').expect(200);
      await t.http().patch(`/v1/cases/${caseId}/bank-accounts/${source}`).set(owner.auth).send({ available_balance: 5000 }).expect(200);
      const res = await act(caseId, distribution.id, 'pay', { paid_date: '2026-11-01' });
      expectError(res, 422, 'distribution_not_allowed');
      expect(res.body.error.details[0].message).toContain('5000.00 is available');
      expect((await row(distribution.id)).status).toBe('approved');
      expect(await t.sql('select id from transactions where bank_account_id = $1', [source])).toEqual([]);
    });

    it('refuses a payment date after today', async () => {
      const caseId = await newCase();
      const source = await estateAccount(caseId);
      const distribution = await cash(caseId, source, 10);
      await act(caseId, distribution.id, 'approve').expect(200);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const res = await act(caseId, distribution.id, 'pay', { paid_date: tomorrow });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['paid_date']);
      expect((await row(distribution.id)).status).toBe('approved');
    });

    it('pays in kind by recording the gift on the asset', async () => {
      const caseId = await newCase();
      const vehicle = (await t.http().post(`/v1/cases/${caseId}/vehicles`).set(owner.auth).send({ vehicle_type: 'automobile', year: 2019, make: 'Toyota', model: 'Camry' }).expect(201)).body.data.id;
      const brokerage = (await t.http().post(`/v1/cases/${caseId}/investment-accounts`).set(owner.auth).send({ account_type: 'brokerage', custodian_name: 'Fidelity Investments' }).expect(201)).body.data.id;
      for (const [asset_type, asset_id] of [['vehicle', vehicle], ['investment_account', brokerage]]) {
        const distribution = (await post(caseId, { person_id: await heirOf(caseId), distribution_type: 'specific_bequest', kind: 'in_kind', asset_type, asset_id, value: 100 }).expect(201)).body.data;
        await act(caseId, distribution.id, 'approve').expect(200);
        const res = await act(caseId, distribution.id, 'pay', { paid_date: '2026-11-02' });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ status: 'paid', paid_date: '2026-11-02', transaction_id: null });
      }
      const car = (await t.http().get(`/v1/cases/${caseId}/vehicles/${vehicle}`).set(owner.auth).expect(200)).body.data;
      expect(car).toMatchObject({ disposition: 'transfer_to_heir', disposition_details: { transferred_to: 'Sam Doe' } });
      const account = (await t.http().get(`/v1/cases/${caseId}/investment-accounts/${brokerage}`).set(owner.auth).expect(200)).body.data;
      expect(account.transfer_status).toBe('transferred');
      expect(await eventTypes(caseId, 'vehicle')).toEqual(['vehicle.created', 'vehicle.updated']);
    });
  });

  describe('in kind: properties, businesses and financial accounts', () => {
    const HOUSE = { address: { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62704' }, property_type: 'single_family', ownership_type: 'sole' };
    const SHOP = { business_name: 'Doe Hardware LLC', entity_type: 'llc', ownership_percentage: 50 };

    async function gift(caseId: string, asset_type: string, asset_id: string) {
      return (await post(caseId, { person_id: await heirOf(caseId), distribution_type: 'specific_bequest', kind: 'in_kind', asset_type, asset_id, value: 100 }).expect(201)).body.data;
    }

    it('describes each kind, moves a property to transferred_to_heir and a business to transferred, and leaves a financial account as it is', async () => {
      const caseId = await newCase();
      const house = (await t.http().post(`/v1/cases/${caseId}/real-estate-properties`).set(owner.auth).send(HOUSE).expect(201)).body.data.id;
      const shop = (await t.http().post(`/v1/cases/${caseId}/businesses`).set(owner.auth).send(SHOP).expect(201)).body.data.id;
      const wallet = (await t.http().post(`/v1/cases/${caseId}/financial-accounts`).set(owner.auth).send({ account_kind: 'payment_app', institution_name: 'PayPal', account_number: '998877665544' }).expect(201)).body.data;
      const descriptions: string[] = [];
      for (const [type, id] of [['real_estate_property', house], ['business', shop], ['financial_account', wallet.id]]) {
        const distribution = await gift(caseId, type, id);
        descriptions.push(distribution.asset_description);
        await act(caseId, distribution.id, 'approve').expect(200);
        await act(caseId, distribution.id, 'pay').expect(200);
      }
      expect(descriptions).toEqual(['12 Elm Street, Springfield, IL 62704', '50% of Doe Hardware LLC', 'PayPal payment_app ending 5544']);
      expect((await t.http().get(`/v1/cases/${caseId}/real-estate-properties/${house}`).set(owner.auth).expect(200)).body.data.status).toBe('transferred_to_heir');
      expect((await t.http().get(`/v1/cases/${caseId}/businesses/${shop}`).set(owner.auth).expect(200)).body.data.status).toBe('transferred');
      const account = (await t.http().get(`/v1/cases/${caseId}/financial-accounts/${wallet.id}`).set(owner.auth).expect(200)).body.data;
      expect(account).toEqual(wallet);
    });

    it('refuses a sold or foreclosed property and a sold or dissolved business', async () => {
      const caseId = await newCase();
      const properties = t.http().post(`/v1/cases/${caseId}/real-estate-properties`).set(owner.auth);
      const sold = (await properties.send({ ...HOUSE, status: 'sold', sale_price: 300_000, sale_date: '2026-10-01' }).expect(201)).body.data.id;
      const foreclosed = (await t.http().post(`/v1/cases/${caseId}/real-estate-properties`).set(owner.auth).send({ ...HOUSE, status: 'foreclosed' }).expect(201)).body.data.id;
      const dissolved = (await t.http().post(`/v1/cases/${caseId}/businesses`).set(owner.auth).send({ ...SHOP, status: 'dissolved' }).expect(201)).body.data.id;
      for (const [type, id, why] of [['real_estate_property', sold, 'sold'], ['real_estate_property', foreclosed, 'foreclosed'], ['business', dissolved, 'dissolved']]) {
        const distribution = await gift(caseId, type, id);
        const res = await act(caseId, distribution.id, 'approve');
        expectError(res, 422, 'distribution_not_allowed');
        expect(detailReasons(res)).toEqual([['asset_id', 'rule']]);
        expect(res.body.error.details[0].message).toContain(why);
      }
    });
  });

  describe('moves, writes and deletion', () => {
    it('answers 409 invalid_state for a move the status forbids, and changes nothing', async () => {
      const caseId = await newCase();
      const source = await estateAccount(caseId);
      const distribution = await cash(caseId, source, 10);
      expectError(await act(caseId, distribution.id, 'pay'), 409, 'invalid_state');
      await act(caseId, distribution.id, 'approve').expect(200);
      expectError(await act(caseId, distribution.id, 'approve'), 409, 'invalid_state');
      await act(caseId, distribution.id, 'pay').expect(200);
      const before = await row(distribution.id);
      expectError(await act(caseId, distribution.id, 'cancel'), 409, 'invalid_state');
      expectError(await t.http().delete(`${base(caseId)}/${distribution.id}`).set(owner.auth), 409, 'invalid_state');
      expect(await row(distribution.id)).toEqual(before);
    });

    it('cancels a planned or an approved one; a cancelled one may be deleted, an approved one not', async () => {
      const caseId = await newCase();
      const source = await estateAccount(caseId);
      const planned = await cash(caseId, source, 10);
      const approved = await cash(caseId, source, 10);
      await act(caseId, approved.id, 'approve').expect(200);
      expectError(await t.http().delete(`${base(caseId)}/${approved.id}`).set(owner.auth), 409, 'invalid_state');
      expect((await act(caseId, planned.id, 'cancel')).body.data.status).toBe('cancelled');
      expect((await act(caseId, approved.id, 'cancel')).body.data.status).toBe('cancelled');
      await t.http().delete(`${base(caseId)}/${approved.id}`).set(owner.auth).expect(204);
      const third = await cash(caseId, source, 10);
      await t.http().delete(`${base(caseId)}/${third.id}`).set(owner.auth).expect(204);
      expect(await eventTypes(caseId, 'distribution')).toContain('distribution.deleted');
    });

    it('writes every field while planned, only notes and the receipt once approved', async () => {
      const caseId = await newCase();
      const source = await estateAccount(caseId);
      const distribution = await cash(caseId, source, 10);
      const other = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ ...HEIR, first_name: 'Ann', middle_name: 'May' }).expect(201)).body.data.id;
      let res = await t.http().patch(`${base(caseId)}/${distribution.id}`).set(owner.auth).send({ person_id: other, amount: 20 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ person_id: other, recipient_name: 'Ann May Doe', amount: 20 });
      await act(caseId, distribution.id, 'approve').expect(200);
      res = await t.http().patch(`${base(caseId)}/${distribution.id}`).set(owner.auth).send({ amount: 30, stage: 'final' });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res).sort()).toEqual(['amount', 'stage']);
      res = await t.http().patch(`${base(caseId)}/${distribution.id}`).set(owner.auth).send({ receipt_signed: true, receipt_date: '2026-11-20', notes: 'Signed at the office.' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ receipt_signed: true, receipt_date: '2026-11-20', notes: 'Signed at the office.', amount: 20, status: 'approved' });
      expect(await eventTypes(caseId, 'distribution')).toEqual(['distribution.created', 'distribution.updated', 'distribution.status_changed', 'distribution.updated']);
    });

    it('honours If-Match and Idempotency-Key on an action route', async () => {
      const caseId = await newCase();
      const source = await estateAccount(caseId);
      const distribution = await cash(caseId, source, 10);
      const stale = '"stale"';
      expectError(await t.http().post(`${base(caseId)}/${distribution.id}/approve`).set(owner.auth).set('If-Match', stale).send({}), 412, 'precondition_failed');
      const first = await t.http().post(`${base(caseId)}/${distribution.id}/approve`).set(owner.auth).set('Idempotency-Key', 'approve-1').send({});
      const again = await t.http().post(`${base(caseId)}/${distribution.id}/approve`).set(owner.auth).set('Idempotency-Key', 'approve-1').send({});
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await eventTypes(caseId, 'distribution')).toEqual(['distribution.created', 'distribution.status_changed']);
    });

    it('answers 404 for a distribution of another case', async () => {
      const caseId = await newCase();
      const other = await newCase();
      const distribution = (await post(other, { ...CLOCK, person_id: await heirOf(other) }).expect(201)).body.data;
      expectError(await act(caseId, distribution.id, 'approve'), 404, 'not_found');
      expectError(await t.http().get(`${base(caseId)}/${distribution.id}`).set(owner.auth), 404, 'not_found');
    });
  });
});
