import { Client } from 'pg';
import { ACCOUNTING_CATEGORIES, CATEGORY_RULES, defaultAccountingCategory, PROCEEDS_RELATED_TYPES } from '@estate/assets';
import { AchReturnIntake, TransferProcessor } from '@estate/transfers';
import { Migration20261201160000_transaction_classification as ClassificationMigration } from '../apps/api/src/database/migrations/Migration20261201160000_transaction_classification';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { overrideEnv } from './support/env';

const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';

/**
 * Transactions classified for the court accounting (contract-extensions §16.2): the category's sign, its default, the
 * related record, the service's own rows fixed, the list filter, and the migration that classified existing rows.
 */
describe('classifying transactions (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let processor: TransferProcessor;
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ TRANSFER_STEP_DELAY_MS: '0', TRANSFER_PROCESSOR: 'off' });
    t = await createTestApp();
    owner = await t.invite();
    processor = t.app.get(TransferProcessor);
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const eligible = { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', account_type: 'checking', ownership_type: 'individual', status: 'open', available_balance: 1000, current_balance: 1000 };

  async function newCase(): Promise<string> {
    return (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
  }

  async function post(caseId: string, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
    const res = await t.http().post(`/v1/cases/${caseId}/${path}`).set(owner.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.data;
  }

  async function newLedger(caseId?: string): Promise<{ caseId: string; base: string }> {
    const id = caseId ?? (await newCase());
    const account = await post(id, 'bank-accounts', { ...eligible, account_number: '000123456789' });
    return { caseId: id, base: `/v1/cases/${id}/bank-accounts/${account.id}/transactions` };
  }

  const add = (base: string, body: Record<string, unknown>) => t.http().post(base).set(owner.auth).send({ date: '2026-08-01', description: 'line', ...body });
  const added = async (base: string, body: Record<string, unknown>) => {
    const res = await add(base, body);
    expect(res.status).toBe(201);
    return res.body.data as Record<string, any>;
  };
  const rowCount = async (base: string) => (await t.http().get(`${base}?per_page=100`).set(owner.auth).expect(200)).body.meta.total_count as number;
  const stored = (id: string) =>
    t.sql('select accounting_category, related_type, related_id, written_by, amount::text, running_balance::text, version from transactions where id = $1', [id]);

  /** One record of every kind a client may name, in the case. */
  async function relatedRecords(caseId: string): Promise<Record<string, string>> {
    return {
      real_estate_property: (await post(caseId, 'real-estate-properties', { address: { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' }, property_type: 'single_family', ownership_type: 'sole' })).id,
      vehicle: (await post(caseId, 'vehicles', { vehicle_type: 'automobile', year: 2019, make: 'Toyota', model: 'Camry' })).id,
      business: (await post(caseId, 'businesses', { business_name: 'Okafor Hardware', entity_type: 'llc', ownership_percentage: 50 })).id,
      life_insurance_policy: (await post(caseId, 'life-insurance', { carrier_name: 'Acme Life', policy_number: 'POL-55501' })).id,
      investment_account: (await post(caseId, 'investment-accounts', { account_type: 'brokerage', custodian_name: 'Fidelity' })).id,
      retirement_account: (await post(caseId, 'retirement-accounts', { account_type: 'traditional_ira', custodian_name: 'Vanguard' })).id,
      financial_account: (await post(caseId, 'financial-accounts', { account_kind: 'payment_app', institution_name: 'PayPal' })).id,
      unclaimed_property: (await post(caseId, 'unclaimed-property', { state: 'IL', holder_name: 'First Prairie Bank', property_type: 'dormant_bank_account' })).id,
      claim: (await post(caseId, 'probate/creditor-claims', { creditor_name: 'Card Bank', claim_amount: 3200, claim_date: '2026-03-01' })).id,
      debt: (await post(caseId, 'debts', { debt_type: 'BCC', creditor_name: 'Card Bank' })).id,
    };
  }

  describe('the default category', () => {
    it('is other_receipt for an amount ≥ 0 and other_disbursement below, whatever a client’s type or category says', async () => {
      const { base } = await newLedger();
      expect(await added(base, { amount: 12.5 })).toMatchObject({ accounting_category: 'other_receipt', related_type: null, related_id: null });
      expect(await added(base, { amount: 0 })).toMatchObject({ accounting_category: 'other_receipt' });
      expect(await added(base, { amount: -0.01 })).toMatchObject({ accounting_category: 'other_disbursement' });
      // A client's row that looks like a transfer's leg is still the client's: classified by its sign, and changeable.
      const lookalike = await added(base, { amount: -40, type: 'ach_debit', category: 'transfer', reference_number: '071000010000001' });
      expect(lookalike).toMatchObject({ accounting_category: 'other_disbursement', related_type: null, related_id: null });
      const changed = await t.http().patch(`${base}/${lookalike.id}`).set(owner.auth).send({ accounting_category: 'transfer' }).expect(200);
      expect(changed.body.data.accounting_category).toBe('transfer');
      expect((await stored(lookalike.id))[0]).toMatchObject({ written_by: null });
    });

    it('null in #17 restores the default; the amount and the running balance never move', async () => {
      const { base } = await newLedger();
      const row = await added(base, { amount: -75, accounting_category: 'funeral' });
      expect(row.accounting_category).toBe('funeral');
      const url = `${base}/${row.id}`;
      const recategorised = await t.http().patch(url).set(owner.auth).send({ accounting_category: 'court_costs' }).expect(200);
      expect(recategorised.body.data).toMatchObject({ accounting_category: 'court_costs', amount: -75, running_balance: -75 });
      const restored = await t.http().patch(url).set(owner.auth).send({ accounting_category: null }).expect(200);
      expect(restored.body.data).toMatchObject({ accounting_category: 'other_disbursement', amount: -75, running_balance: -75 });
      expect((await stored(row.id))[0]).toMatchObject({ accounting_category: 'other_disbursement', amount: '-75.00', running_balance: '-75.00' });
    });
  });

  describe('the sign of each category', () => {
    it('accepts every category with the sign its row of the table allows and refuses the other sign on accounting_category; nothing written', async () => {
      const { caseId, base } = await newLedger();
      const vehicle = (await relatedRecords(caseId)).vehicle;
      let rows = await rowCount(base);
      for (const category of ACCOUNTING_CATEGORIES) {
        const related = category === 'asset_proceeds' ? { related_type: 'vehicle', related_id: vehicle } : {};
        for (const amount of [25, -25]) {
          const allowed = CATEGORY_RULES[category].sign === 'any' || (CATEGORY_RULES[category].sign === 'non_negative') === amount > 0;
          const res = await add(base, { amount, accounting_category: category, ...related });
          if (allowed) {
            expect([category, amount, res.status]).toEqual([category, amount, 201]);
            expect(res.body.data).toMatchObject({ accounting_category: category, amount });
            rows += 1;
          } else {
            expectError(res, 422, 'validation_error');
            expect([category, amount, detailReasons(res)]).toEqual([category, amount, [['accounting_category', 'rule']]]);
          }
          expect(await rowCount(base)).toBe(rows);
        }
        // Zero is both ≥ 0 and ≤ 0.
        expect((await add(base, { amount: 0, accounting_category: category, ...related })).status).toBe(201);
        rows += 1;
      }
    });

    it('#17 refuses a category against the sign of the stored amount; the row is unchanged', async () => {
      const { base } = await newLedger();
      const deposit = await added(base, { amount: 50, accounting_category: 'interest' });
      const before = await stored(deposit.id);
      for (const category of ['funeral', 'distribution', 'taxes']) {
        const res = await t.http().patch(`${base}/${deposit.id}`).set(owner.auth).send({ accounting_category: category });
        expectError(res, 422, 'validation_error');
        expect(detailReasons(res)).toEqual([['accounting_category', 'rule']]);
        expect(res.body.error.details[0].message).toBe(`${category} needs an amount ≤ 0`);
      }
      const unknown = await t.http().patch(`${base}/${deposit.id}`).set(owner.auth).send({ accounting_category: 'lottery' });
      expectError(unknown, 422, 'validation_error');
      expect(detailReasons(unknown)).toEqual([['accounting_category', 'enum']]);
      expect(await stored(deposit.id)).toEqual(before);
    });
  });

  describe('the related record', () => {
    it('asset_proceeds names an asset of the case of any kind that can be sold; creditor_claims a claim or a debt', async () => {
      const { caseId, base } = await newLedger();
      const records = await relatedRecords(caseId);
      for (const kind of PROCEEDS_RELATED_TYPES) {
        const row = await added(base, { amount: 1000, accounting_category: 'asset_proceeds', related_type: kind, related_id: records[kind] });
        expect(row).toMatchObject({ related_type: kind, related_id: records[kind] });
      }
      for (const kind of ['claim', 'debt']) {
        const row = await added(base, { amount: -3200, accounting_category: 'creditor_claims', related_type: kind, related_id: records[kind] });
        expect(row).toMatchObject({ accounting_category: 'creditor_claims', related_type: kind, related_id: records[kind] });
      }
      // creditor_claims may also name nothing.
      expect(await added(base, { amount: -10, accounting_category: 'creditor_claims' })).toMatchObject({ related_type: null, related_id: null });
    });

    it('refuses, with nothing written: one without the other, a kind the category does not take, asset_proceeds naming nothing, a record of another case or none', async () => {
      const { caseId, base } = await newLedger();
      const records = await relatedRecords(caseId);
      const elsewhere = await relatedRecords(await newCase());
      const refusals: Array<[Record<string, unknown>, Array<[string, string]>]> = [
        [{ amount: -5, accounting_category: 'creditor_claims', related_type: 'claim' }, [['related_id', 'rule']]],
        [{ amount: -5, accounting_category: 'creditor_claims', related_id: records.claim }, [['related_type', 'rule']]],
        [{ amount: -5, accounting_category: 'creditor_claims', related_type: 'vehicle', related_id: records.vehicle }, [['related_type', 'rule']]],
        [{ amount: 5, accounting_category: 'interest', related_type: 'vehicle', related_id: records.vehicle }, [['related_type', 'rule']]],
        [{ amount: 5, related_type: 'debt', related_id: records.debt }, [['related_type', 'rule']]],
        [{ amount: 5, accounting_category: 'asset_proceeds', related_type: 'claim', related_id: records.claim }, [['related_type', 'rule']]],
        [{ amount: 5, accounting_category: 'asset_proceeds' }, [['related_type', 'required']]],
        [{ amount: 5, accounting_category: 'asset_proceeds', related_type: 'vehicle', related_id: elsewhere.vehicle }, [['related_id', 'rule']]],
        [{ amount: 5, accounting_category: 'asset_proceeds', related_type: 'vehicle', related_id: records.business }, [['related_id', 'rule']]],
        [{ amount: 5, accounting_category: 'asset_proceeds', related_type: 'financial_account', related_id: UNKNOWN_ID }, [['related_id', 'rule']]],
        [{ amount: 5, accounting_category: 'asset_proceeds', related_type: 'unclaimed_property', related_id: elsewhere.unclaimed_property }, [['related_id', 'rule']]],
        [{ amount: -5, accounting_category: 'creditor_claims', related_type: 'claim', related_id: elsewhere.claim }, [['related_id', 'rule']]],
        // transfer and distribution are the service's to name.
        [{ amount: -5, accounting_category: 'transfer', related_type: 'transfer', related_id: UNKNOWN_ID }, [['related_type', 'rule']]],
        [{ amount: -5, accounting_category: 'distribution', related_type: 'distribution', related_id: UNKNOWN_ID }, [['related_type', 'rule']]],
        // Both rules at once: the sign and the related record.
        [{ amount: -5, accounting_category: 'asset_proceeds', related_type: 'vehicle' }, [['accounting_category', 'rule'], ['related_id', 'rule']]],
      ];
      for (const [body, expected] of refusals) {
        const res = await add(base, body);
        expectError(res, 422, 'validation_error');
        expect([body, detailReasons(res)]).toEqual([body, expected]);
      }
      const badType = await add(base, { amount: -5, accounting_category: 'creditor_claims', related_type: 'person', related_id: UNKNOWN_ID });
      expectError(badType, 422, 'validation_error');
      expect(detailReasons(badType)).toEqual([['related_type', 'enum']]);
      expect(await rowCount(base)).toBe(0);
    });

    it('#17 sets and clears the related record under the same rules', async () => {
      const { caseId, base } = await newLedger();
      const records = await relatedRecords(caseId);
      const payoff = await added(base, { amount: -3200 });
      const url = `${base}/${payoff.id}`;
      const named = await t.http().patch(url).set(owner.auth).send({ accounting_category: 'creditor_claims', related_type: 'claim', related_id: records.claim }).expect(200);
      expect(named.body.data).toMatchObject({ accounting_category: 'creditor_claims', related_type: 'claim', related_id: records.claim, amount: -3200 });
      const before = await stored(payoff.id);
      for (const [body, fields] of [
        [{ related_type: null }, ['related_type']],
        [{ related_id: UNKNOWN_ID }, ['related_id']],
        [{ accounting_category: 'funeral' }, ['related_type']],
      ] as const) {
        const res = await t.http().patch(url).set(owner.auth).send(body);
        expectError(res, 422, 'validation_error');
        expect(detailFields(res)).toEqual(fields);
      }
      expect(await stored(payoff.id)).toEqual(before);
      const cleared = await t.http().patch(url).set(owner.auth).send({ related_type: null, related_id: null }).expect(200);
      expect(cleared.body.data).toMatchObject({ accounting_category: 'creditor_claims', related_type: null, related_id: null });
    });

    it('a record deleted since it was named keeps its name on the transaction and does not lock the transaction’s other fields', async () => {
      const { caseId, base } = await newLedger();
      const records = await relatedRecords(caseId);
      const sale = await added(base, { amount: 9000, accounting_category: 'asset_proceeds', related_type: 'vehicle', related_id: records.vehicle });
      await t.http().delete(`/v1/cases/${caseId}/vehicles/${records.vehicle}`).set(owner.auth).expect(204);
      const noted = await t.http().patch(`${base}/${sale.id}`).set(owner.auth).send({ notes: 'the car was sold to a dealer' }).expect(200);
      expect(noted.body.data).toMatchObject({ related_type: 'vehicle', related_id: records.vehicle, notes: 'the car was sold to a dealer' });
      // Naming it anew is checked again.
      const renamed = await t.http().patch(`${base}/${sale.id}`).set(owner.auth).send({ related_type: 'business', related_id: records.vehicle });
      expectError(renamed, 422, 'validation_error');
      expect(detailReasons(renamed)).toEqual([['related_id', 'rule']]);
      await t.http().patch(`${base}/${sale.id}`).set(owner.auth).send({ related_type: 'business', related_id: records.business }).expect(200);
    });

    it('a change of classification is told as transaction.updated with the former values', async () => {
      const { caseId, base } = await newLedger();
      const row = await added(base, { amount: -20 });
      await t.http().patch(`${base}/${row.id}`).set(owner.auth).send({ accounting_category: 'administration' }).expect(200);
      const events = (await t.http().get(`/v1/cases/${caseId}/events?type=transaction.updated`).set(owner.auth).expect(200)).body.data;
      expect(events).toHaveLength(1);
      expect(events[0].data.object).toMatchObject({ id: row.id, accounting_category: 'administration' });
      expect(events[0].data.previous_attributes).toMatchObject({ accounting_category: 'other_disbursement' });
    });
  });

  /** A case that can move money: its authority, an estate account and a source account (`sourceNumber` picks a return). */
  async function transferCase(sourceNumber = '000123451234'): Promise<{ caseId: string; sourceId: string; estateId: string }> {
    const caseId = await newCase();
    await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_2', types: ['executor_in_will'] }).expect((res) => expect([200, 201]).toContain(res.status));
    const estate = await post(caseId, 'bank-accounts', { ...eligible, account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 });
    const source = await post(caseId, 'bank-accounts', { ...eligible, account_number: sourceNumber });
    return { caseId, sourceId: source.id, estateId: estate.id };
  }

  /** A cash distribution to an heir from `accountId`, approved and paid: the distribution as paid. */
  async function paidDistribution(caseId: string, accountId: string, amount: number): Promise<Record<string, any>> {
    const heir = await post(caseId, 'persons', { first_name: 'Sam', last_name: 'Doe', relationship: 'son', is_beneficiary: true });
    const planned = await post(caseId, 'probate/distributions', { person_id: heir.id, distribution_type: 'residuary', kind: 'cash', amount, source_account_id: accountId });
    await t.http().post(`/v1/cases/${caseId}/probate/distributions/${planned.id}/approve`).set(owner.auth).send({}).expect(200);
    const paid = await t.http().post(`/v1/cases/${caseId}/probate/distributions/${planned.id}/pay`).set(owner.auth).send({}).expect(200);
    expect(paid.body.data.transaction_id).toEqual(expect.any(String));
    return paid.body.data;
  }

  describe('rows the service wrote', () => {
    const ledger = async (caseId: string, accountId: string) =>
      (await t.http().get(`/v1/cases/${caseId}/bank-accounts/${accountId}/transactions?sort_by=date&per_page=100`).set(owner.auth).expect(200)).body.data as Array<Record<string, any>>;

    it('a settlement’s legs read transfer, naming the transfer; a return’s legs too', async () => {
      const { caseId, sourceId, estateId } = await transferCase('987600000015');
      const transferId = (await post(caseId, 'transfers', { bank_account_id: sourceId, amount: 100 })).id;
      await processor.drain();
      expect(await t.app.get(AchReturnIntake).poll()).toBe(1);
      for (const accountId of [sourceId, estateId]) {
        const legs = await ledger(caseId, accountId);
        expect(legs.map((leg) => leg.type).sort()).toEqual(accountId === sourceId ? ['ach_debit', 'ach_return'] : ['ach_credit', 'ach_return']);
        for (const leg of legs) {
          expect(leg).toMatchObject({ accounting_category: 'transfer', related_type: 'transfer', related_id: transferId });
          expect((await stored(leg.id))[0]).toMatchObject({ written_by: 'transfer' });
        }
      }
      const filtered = await t.http().get(`/v1/cases/${caseId}/bank-accounts/${sourceId}/transactions?accounting_category=transfer`).set(owner.auth).expect(200);
      expect(filtered.body.meta.total_count).toBe(2);
    });

    it('a distribution’s payment reads distribution, naming the distribution, and its three fields are fixed', async () => {
      const caseId = await newCase();
      const estate = await post(caseId, 'bank-accounts', { ...eligible, account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999' });
      const distribution = await paidDistribution(caseId, estate.id, 300);
      const url = `/v1/cases/${caseId}/bank-accounts/${estate.id}/transactions/${distribution.transaction_id}`;
      const payment = (await t.http().get(url).set(owner.auth).expect(200)).body.data;
      expect(payment).toMatchObject({ amount: -300, type: 'distribution', accounting_category: 'distribution', related_type: 'distribution', related_id: distribution.id });
      expect((await stored(payment.id))[0]).toMatchObject({ written_by: 'distribution' });
      const before = await stored(payment.id);
      const refused = await t.http().patch(url).set(owner.auth).send({ accounting_category: 'other_disbursement', related_type: null, related_id: null });
      expectError(refused, 422, 'validation_error');
      expect(detailReasons(refused)).toEqual([['accounting_category', 'rule'], ['related_type', 'rule'], ['related_id', 'rule']]);
      expect(await stored(payment.id)).toEqual(before);
      await t.http().patch(url).set(owner.auth).send({ notes: 'receipt signed' }).expect(200);
    });

    it('#17 still flags and notes them, but their three fields are fixed (422, nothing written); sending them unchanged is no change', async () => {
      const { caseId, sourceId } = await transferCase();
      const transferId = (await post(caseId, 'transfers', { bank_account_id: sourceId, amount: 40 })).id;
      await processor.drain();
      const [debit] = await ledger(caseId, sourceId);
      const url = `/v1/cases/${caseId}/bank-accounts/${sourceId}/transactions/${debit.id}`;
      const flagged = await t.http().patch(url).set(owner.auth).send({ is_flagged: true, notes: 'matches the bank statement' }).expect(200);
      expect(flagged.body.data).toMatchObject({ is_flagged: true, accounting_category: 'transfer', related_type: 'transfer', related_id: transferId });
      const before = await stored(debit.id);
      for (const [body, fields] of [
        [{ accounting_category: 'other_disbursement' }, ['accounting_category']],
        [{ accounting_category: 'funeral', notes: 'x' }, ['accounting_category']],
        [{ related_type: null, related_id: null }, ['related_type', 'related_id']],
        [{ related_id: UNKNOWN_ID }, ['related_id']],
        [{ accounting_category: 'creditor_claims', related_type: 'debt' }, ['accounting_category', 'related_type']],
      ] as const) {
        const res = await t.http().patch(url).set(owner.auth).send(body);
        expectError(res, 422, 'validation_error');
        expect(detailFields(res)).toEqual(fields);
        expect(res.body.error.details.every((detail: { reason: string }) => detail.reason === 'rule')).toBe(true);
        expect(await stored(debit.id)).toEqual(before);
      }
      const same = await t.http().patch(url).set(owner.auth).send({ accounting_category: 'transfer', related_type: 'transfer', related_id: transferId }).expect(200);
      expect(same.headers.etag).toBe(flagged.headers.etag);
      expect(await stored(debit.id)).toEqual(before);
    });
  });

  describe('the list filter', () => {
    it('accounting_category: one value, repeated values, an unknown value is 400 naming it', async () => {
      const { base } = await newLedger();
      const interest = await added(base, { amount: 6.2, accounting_category: 'interest' });
      const funeral = await added(base, { amount: -8500, accounting_category: 'funeral' });
      const other = await added(base, { amount: -1 });
      const ids = async (query: string) => ((await t.http().get(`${base}?${query}`).set(owner.auth).expect(200)).body.data as Array<{ id: string }>).map((row) => row.id).sort();
      expect(await ids('accounting_category=interest')).toEqual([interest.id]);
      expect(await ids('accounting_category=interest&accounting_category=funeral')).toEqual([interest.id, funeral.id].sort());
      expect(await ids('accounting_category=other_disbursement')).toEqual([other.id]);
      expect(await ids('accounting_category=rent')).toEqual([]);
      const bad = await t.http().get(`${base}?accounting_category=lottery`).set(owner.auth);
      expectError(bad, 400, 'bad_request');
      expect(detailFields(bad)).toEqual(['accounting_category']);
    });
  });

  describe('the migration that added the classification', () => {
    /**
     * Inside one transaction that is rolled back: the migration's `down` takes the columns away, rows are inserted
     * the old way (a transfer's leg by SQL, with its trace number), the migration's `up` runs, and every row must read
     * what the rule gives it.
     */
    it('classifies existing rows by the default rule, a transfer’s legs naming their transfer through the trace number', async () => {
      const { caseId, sourceId, estateId } = await transferCase();
      const transfer = await post(caseId, 'transfers', { bank_account_id: sourceId, amount: 250 });
      await processor.drain();
      const trace = (await t.http().get(`/v1/cases/${caseId}/transfers/${transfer.id}`).set(owner.auth).expect(200)).body.data.trace_number as string;
      // The transfer raised the estate account's available balance: a cash distribution is paid from it.
      const distribution = await paidDistribution(caseId, estateId, 100);
      const sourceBase = `/v1/cases/${caseId}/bank-accounts/${sourceId}/transactions`;
      const clientRows = [
        await added(sourceBase, { amount: 5, type: 'deposit', category: 'income', accounting_category: 'interest' }),
        await added(sourceBase, { amount: 0 }),
        await added(sourceBase, { amount: -3, accounting_category: 'funeral' }),
        // Looks like a leg but names no transfer of the case: `transfer` by the rule, naming nothing, not fixed.
        await added(sourceBase, { amount: -9, type: 'ach_debit', category: 'transfer', reference_number: '071000019999999' }),
        // A bank's `type` distribution that no distribution wrote: the client's row, by its sign.
        await added(sourceBase, { amount: 7, type: 'distribution' }),
      ];

      const migration = new ClassificationMigration(undefined as never, undefined as never);
      await migration.down();
      const down = [...migration.getQueries()];
      migration.reset();
      await migration.up();
      const up = [...migration.getQueries()];

      const client = new Client({ connectionString: t.databaseUrl });
      await client.connect();
      try {
        await client.query('begin');
        for (const statement of down) await client.query(String(statement));
        const columns = await client.query(`select column_name from information_schema.columns where table_name = 'transactions' and column_name in ('accounting_category', 'related_type', 'related_id', 'written_by')`);
        expect(columns.rows).toEqual([]);
        // A second credit leg of the transfer on the estate account, as the transfers wrote them before the columns.
        const oldLeg = '01JBX8Q9W4M8Z7T3K2N5R6P0AB';
        await client.query(
          `insert into transactions (id, case_id, bank_account_id, date, posted_date, effective_date, type, amount, running_balance, description, reference_number, category, created_at, updated_at)
           values ($1, $2, $3, '2026-08-02', '2026-08-02', '2026-08-02', 'ach_credit', 1.00, 251.00, 'old leg', $4, 'transfer', now(), now())`,
          [oldLeg, caseId, estateId, trace],
        );
        for (const statement of up) await client.query(String(statement));

        const rows = (
          await client.query(
            `select id, type, category, amount::text as amount, accounting_category, related_type, related_id, written_by from transactions where case_id = $1`,
            [caseId],
          )
        ).rows as Array<Record<string, string | null>>;
        expect(rows).toHaveLength(4 + clientRows.length);
        const byId = new Map(rows.map((row) => [row.id, row]));
        // The settlement's debit and credit, and the leg inserted the old way.
        const legs = rows.filter((row) => row.type?.startsWith('ach_') && row.id !== clientRows[3].id);
        expect(legs.map((row) => row.type).sort()).toEqual(['ach_credit', 'ach_credit', 'ach_debit']);
        expect(legs.map((row) => row.id)).toContain(oldLeg);
        for (const leg of legs) expect(leg).toMatchObject({ accounting_category: 'transfer', related_type: 'transfer', related_id: transfer.id, written_by: 'transfer' });
        // The payment is found through the distribution that names it.
        expect(byId.get(distribution.transaction_id)).toMatchObject({ accounting_category: 'distribution', related_type: 'distribution', related_id: distribution.id, written_by: 'distribution' });
        expect(clientRows.map((row) => byId.get(row.id as string))).toEqual([
          expect.objectContaining({ accounting_category: 'other_receipt', related_type: null, related_id: null, written_by: null }),
          expect.objectContaining({ accounting_category: 'other_receipt', related_type: null, related_id: null, written_by: null }),
          expect.objectContaining({ accounting_category: 'other_disbursement', related_type: null, related_id: null, written_by: null }),
          expect.objectContaining({ accounting_category: 'transfer', related_type: null, related_id: null, written_by: null }),
          expect.objectContaining({ accounting_category: 'other_receipt', related_type: null, related_id: null, written_by: null }),
        ]);
        // The same rule as the accounting's default for rows written before it (the bank's `type` distribution apart,
        // which only a distribution naming the row makes a payment).
        for (const row of rows.filter((candidate) => candidate.id !== clientRows[4].id)) {
          expect([row.id, row.accounting_category]).toEqual([row.id, defaultAccountingCategory({ amount: row.amount as string, writtenBy: null, type: row.type, category: row.category })]);
        }
        // The constraints it adds hold the rows to the rules: never without a category, a related record both or neither.
        await client.query('savepoint checks');
        await expect(client.query(`update transactions set accounting_category = null where id = $1`, [oldLeg])).rejects.toThrow(/not-null/);
        await client.query('rollback to savepoint checks');
        await expect(client.query(`update transactions set related_id = null where id = $1`, [oldLeg])).rejects.toThrow(/transactions_related_both_or_neither/);
      } finally {
        await client.query('rollback');
        await client.end();
      }
      // Rolled back: the rows read as they were written.
      expect((await t.http().get(`${sourceBase}/${clientRows[0].id}`).set(owner.auth).expect(200)).body.data.accounting_category).toBe('interest');
    });
  });
});
