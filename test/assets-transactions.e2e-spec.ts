import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Transactions of a bank account: their running balances and what #17 writes. Their classification is
 * assets-transaction-classification's; what every resource promises is the generated contract's (test/contracts/assets).
 */
describe('transactions of a bank account (e2e)', () => {
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

  async function newAccount(caseId: string): Promise<string> {
    const res = await t
      .http()
      .post(`/v1/cases/${caseId}/bank-accounts`)
      .set(owner.auth)
      .send({ institution_name: 'First Prairie Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789' })
      .expect(201);
    return res.body.data.id;
  }

  async function add(base: string, date: string, amount: number, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await t.http().post(base).set(owner.auth).send({ date, amount, description: `on ${date}`, ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  /** Balances by the ledger order (date, then creation), as read back through the API. */
  async function balances(base: string): Promise<Array<[string, number, number]>> {
    const res = await t.http().get(`${base}?sort_by=date&sort_order=asc&per_page=100`).set(owner.auth).expect(200);
    const rows = res.body.data as Array<{ id: string; date: string; amount: number; running_balance: number; created_at: string }>;
    // Same date: creation order (created_at then id), which is the order the rows were added in this test.
    rows.sort((a, b) => (a.date === b.date ? (a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1) : a.date < b.date ? -1 : 1));
    return rows.map((row) => [row.date, row.amount, row.running_balance]);
  }

  it('the first transaction of an account has a running balance of its own amount (from zero)', async () => {
    const caseId = await newCase();
    const base = `/v1/cases/${caseId}/bank-accounts/${await newAccount(caseId)}/transactions`;
    const created = await add(base, '2026-08-01', 1000, { type: 'credit', merchant_name: 'Employer' });
    expect(created).toMatchObject({ amount: 1000, running_balance: 1000 });
    expect((await t.http().get(`${base}/${created.id}`).set(owner.auth).expect(200)).body.data.running_balance).toBe(1000);
  });

  it('keeps running balances right (date, then creation) when a transaction is inserted with an earlier date', async () => {
    const caseId = await newCase();
    const base = `/v1/cases/${caseId}/bank-accounts/${await newAccount(caseId)}/transactions`;
    const first = await add(base, '2026-08-01', 1000);
    const second = await add(base, '2026-08-05', -54.12);
    const third = await add(base, '2026-08-10', 0.1);
    expect([first.running_balance, second.running_balance, third.running_balance]).toEqual([1000, 945.88, 945.98]);

    const earlier = await add(base, '2026-07-30', 0.2);
    expect(earlier.running_balance).toBe(0.2);
    const sameDay = await add(base, '2026-08-05', -100.01);
    // Created after `second` on the same date: it comes after it.
    expect(sameDay.running_balance).toBe(846.07);
    expect(await balances(base)).toEqual([
      ['2026-07-30', 0.2, 0.2],
      ['2026-08-01', 1000, 1000.2],
      ['2026-08-05', -54.12, 946.08],
      ['2026-08-05', -100.01, 846.07],
      ['2026-08-10', 0.1, 846.17],
    ]);
    const thirdNow = await t.http().get(`${base}/${third.id}`).set(owner.auth).expect(200);
    expect(thirdNow.body.data.running_balance).toBe(846.17);

    // Another account of the case is a ledger of its own.
    const otherBase = `/v1/cases/${caseId}/bank-accounts/${await newAccount(caseId)}/transactions`;
    expect((await add(otherBase, '2026-07-01', 5)).running_balance).toBe(5);
    expect((await t.http().get(`${base}/${third.id}`).set(owner.auth)).body.data.running_balance).toBe(846.17);
  });

  it('#17 writes is_flagged and notes, the amount and the running balance stay; null unflags', async () => {
    const caseId = await newCase();
    const base = `/v1/cases/${caseId}/bank-accounts/${await newAccount(caseId)}/transactions`;
    const created = await add(base, '2026-08-01', 12.5, { notes: 'a', flag_reason: 'after date of death' });
    const url = `${base}/${created.id}`;
    const patched = await t.http().patch(url).set(owner.auth).send({ is_flagged: true, notes: 'ask the bank' }).expect(200);
    expect(patched.body.data).toMatchObject({ is_flagged: true, notes: 'ask the bank', amount: 12.5, running_balance: 12.5, flag_reason: 'after date of death' });
    const cleared = await t.http().patch(url).set(owner.auth).send({ notes: null, is_flagged: null }).expect(200);
    expect(cleared.body.data).toMatchObject({ notes: null, is_flagged: false });
  });
});
