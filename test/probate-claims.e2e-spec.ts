import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

/**
 * Creditor claims (`#13`): accept, reject, mark paid; final statuses; the address merged field by field; the account
 * number stored encrypted. What every resource promises is the generated contract's (test/contracts/court).
 */
describe('creditor claims (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(() => t.close());

  async function newCase(caller: TestCaller = owner): Promise<string> {
    const res = await t.http().post('/v1/cases').set(caller.auth).send({});
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  async function fileClaim(caseId: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await t.http()
      .post(`/v1/cases/${caseId}/probate/creditor-claims`)
      .set(owner.auth)
      .send({ creditor_name: 'Springfield Medical', claim_amount: 4210.5, claim_date: '2026-12-01', ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  it('files a claim with an address: the lines left out read null, the status pending', async () => {
    const caseId = await newCase();
    const claim = await fileClaim(caseId, { creditor_address: { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' }, claim_type: 'medical' });
    expect(claim).toMatchObject({ status: 'pending', is_valid: false, claim_amount: 4210.5, resolution_amount: null });
    expect(claim.creditor_address).toEqual({ address1: '1 Main St', address2: null, city: 'Springfield', state: 'IL', zip: '62701' });
    const read = await t.http().get(`/v1/cases/${caseId}/probate/creditor-claims/${claim.id}`).set(owner.auth);
    expect(read.body.data).toEqual(claim);
  });

  it('stores account_number encrypted', async () => {
    const caseId = await newCase();
    const claim = await fileClaim(caseId, { account_number: '4111222233334444' });
    expect(claim.account_number).toBe('************4444');
    const rows = await t.sql<{ account_number: string }>('select account_number from creditor_claims where id = $1', [claim.id]);
    expect(rows[0].account_number).toMatch(/^v1:/);
    expect(rows[0].account_number).not.toContain('4111222233334444');
  });

  it('checks the address whole, and a paid claim needs its resolution', async () => {
    const caseId = await newCase();
    const partial = await t.http()
      .post(`/v1/cases/${caseId}/probate/creditor-claims`)
      .set(owner.auth)
      .send({ creditor_name: 'A', claim_amount: 10, claim_date: '2026-12-01', creditor_address: { city: 'X' } });
    expectError(partial, 422, 'validation_error');
    expect(detailFields(partial)).toEqual(expect.arrayContaining(['creditor_address.address1', 'creditor_address.zip']));
    const paidWithout = await t.http().post(`/v1/cases/${caseId}/probate/creditor-claims`).set(owner.auth).send({ creditor_name: 'A', claim_amount: 10, claim_date: '2026-12-01', status: 'paid' });
    expectError(paidWithout, 422, 'validation_error');
    expect(detailFields(paidWithout).sort()).toEqual(['resolution_amount', 'resolution_date']);
  });

  it('#13: accepts, marks paid (needing resolution_amount and resolution_date), and keeps a final claim final', async () => {
    const caseId = await newCase();
    const claim = await fileClaim(caseId);
    const url = `/v1/cases/${caseId}/probate/creditor-claims/${claim.id}`;

    const accepted = await t.http().patch(url).set(owner.auth).send({ status: 'accepted', is_valid: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'accepted', is_valid: true });

    const unpaid = await t.http().patch(url).set(owner.auth).send({ status: 'paid', resolution_amount: 4000 });
    expectError(unpaid, 422, 'validation_error');
    expect(detailFields(unpaid)).toEqual(['resolution_date']);
    expect((await t.http().get(url).set(owner.auth)).body.data).toMatchObject({ status: 'accepted', resolution_amount: null });

    const paid = await t.http().patch(url).set(owner.auth).send({ status: 'paid', resolution_amount: 4000, resolution_date: '2027-01-15' });
    expect(paid.body.data).toMatchObject({ status: 'paid', resolution_amount: 4000, resolution_date: '2027-01-15' });

    for (const status of ['pending', 'accepted', 'rejected', 'withdrawn']) {
      const again = await t.http().patch(url).set(owner.auth).send({ status });
      expectError(again, 422, 'validation_error');
      expect(detailFields(again)).toEqual(['status']);
    }
    const cleared = await t.http().patch(url).set(owner.auth).send({ resolution_date: null });
    expectError(cleared, 422, 'validation_error');
    expect(detailFields(cleared)).toEqual(['resolution_date']);
    const notes = await t.http().patch(url).set(owner.auth).send({ resolution_notes: 'Paid by check 1042.', status: 'paid' });
    expect(notes.body.data).toMatchObject({ status: 'paid', resolution_notes: 'Paid by check 1042.' });

    const rejected = await fileClaim(caseId);
    const rejectUrl = `/v1/cases/${caseId}/probate/creditor-claims/${rejected.id}`;
    expect((await t.http().patch(rejectUrl).set(owner.auth).send({ status: 'rejected', resolution_notes: 'Time-barred' })).body.data.status).toBe('rejected');
    expectError(await t.http().patch(rejectUrl).set(owner.auth).send({ status: 'accepted' }), 422, 'validation_error');
    const withdrawn = await fileClaim(caseId, { status: 'withdrawn' });
    expectError(await t.http().patch(`/v1/cases/${caseId}/probate/creditor-claims/${withdrawn.id}`).set(owner.auth).send({ status: 'pending' }), 422, 'validation_error');
  });

  it('merges creditor_address and refuses a merged address missing its fields', async () => {
    const caseId = await newCase();
    const claim = await fileClaim(caseId, { creditor_address: { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' } });
    const url = `/v1/cases/${caseId}/probate/creditor-claims/${claim.id}`;
    const merged = await t.http().patch(url).set(owner.auth).send({ creditor_address: { address2: 'Suite 5' } });
    expect(merged.body.data.creditor_address).toEqual({ address1: '1 Main St', address2: 'Suite 5', city: 'Springfield', state: 'IL', zip: '62701' });
    const broken = await t.http().patch(url).set(owner.auth).send({ creditor_address: { city: null } });
    expectError(broken, 422, 'validation_error');
    expect(detailFields(broken)).toEqual(['creditor_address.city']);
  });
});
