import type { Response } from 'supertest';
import { representationOf } from '@estate/shared-kernel';
import { debtResource } from '@estate/assets';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';
import { DEBT_TYPES } from '@estate/assets';

const UNKNOWN_CASE = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
const ids = (res: Response): string[] => (res.body.data as Array<{ id: string }>).map((r) => r.id);

describe('debts (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(() => t.close());

  async function newCase(): Promise<string> {
    return (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
  }

  async function addDebt(caseId: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await t.http().post(`/v1/cases/${caseId}/debts`).set(owner.auth).send({ debt_type: 'CHG', creditor_name: 'Lakeside Card Services', ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  it('creates with every field, masks and encrypts account_number, reads it back', async () => {
    const caseId = await newCase();
    const debt = await addDebt(caseId, { account_number: '4111222233334444', balance: 2310.55, interest_rate: 22.99, last_payment_date: '2026-07-15' });
    expect(Object.keys(debt).sort()).toEqual(representationOf(debtResource).sort());
    expect(debt).toMatchObject({ case_id: caseId, account_number: '************4444', balance: 2310.55, interest_rate: 22.99, is_joint_account: false, condition: null });
    expect((await t.http().get(`/v1/cases/${caseId}/debts/${debt.id}`).set(owner.auth).expect(200)).body.data).toEqual(debt);
    const [row] = await t.sql<{ account_number: string }>('select account_number from debts where id = $1', [debt.id]);
    expect(row.account_number).not.toContain('4444');
    const bad = await t.http().post(`/v1/cases/${caseId}/debts`).set(owner.auth).send({ debt_type: 'XYZ', condition: 'open', responsibility: 'Z', interest_rate: 120, notification_status: 'sent' });
    expectError(bad, 422, 'validation_error');
    expect(detailFields(bad).sort()).toEqual(['condition', 'creditor_name', 'debt_type', 'interest_rate', 'notification_status', 'responsibility']);
  });

  it('#1 filters on every debt_type code (URL-encoded), condition, responsibility and notification_status, repeatable', async () => {
    const caseId = await newCase();
    const cc = await addDebt(caseId, { debt_type: 'C/C', condition: 'OPEN', responsibility: 'I', notification_status: 'notified' });
    const ho = await addDebt(caseId, { debt_type: 'H+O', condition: 'CHARGEOFF', responsibility: 'J' });
    const zf = await addDebt(caseId, { debt_type: '0F', condition: 'OPEN', responsibility: 'J', notification_status: 'resolved' });
    const list = (q: string) => t.http().get(`/v1/cases/${caseId}/debts?${q}`).set(owner.auth).expect(200);
    expect(ids(await list(`debt_type=${encodeURIComponent('C/C')}`))).toEqual([cc.id]);
    expect(ids(await list(`debt_type=${encodeURIComponent('H+O')}`))).toEqual([ho.id]);
    expect(ids(await list('debt_type=0F'))).toEqual([zf.id]);
    expect(ids(await list(`debt_type=${encodeURIComponent('C/C')}&debt_type=0F`))).toEqual([zf.id, cc.id]);
    expect(ids(await list('condition=OPEN'))).toEqual([zf.id, cc.id]);
    expect(ids(await list('responsibility=J&condition=OPEN'))).toEqual([zf.id]);
    expect(ids(await list('notification_status=notified&notification_status=resolved'))).toEqual([zf.id, cc.id]);
    // Every code of the specification's set is accepted as a filter value.
    for (let i = 0; i < DEBT_TYPES.length; i += 40) {
      const query = DEBT_TYPES.slice(i, i + 40).map((code) => `debt_type=${encodeURIComponent(code)}`).join('&');
      expect((await list(query)).status).toBe(200);
    }
    // An unencoded + reads as a space: not a code.
    expectError(await t.http().get(`/v1/cases/${caseId}/debts?debt_type=H+O`).set(owner.auth), 400, 'bad_request');
    const page = await list('per_page=2&page=2');
    expect(page.body.meta).toMatchObject({ page: 2, total_count: 3, total_pages: 2, has_more: false });
    const cursor = await list('per_page=2&cursor=');
    expect(cursor.body.meta.has_more).toBe(true);
    expect(ids(await list(`per_page=2&cursor=${encodeURIComponent(cursor.body.meta.next_cursor)}`))).toEqual([cc.id]);
  });

  it('#2 lists only COL and 48 debts, filtered by condition and responsibility', async () => {
    const caseId = await newCase();
    const col = await addDebt(caseId, { debt_type: 'COL', condition: 'COLLECTIONS', responsibility: 'I' });
    const fortyEight = await addDebt(caseId, { debt_type: '48', condition: 'CHARGEOFF', responsibility: 'J' });
    await addDebt(caseId, { debt_type: 'CHG', condition: 'COLLECTIONS', responsibility: 'I' });
    const list = (q: string) => t.http().get(`/v1/cases/${caseId}/debts/type/collections?${q}`).set(owner.auth).expect(200);
    expect(ids(await list(''))).toEqual([fortyEight.id, col.id]);
    expect(ids(await list('condition=COLLECTIONS'))).toEqual([col.id]);
    expect(ids(await list('responsibility=J'))).toEqual([fortyEight.id]);
    expect(ids(await list('condition=COLLECTIONS&condition=CHARGEOFF&responsibility=I'))).toEqual([col.id]);
    expect((await list('per_page=1')).body.meta).toMatchObject({ total_count: 2, total_pages: 2 });
    expectError(await t.http().get(`/v1/cases/${caseId}/debts/type/collections?condition=open`).set(owner.auth), 400, 'bad_request');
  });

  it('#3 writes exactly the specification’s body, with merge semantics', async () => {
    const caseId = await newCase();
    const debt = await addDebt(caseId, { notes: 'n', balance: 100, condition: 'OPEN' });
    const url = `/v1/cases/${caseId}/debts/${debt.id}`;
    const res = await t.http().patch(url).set(owner.auth).send({ balance: 90.5, is_joint_account: true, joint_holder_name: 'Sam', notes: null, account_number: '5555666677778888' }).expect(200);
    expect(res.body.data).toMatchObject({ balance: 90.5, is_joint_account: true, joint_holder_name: 'Sam', notes: null, condition: 'OPEN', account_number: '************8888' });
    const noop = await t.http().patch(url).set(owner.auth).send({ balance: 90.5 }).expect(200);
    expect(noop.headers.etag).toBe(res.headers.etag);
    const refused = await t.http().patch(url).set(owner.auth).send({ debt_type: 'COL', condition: 'PAID', notification_status: 'notified', minimum_payment: 5, balance: 'x', creditor_name: null });
    expectError(refused, 422, 'validation_error');
    expect(detailFields(refused).sort()).toEqual(['balance', 'condition', 'creditor_name', 'debt_type', 'minimum_payment', 'notification_status']);
  });

  it('answers 403 on #1 and #2 for a foreign case, 404 elsewhere and for unknown cases; deletes with 204', async () => {
    const stranger = await t.invite();
    const caseId = await newCase();
    const other = await newCase();
    const debt = await addDebt(caseId);
    expectError(await t.http().get(`/v1/cases/${caseId}/debts`).set(stranger.auth), 403, 'forbidden');
    expectError(await t.http().get(`/v1/cases/${caseId}/debts/type/collections`).set(stranger.auth), 403, 'forbidden');
    expectError(await t.http().get(`/v1/cases/${UNKNOWN_CASE}/debts`).set(owner.auth), 404, 'not_found');
    expectError(await t.http().get(`/v1/cases/${UNKNOWN_CASE}/debts/type/collections`).set(owner.auth), 404, 'not_found');
    expectError(await t.http().get(`/v1/cases/${caseId}/debts/${debt.id}`).set(stranger.auth), 404, 'not_found');
    expectError(await t.http().patch(`/v1/cases/${caseId}/debts/${debt.id}`).set(stranger.auth).send({ notes: 'x' }), 404, 'not_found');
    expectError(await t.http().delete(`/v1/cases/${caseId}/debts/${debt.id}`).set(stranger.auth), 404, 'not_found');
    expectError(await t.http().get(`/v1/cases/${other}/debts/${debt.id}`).set(owner.auth), 404, 'not_found');
    expectError(await t.http().get(`/v1/cases/${caseId}/debts/${UNKNOWN_ID}`).set(owner.auth), 404, 'not_found');
    await t.http().delete(`/v1/cases/${caseId}/debts/${debt.id}`).set(owner.auth).expect(204);
    expectError(await t.http().get(`/v1/cases/${caseId}/debts/${debt.id}`).set(owner.auth), 404, 'not_found');
  });
});
