import { parse } from 'csv-parse/sync';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';
import { created, newCase, UNKNOWN_CASE_ID } from './support/assets-holdings-fixtures';

const ADDRESS = { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' };

describe('estate inventory (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;
  let path: string;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    caseId = await newCase(t, owner, { estate_value: '100k_to_500k' });
    path = `/v1/cases/${caseId}/inventory`;
    const base = `/v1/cases/${caseId}`;
    // One of each kind, with amounts a floating-point sum would get wrong.
    made.checking = (await created(t, owner, `${base}/bank-accounts`, { institution_name: 'First Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789', current_balance: 10000.1 })).id;
    made.savings = (await created(t, owner, `${base}/bank-accounts`, { institution_name: 'First Bank', account_type: 'savings', ownership_type: 'pod_payable_on_death', account_number: '99990002', current_balance: 5000.2 })).id;
    for (const [account, date, amount] of [
      ['checking', '2026-01-05', 1000.1],
      ['checking', '2026-03-15', 50],
      ['checking', '2026-02-10', -200.05],
      ['savings', '2026-01-01', 300],
    ] as const) {
      await created(t, owner, `${base}/bank-accounts/${made[account]}/transactions`, { date, amount, description: 'movement' });
    }
    made.brokerage = (await created(t, owner, `${base}/investment-accounts`, { account_type: 'brokerage', custodian_name: 'Fidelity', balance: 60000, date_of_death_value: 58000.3 })).id;
    made.ira = (await created(t, owner, `${base}/retirement-accounts`, { account_type: '401k', custodian_name: 'Vanguard', balance: 120000.4, beneficiaries: [{ name: 'Grace', percentage_share: 100 }] })).id;
    made.policy = (await created(t, owner, `${base}/life-insurance`, { carrier_name: 'MetLife', policy_number: 'LP-00998877', death_benefit: 250000 })).id;
    made.house = (
      await created(t, owner, `${base}/real-estate-valuations`, {
        property_address: ADDRESS,
        property_type: 'single_family',
        status: 'completed',
        estimated_value: 350000.1,
        mortgage_balance: 120000.2,
        liens: [{ amount: 4200.3 }],
      })
    ).id;
    made.car = (await created(t, owner, `${base}/vehicles`, { vehicle_type: 'automobile', year: 2019, make: 'Toyota', model: 'Camry', vin: '4T1B11HK5KU123456', estimated_value: 14500.55, lien_payoff_amount: 3200.45 })).id;
    made.card = (await created(t, owner, `${base}/debts`, { debt_type: 'CCP', creditor_name: 'Chase', balance: 2500.33 })).id;
    made.bill = (await created(t, owner, `${base}/debts`, { debt_type: 'MED', creditor_name: 'Hospital' })).id;
  });
  afterAll(() => t.close());

  it('groups every asset and liability with the value used and its source, and totals them exactly', async () => {
    const res = await t.http().get(path).set(owner.auth).expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const data = res.body.data;
    // Probate: checking 10,000.10 + brokerage at its date-of-death value 58,000.30 + the policy without beneficiaries
    // 250,000.00 + the house 350,000.10 − 120,000.20 − 4,200.30 = 225,799.60 + the car 14,500.55 − 3,200.45 = 11,300.10
    // = 555,100.10. Outside probate: the POD savings 5,000.20 + the 401(k) with a beneficiary 120,000.40.
    expect(data.totals).toEqual({ gross_probate_assets: 555100.1, non_probate_assets: 125000.6, liabilities: 2500.33, net_estate: 552599.77 });
    expect(data).toMatchObject({ case_id: caseId, as_of: null, currency: 'USD' });
    expect(data.probate_assets.map((group: { kind: string; subtotal: number }) => [group.kind, group.subtotal])).toEqual([
      ['bank_account', 10000.1],
      ['investment_account', 58000.3],
      ['life_insurance_policy', 250000],
      ['real_estate', 225799.6],
      ['vehicle', 11300.1],
    ]);
    const probateItems = data.probate_assets.flatMap((group: { items: unknown[] }) => group.items);
    expect(probateItems.map((item: { id: string; value_source: string }) => [item.id, item.value_source])).toEqual([
      [made.checking, 'current_balance'],
      [made.brokerage, 'date_of_death_value'],
      [made.policy, 'death_benefit'],
      [made.house, 'equity_estimate_computed'],
      [made.car, 'equity_estimate_computed'],
    ]);
    expect(probateItems[0]).toEqual({ kind: 'bank_account', id: made.checking, description: 'First Bank checking', reference: '********6789', value: 10000.1, value_source: 'current_balance', passes_by: null });
    expect(data.non_probate_assets.items.map((item: { id: string; passes_by: string; value: number }) => [item.id, item.passes_by, item.value])).toEqual([
      [made.savings, 'payable_on_death', 5000.2],
      [made.ira, 'named_beneficiaries', 120000.4],
    ]);
    expect(data.liabilities).toEqual({
      items: [
        { kind: 'debt', id: made.card, description: 'Chase (CCP)', reference: null, value: 2500.33, value_source: 'balance', passes_by: null },
        { kind: 'debt', id: made.bill, description: 'Hospital (MED)', reference: null, value: 0, value_source: 'none', passes_by: null },
      ],
      subtotal: 2500.33,
    });
    expect(data.estate_value).toEqual({ recorded: '100k_to_500k', implied: '500k_to_1m', basis: 'gross_probate_assets', matches: false });
    expect(JSON.stringify(res.body)).not.toMatch(/000123456789|LP-00998877|4T1B11HK5KU123456/);
  });

  it('values bank accounts by their transactions up to as_of', async () => {
    const res = await t.http().get(`${path}?as_of=2026-02-28`).set(owner.auth).expect(200);
    const data = res.body.data;
    expect(data.as_of).toBe('2026-02-28');
    // checking: 1,000.10 − 200.05 (the 15 March deposit is later) = 800.05; savings: 300.00.
    expect(data.probate_assets[0].items[0]).toMatchObject({ id: made.checking, value: 800.05, value_source: 'transactions_through_as_of' });
    expect(data.non_probate_assets.items[0]).toMatchObject({ id: made.savings, value: 300, value_source: 'transactions_through_as_of' });
    expect(data.totals).toEqual({ gross_probate_assets: 545900.05, non_probate_assets: 120300.4, liabilities: 2500.33, net_estate: 543399.72 });
    const before = await t.http().get(`${path}?as_of=2025-12-31`).set(owner.auth).expect(200);
    expect(before.body.data.probate_assets[0].items[0].value).toBe(0);
    expectError(await t.http().get(`${path}?as_of=2026-02-30`).set(owner.auth), 400, 'bad_request');
    const bad = await t.http().get(`${path}?as_of=yesterday&format=xml`).set(owner.auth);
    expectError(bad, 400, 'bad_request');
    expect(detailFields(bad).sort()).toEqual(['as_of', 'format']);
  });

  it('without as_of is as of the date of death: cash is the sum of the transactions to that day; only an account without any stands at current_balance', async () => {
    const dated = await newCase(t, owner, { deceased: { first_name: 'Ada', last_name: 'Byron', date_of_death: '2026-02-28' } });
    const base = `/v1/cases/${dated}`;
    const account = (body: Record<string, unknown>) => created(t, owner, `${base}/bank-accounts`, { institution_name: 'First Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789', ...body });
    const ledger = (await account({ current_balance: 10000.1 })).id;
    const later = (await account({ current_balance: 75 })).id;
    const unentered = (await account({ current_balance: 4321.09 })).id;
    for (const [id, date, amount] of [
      [ledger, '2026-01-05', 1000.1],
      [ledger, '2026-02-28', -200.05],
      [ledger, '2026-03-15', 50],
      [later, '2026-03-01', 75],
    ] as const) {
      await created(t, owner, `${base}/bank-accounts/${id}/transactions`, { date, amount, description: 'movement' });
    }
    const res = await t.http().get(`${base}/inventory`).set(owner.auth).expect(200);
    expect(res.body.data.as_of).toBe('2026-02-28');
    expect(res.body.data.probate_assets[0].items.map((item: any) => [item.id, item.value, item.value_source])).toEqual([
      // 1,000.10 − 200.05 (the death's own day counts; the 15 March deposit is later) = 800.05.
      [ledger, 800.05, 'transactions_through_as_of'],
      // Its only transaction is after the death: nothing then.
      [later, 0, 'transactions_through_as_of'],
      // No transaction at all: the balance recorded for it.
      [unentered, 4321.09, 'current_balance'],
    ]);
    expect(res.body.data.totals.gross_probate_assets).toBe(5121.14);
    // The same as asking for the date of death; another as_of still wins.
    const asked = await t.http().get(`${base}/inventory?as_of=2026-02-28`).set(owner.auth).expect(200);
    expect(asked.body.data).toEqual(res.body.data);
    const march = await t.http().get(`${base}/inventory?as_of=2026-03-31`).set(owner.auth).expect(200);
    expect(march.body.data.probate_assets[0].items.map((item: any) => item.value)).toEqual([850.05, 75, 4321.09]);
    const csv = await t.http().get(`${base}/inventory?format=csv`).set(owner.auth).expect(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="inventory-${dated}-2026-02-28.csv"`);
    // Without a deceased (so no date of death), as before: no date, every account at its current_balance.
    const undated = (await t.http().get(path).set(owner.auth).expect(200)).body.data;
    expect(undated.as_of).toBeNull();
    expect(undated.probate_assets[0].items).toEqual([expect.objectContaining({ id: made.checking, value: 10000.1, value_source: 'current_balance' })]);
  });

  it('answers CSV for Accept: text/csv and for format=csv, parsed back to the same lines and totals', async () => {
    const json = (await t.http().get(`${path}?as_of=2026-02-28`).set(owner.auth).expect(200)).body.data;
    for (const request of [
      () => t.http().get(`${path}?as_of=2026-02-28`).set(owner.auth).set('Accept', 'text/csv'),
      () => t.http().get(`${path}?as_of=2026-02-28&format=csv`).set(owner.auth),
    ]) {
      const res = await request().buffer(true).parse((response, done) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(null, text));
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const rows = parse(res.body as string, { columns: true }) as Array<Record<string, string>>;
      expect(Object.keys(rows[0])).toEqual(['section', 'kind', 'id', 'description', 'reference', 'value', 'value_source', 'passes_by']);
      const items = rows.filter((row) => row.section !== 'total');
      expect(items).toHaveLength(7 + 2);
      const jsonItems = [
        ...json.probate_assets.flatMap((group: { items: unknown[] }) => group.items).map((item: Record<string, unknown>) => ['probate_asset', item]),
        ...json.non_probate_assets.items.map((item: Record<string, unknown>) => ['non_probate_asset', item]),
        ...json.liabilities.items.map((item: Record<string, unknown>) => ['liability', item]),
      ] as Array<[string, Record<string, any>]>;
      expect(items.map((row) => [row.section, row.id, Number(row.value), row.value_source, row.passes_by])).toEqual(
        jsonItems.map(([section, item]) => [section, item.id, item.value, item.value_source, item.passes_by ?? '']),
      );
      expect(items.find((row) => row.id === made.checking)).toMatchObject({ description: 'First Bank checking', reference: '********6789', value: '800.05' });
      expect(Object.fromEntries(rows.filter((row) => row.section === 'total').map((row) => [row.description, row.value]))).toEqual({
        gross_probate_assets: '545900.05',
        non_probate_assets: '120300.40',
        liabilities: '2500.33',
        net_estate: '543399.72',
      });
    }
  });

  it('keeps free text from running as a spreadsheet formula in the CSV', async () => {
    const other = await newCase(t, owner);
    await created(t, owner, `/v1/cases/${other}/debts`, { debt_type: 'CCP', creditor_name: '=HYPERLINK("http://x","y")', balance: -10 });
    const res = await t.http().get(`/v1/cases/${other}/inventory?format=csv`).set(owner.auth).expect(200);
    const rows = parse(res.text, { columns: true }) as Array<Record<string, string>>;
    expect(rows[0]).toMatchObject({ section: 'liability', description: `'=HYPERLINK("http://x","y") (CCP)`, value: '-10.00' });
  });

  it('lists the kinds of contract-extensions §12 under the same rules: properties, financial accounts, businesses, paid unclaimed property', async () => {
    const other = await newCase(t, owner, {});
    const base = `/v1/cases/${other}`;
    const house = (await created(t, owner, `${base}/real-estate-properties`, { address: ADDRESS, property_type: 'single_family', ownership_type: 'sole', ownership_percentage: 50, co_owners: [{ name: 'Grace', ownership_share: 50 }], estimated_value: 300_000, date_of_death_value: 280_000.01, outstanding_mortgage: 80_000 })).id;
    // A valuation of the house is an opinion of its value: not a parcel line of its own.
    await created(t, owner, `${base}/real-estate-valuations`, { property_address: ADDRESS, property_type: 'single_family', status: 'completed', estimated_value: 310_000, property_id: house });
    const farm = (await created(t, owner, `${base}/real-estate-properties`, { address: { ...ADDRESS, address1: '1 Farm Road' }, property_type: 'vacant_land', ownership_type: 'tod_deed', estimated_value: 90_000 })).id;
    const annuity = (await created(t, owner, `${base}/financial-accounts`, { account_kind: 'annuity', institution_name: 'Acme Life', account_number: '55554444', balance: 12_000, date_of_death_value: 11_500.5 })).id;
    const shop = (await created(t, owner, `${base}/businesses`, { business_name: 'Doe Hardware LLC', entity_type: 'llc', ownership_percentage: 40, estimated_value: 100_000.05 })).id;
    const found = await created(t, owner, `${base}/unclaimed-property`, { state: 'OH', holder_name: 'Ohio Power', property_type: 'utility_deposit', reported_amount: 210 });
    await created(t, owner, `${base}/unclaimed-property`, { state: 'OH', holder_name: 'Not yet claimed', property_type: 'refund' });
    for (const step of [
      { claim_status: 'claim_filed', claim_filed_date: '2026-10-01' },
      { claim_status: 'under_review' },
      { claim_status: 'approved', claim_approved_date: '2026-10-10' },
      { claim_status: 'paid', claim_paid_amount: 210.1, claim_paid_date: '2026-10-20' },
    ]) {
      await t.http().patch(`${base}/unclaimed-property/${found.id}`).set(owner.auth).send(step).expect(200);
    }
    const res = await t.http().get(`${base}/inventory`).set(owner.auth).expect(200);
    const { probate_assets: groups, non_probate_assets: outside, totals } = res.body.data;
    expect(groups.map((group: any) => [group.kind, group.items.map((item: any) => [item.id, item.value, item.value_source])])).toEqual([
      // (280,000.01 − 80,000) × 50 % = 100,000.005 → 100,000.01, half away from zero.
      ['real_estate_property', [[house, 100_000.01, 'date_of_death_value']]],
      ['financial_account', [[annuity, 11_500.5, 'date_of_death_value']]],
      ['business', [[shop, 40_000.02, 'interest_value']]],
      ['unclaimed_property', [[found.id, 210.1, 'claim_paid_amount']]],
    ]);
    expect(outside.items).toEqual([expect.objectContaining({ kind: 'real_estate_property', id: farm, passes_by: 'transfer_on_death', value: 90_000 })]);
    expect(totals.gross_probate_assets).toBe(151_710.63);
  });

  it('an empty case: no groups, zero totals, the bracket unknown', async () => {
    const empty = await newCase(t, owner);
    const res = await t.http().get(`/v1/cases/${empty}/inventory`).set(owner.auth).expect(200);
    expect(res.body.data).toMatchObject({
      probate_assets: [],
      non_probate_assets: { items: [], subtotal: 0 },
      liabilities: { items: [], subtotal: 0 },
      totals: { gross_probate_assets: 0, non_probate_assets: 0, liabilities: 0, net_estate: 0 },
      estate_value: { recorded: null, implied: 'unknown', matches: null },
    });
  });

  it('answers 404 for a foreign case and an unknown one (never 403)', async () => {
    const stranger = await t.invite();
    expectError(await t.http().get(path).set(stranger.auth), 404, 'not_found');
    expectError(await t.http().get(`${path}?format=csv`).set(stranger.auth), 404, 'not_found');
    expectError(await t.http().get(`/v1/cases/${UNKNOWN_CASE_ID}/inventory`).set(owner.auth), 404, 'not_found');
  });
});
