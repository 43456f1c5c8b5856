import { realEstateValuationResource } from '@estate/assets';
import { representationOf } from '@estate/shared-kernel';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';
import { created, newCase, UNKNOWN_ID } from './support/assets-holdings-fixtures';
import { ACCOUNT_KINDS, FINANCIAL_ACCOUNT_ID_MESSAGE, newRecordOf, OTHER_KINDS } from './support/account-fixtures';

const ADDRESS = { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' };

describe('real estate valuations (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    caseId = await newCase(t, owner);
    base = `/v1/cases/${caseId}/real-estate-valuations`;
  });
  afterAll(() => t.close());

  describe('financial_account_id (contract-extensions §12.1)', () => {
    it('names an account of one of the six kinds of the case (create and PATCH); anything else is 422, nothing written', async () => {
      const inCase = await newCase(t, owner);
      const valuations = `/v1/cases/${inCase}/real-estate-valuations`;
      const valuation = await created(t, owner, valuations, { property_address: ADDRESS, property_type: 'condo' });
      for (const [kind, declared] of Object.entries(ACCOUNT_KINDS)) {
        const account = await newRecordOf(t, owner, inCase, declared);
        const made = await created(t, owner, valuations, { property_address: ADDRESS, property_type: 'condo', financial_account_id: account.id });
        const patched = await t.http().patch(`${valuations}/${valuation.id}`).set(owner.auth).send({ financial_account_id: account.id });
        expect({ kind, made: made.financial_account_id, patched: patched.body.data?.financial_account_id }).toEqual({ kind, made: account.id, patched: account.id });
      }

      const [before] = await t.sql('select * from real_estate_valuations where id = $1', [valuation.id]);
      const count = (await t.sql('select id from real_estate_valuations where case_id = $1', [inCase])).length;
      const otherCase = await newCase(t, owner);
      const wrong = [(await newRecordOf(t, owner, inCase, OTHER_KINDS.vehicle)).id, (await newRecordOf(t, owner, otherCase, ACCOUNT_KINDS.debt)).id, UNKNOWN_ID];
      for (const id of wrong) {
        const refused = await t.http().post(valuations).set(owner.auth).send({ property_address: ADDRESS, property_type: 'condo', financial_account_id: id });
        expectError(refused, 422, 'validation_error');
        expect(refused.body.error.details).toEqual([{ field: 'financial_account_id', message: FINANCIAL_ACCOUNT_ID_MESSAGE, reason: 'rule' }]);
        const patched = await t.http().patch(`${valuations}/${valuation.id}`).set(owner.auth).send({ financial_account_id: id });
        expectError(patched, 422, 'validation_error');
        expect(detailFields(patched)).toEqual(['financial_account_id']);
      }
      expect((await t.sql('select id from real_estate_valuations where case_id = $1', [inCase])).length).toBe(count);
      expect((await t.sql('select * from real_estate_valuations where id = $1', [valuation.id]))[0]).toEqual(before);
    });

    it('deleting the account named sets financial_account_id to null and moves the ETag', async () => {
      const inCase = await newCase(t, owner);
      const valuations = `/v1/cases/${inCase}/real-estate-valuations`;
      const account = await newRecordOf(t, owner, inCase, ACCOUNT_KINDS.retirement_account);
      const valuation = await created(t, owner, valuations, { property_address: ADDRESS, property_type: 'condo', financial_account_id: account.id });
      const etag = (await t.http().get(`${valuations}/${valuation.id}`).set(owner.auth).expect(200)).headers.etag;
      await t.http().delete(account.url).set(owner.auth).expect(204);
      const after = await t.http().get(`${valuations}/${valuation.id}`).set(owner.auth).expect(200);
      expect(after.body.data.financial_account_id).toBeNull();
      expect(after.headers.etag).not.toBe(etag);
    });
  });

  it('creates with the required fields only: defaults, nulls at every depth, computed equity null', async () => {
    const res = await t.http().post(base).set(owner.auth).send({ property_address: ADDRESS, property_type: 'condo' });
    expect(res.status).toBe(201);
    expect(res.headers.etag).toMatch(/^"/);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(representationOf(realEstateValuationResource).sort());
    expect(data).toMatchObject({ status: 'pending', liens: [], comparable_sales: [], equity_estimate: null, estimated_value: null, notes: null });
    expect(data.property_address).toEqual({ ...ADDRESS, address2: null });
    await t.http().delete(`${base}/${data.id}`).set(owner.auth).expect(204);
    await t.http().get(`${base}/${data.id}`).set(owner.auth).expect(404);
  });

  it('computes equity_estimate = estimated_value − mortgage_balance − Σ liens exactly, and follows later changes', async () => {
    const valuation = await created(t, owner, base, {
      property_address: ADDRESS,
      property_type: 'single_family',
      estimated_value: 350000.1,
      mortgage_balance: 120000.2,
      liens: [{ lien_type: 'tax', holder: 'County', amount: 4200.3, recorded_date: '2025-03-14' }, { holder: 'HOA', amount: 0.1 }, { lien_type: 'judgment' }],
      comparable_sales: [{ address: ADDRESS, sale_price: 340000, sale_date: '2026-05-02', living_area_sqft: 1850, distance_miles: 0.4 }],
      confidence_score: 0.82,
      bathrooms: 2.5,
    });
    // 350000.10 − 120000.20 − 4200.30 − 0.10 = 225799.50 (a float sum would give 225799.49999999997)
    expect(valuation.equity_estimate).toBe(225799.5);
    expect(valuation.liens[1]).toEqual({ lien_type: null, holder: 'HOA', amount: 0.1, recorded_date: null });
    expect(valuation.comparable_sales[0].address).toEqual({ ...ADDRESS, address2: null });
    expect(valuation.bathrooms).toBe(2.5);
    const stored = await t.sql('select equity_estimate from real_estate_valuations where id = $1', [valuation.id]);
    expect(stored[0].equity_estimate).toBeNull();

    // Inputs change: the computed equity follows.
    const lowered = await t.http().patch(`${base}/${valuation.id}`).set(owner.auth).send({ mortgage_balance: null, liens: [] }).expect(200);
    expect(lowered.body.data.equity_estimate).toBe(350000.1);

    // Given: it wins and stays while inputs change; null goes back to the computed value.
    const given = await t.http().patch(`${base}/${valuation.id}`).set(owner.auth).send({ equity_estimate: 200000 }).expect(200);
    expect(given.body.data.equity_estimate).toBe(200000);
    const still = await t.http().patch(`${base}/${valuation.id}`).set(owner.auth).send({ estimated_value: 400000 }).expect(200);
    expect(still.body.data.equity_estimate).toBe(200000);
    const back = await t.http().patch(`${base}/${valuation.id}`).set(owner.auth).send({ equity_estimate: null }).expect(200);
    expect(back.body.data.equity_estimate).toBe(400000);
    const read = await t.http().get(`${base}/${valuation.id}`).set(owner.auth).expect(200);
    expect(read.body.data.equity_estimate).toBe(400000);
  });

  it('merge-patches: nested address merges, arrays replace, null clears, unchanged patch keeps the ETag', async () => {
    const valuation = await created(t, owner, base, { property_address: { ...ADDRESS, address2: 'Unit 2' }, property_type: 'condo', notes: 'n', zoning: 'R-1' });
    const res = await t.http().patch(`${base}/${valuation.id}`).set(owner.auth).send({ property_address: { city: 'Chicago', address2: null }, notes: null, status: 'completed' });
    expect(res.status).toBe(200);
    expect(res.body.data.property_address).toEqual({ ...ADDRESS, city: 'Chicago', address2: null });
    expect(res.body.data).toMatchObject({ notes: null, zoning: 'R-1', status: 'completed' });
    const again = await t.http().patch(`${base}/${valuation.id}`).set(owner.auth).send({ zoning: 'R-1' }).expect(200);
    expect(again.headers.etag).toBe(res.headers.etag);
  });

  it('refuses invalid bodies with one detail per problem', async () => {
    const bad = await t.http().post(base).set(owner.auth).send({
      property_type: 'castle',
      confidence_score: 1.5,
      estimated_value: 10.123,
      bedrooms: 2.5,
      valuation_date: '2026-02-30',
      liens: [{ amount: 'x' }],
      comparable_sales: [{ address: { address1: 'x', city: 'y', state: 'Illinois', zip: '1' } }],
      surprise: true,
    });
    expectError(bad, 422, 'validation_error');
    expect(detailFields(bad)).toEqual(
      expect.arrayContaining([
        'property_address',
        'property_type',
        'confidence_score',
        'estimated_value',
        'bedrooms',
        'valuation_date',
        'liens.0.amount',
        'comparable_sales.0.address.state',
        'comparable_sales.0.address.zip',
        'surprise',
      ]),
    );
    const valuation = await created(t, owner, base, { property_address: ADDRESS, property_type: 'condo' });
    const patch = await t.http().patch(`${base}/${valuation.id}`).set(owner.auth).send({ property_type: null, confidence_score: -0.1, status: 'sold', property_address: { zip: 'abc' }, id: 'x' });
    expectError(patch, 422, 'validation_error');
    expect(detailFields(patch)).toEqual(expect.arrayContaining(['property_type', 'confidence_score', 'status', 'property_address.zip', 'id']));
    const cleared = await t.http().patch(`${base}/${valuation.id}`).set(owner.auth).send({ property_address: null });
    expectError(cleared, 422, 'validation_error');
    expect(detailFields(cleared)).toEqual(['property_address']);
  });

  // The generic contract of the declaration (CRUD, filters, sorts, both pagination modes, masking, foreign case, 304/412, 422 details, case deletion).
  // The shared contract runs generated from the declaration (test/contracts/assets); its own rules are tested above.
  it('a patch refuses a confidence score above 1, naming it; the valuation is unchanged', async () => {
    const valuation = await created(t, owner, base, { property_address: ADDRESS, property_type: 'condo', confidence_score: 0.5 });
    const res = await t.http().patch(`${base}/${valuation.id}`).set(owner.auth).send({ confidence_score: 2 });
    expectError(res, 422, 'validation_error');
    expect(detailFields(res)).toEqual(['confidence_score']);
    expect((await t.http().get(`${base}/${valuation.id}`).set(owner.auth).expect(200)).body.data.confidence_score).toBe(0.5);
  });
});
