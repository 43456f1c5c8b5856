import { AchReturnIntake, TransferProcessor } from '@estate/transfers';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { expectError } from './support/api-assertions';
import { overrideEnv } from './support/env';

/**
 * Estate accounts keep one truth for cash (contract §3.2, amended 2026-12-01; issue 33, item 12): on an account with
 * `is_estate_account: true` every transaction written — through the API, by a transfer's settlement or return, by a
 * distribution's payment — moves `current_balance` and `available_balance` by its amount in the same database
 * transaction, each once. A deceased's account keeps the balances its institution reports.
 */
describe('an estate account’s balances follow its ledger (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let restoreEnv: () => void;

  beforeAll(async () => {
    // Zero delays (the simulator's return delay too, so a settled transfer's money is available at once) and the
    // processor stepped by the test.
    restoreEnv = overrideEnv({ TRANSFER_STEP_DELAY_MS: '0', TRANSFER_PROCESSOR: 'off', ACH_SIMULATOR_RETURN_DELAY_MS: undefined });
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const bank = { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', status: 'open' };
  const estateBody = { ...bank, account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999' };
  const checkingBody = { ...bank, account_type: 'checking', ownership_type: 'individual', account_number: '000123451234', current_balance: 1000, available_balance: 1000 };

  async function newCase(): Promise<string> {
    const caseId = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id as string;
    await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_2', types: ['executor_in_will'] }).expect((res) => expect([200, 201]).toContain(res.status));
    return caseId;
  }
  const addAccount = async (caseId: string, body: Record<string, unknown>) => (await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send(body).expect(201)).body.data.id as string;
  const transactions = (caseId: string, accountId: string) => `/v1/cases/${caseId}/bank-accounts/${accountId}/transactions`;
  const write = (caseId: string, accountId: string, body: Record<string, unknown>) => t.http().post(transactions(caseId, accountId)).set(owner.auth).send(body);
  const balances = async (caseId: string, accountId: string) => {
    const view = (await t.http().get(`/v1/cases/${caseId}/bank-accounts/${accountId}`).set(owner.auth).expect(200)).body.data;
    return { current_balance: view.current_balance, available_balance: view.available_balance };
  };
  const ledgerSum = async (accountId: string) => Number((await t.sql<{ sum: string }>('select coalesce(sum(amount), 0)::text as sum from transactions where bank_account_id = $1', [accountId]))[0].sum);

  it('a transaction written through the API moves both balances of an estate account by its amount', async () => {
    const caseId = await newCase();
    const estate = await addAccount(caseId, { ...estateBody, current_balance: 100, available_balance: 100 });
    await write(caseId, estate, { date: '2026-09-20', amount: 32228.19, description: 'Deposit of the checking balance' }).expect(201);
    expect(await balances(caseId, estate)).toEqual({ current_balance: 32328.19, available_balance: 32328.19 });
    await write(caseId, estate, { date: '2026-10-02', amount: -6400, description: 'Funeral services', accounting_category: 'funeral' }).expect(201);
    expect(await balances(caseId, estate)).toEqual({ current_balance: 25928.19, available_balance: 25928.19 });
    // Told as any change of the account is.
    const [{ n }] = await t.sql<{ n: number }>(`select count(*)::int as n from events where case_id = $1 and type = 'bank_account.updated' and data->'object'->>'id' = $2`, [caseId, estate]);
    expect(n).toBe(2);
  });

  it('an estate account with no balance yet starts from its ledger, and the distribution check sees the money', async () => {
    const caseId = await newCase();
    const estate = await addAccount(caseId, { ...estateBody, current_balance: null, available_balance: null });
    await write(caseId, estate, { date: '2026-09-20', amount: 32228.19, description: 'Deposit' }).expect(201);
    expect(await balances(caseId, estate)).toEqual({ current_balance: 32228.19, available_balance: 32228.19 });
    const person = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ first_name: 'Sam', last_name: 'Doe', relationship: 'son', is_beneficiary: true }).expect(201)).body.data.id;
    const base = `/v1/cases/${caseId}/probate/distributions`;
    const distribution = (await t.http().post(base).set(owner.auth).send({ person_id: person, distribution_type: 'residuary', kind: 'cash', amount: 10000, source_account_id: estate }).expect(201)).body.data.id;
    // Before: "10000.00 exceeds available_balance 0.00" while the ledger held 32,228.19.
    await t.http().post(`${base}/${distribution}/approve`).set(owner.auth).send({}).expect(200);
    const paid = await t.http().post(`${base}/${distribution}/pay`).set(owner.auth).send({}).expect(200);
    // The payment's debit moves the balances once (its own writer), not twice.
    expect(await balances(caseId, estate)).toEqual({ current_balance: 22228.19, available_balance: 22228.19 });
    expect(await ledgerSum(estate)).toBe(22228.19);
    const [debit] = await t.sql<{ amount: string }>('select amount::text from transactions where id = $1', [paid.body.data.transaction_id]);
    expect(debit.amount).toBe('-10000.00');
  });

  it('a deceased’s account keeps the balances its institution reports: its transactions are history', async () => {
    const caseId = await newCase();
    const checking = await addAccount(caseId, checkingBody);
    await write(caseId, checking, { date: '2026-08-30', amount: 18250, description: 'Balance at death' }).expect(201);
    await write(caseId, checking, { date: '2026-09-15', amount: -40, description: 'Fee' }).expect(201);
    expect(await balances(caseId, checking)).toEqual({ current_balance: 1000, available_balance: 1000 });
  });

  it('a write that changes no amount, or is refused, moves nothing: PATCH of notes, PATCH of the amount (422), DELETE (405), an invalid POST', async () => {
    const caseId = await newCase();
    const estate = await addAccount(caseId, { ...estateBody, current_balance: 0, available_balance: 0 });
    const id = (await write(caseId, estate, { date: '2026-09-20', amount: 500, description: 'Deposit' }).expect(201)).body.data.id;
    expect(await balances(caseId, estate)).toEqual({ current_balance: 500, available_balance: 500 });
    await t.http().patch(`${transactions(caseId, estate)}/${id}`).set(owner.auth).send({ notes: 'checked', is_flagged: true }).expect(200);
    expectError(await t.http().patch(`${transactions(caseId, estate)}/${id}`).set(owner.auth).send({ amount: 900 }), 422, 'validation_error');
    expect((await t.http().delete(`${transactions(caseId, estate)}/${id}`).set(owner.auth)).status).toBe(405);
    // A funeral is a disbursement: a positive amount is refused, and nothing of it is written.
    expectError(await write(caseId, estate, { date: '2026-09-21', amount: 300, description: 'Funeral', accounting_category: 'funeral' }), 422, 'validation_error');
    expect(await balances(caseId, estate)).toEqual({ current_balance: 500, available_balance: 500 });
    expect(await ledgerSum(estate)).toBe(500);
  });

  it('a transfer’s settlement and its return move the estate account once each (no double counting with the ledger)', async () => {
    const caseId = await newCase();
    const estate = await addAccount(caseId, { ...estateBody, current_balance: 0, available_balance: 0 });
    const source = await addAccount(caseId, { ...checkingBody, account_number: '987600000015' });
    const id = (await t.http().post(`/v1/cases/${caseId}/transfers`).set(owner.auth).send({ bank_account_id: source, amount: 400.25 }).expect(201)).body.data.id;
    await t.app.get(TransferProcessor).drain();
    expect((await t.http().get(`/v1/cases/${caseId}/transfers/${id}`).set(owner.auth).expect(200)).body.data.status).toBe('settled');
    // The simulator's return delay is zero here: the hold has no length, the money is available at once.
    expect(await balances(caseId, estate)).toEqual({ current_balance: 400.25, available_balance: 400.25 });
    expect(await ledgerSum(estate)).toBe(400.25);
    expect(await t.app.get(AchReturnIntake).poll()).toBe(1);
    expect(await balances(caseId, estate)).toEqual({ current_balance: 0, available_balance: 0 });
    expect(await ledgerSum(estate)).toBe(0);
    // The deceased's account follows the transfer's rule (contract §8), not its ledger: back to what its bank reported.
    expect(await balances(caseId, source)).toEqual({ current_balance: 1000, available_balance: 1000 });
  });
});
