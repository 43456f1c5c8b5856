import { lifeInsurancePolicyResource } from '@estate/assets';
import { representationOf } from '@estate/shared-kernel';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';
import { created, newCase, newContact } from './support/assets-holdings-fixtures';

const MINIMAL = { carrier_name: 'MetLife', policy_number: 'LP-00998877' };

describe('life insurance policies (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    caseId = await newCase(t, owner);
    base = `/v1/cases/${caseId}/life-insurance`;
  });
  afterAll(() => t.close());

  it('requires carrier_name and policy_number; policy_number is encrypted and masked in every response', async () => {
    const missing = await t.http().post(base).set(owner.auth).send({});
    expectError(missing, 422, 'validation_error');
    expect(detailFields(missing).sort()).toEqual(['carrier_name', 'policy_number']);
    const res = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, beneficiaries: [{ name: 'Grace', percentage_share: 100, is_irrevocable: true }] });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(representationOf(lifeInsurancePolicyResource).sort());
    expect(data).toMatchObject({ case_id: caseId, policy_number: '*******8877' });
    expect(data.beneficiaries).toEqual([{ name: 'Grace', relationship: null, percentage_share: 100, designation: null, is_irrevocable: true }]);
    const row = (await t.sql<{ policy_number: string }>('select policy_number from life_insurance_policies where id = $1', [data.id]))[0];
    expect(row.policy_number).not.toContain('8877');
    expect((await t.http().get(`${base}/${data.id}`).set(owner.auth).expect(200)).body.data.policy_number).toBe('*******8877');
    expect((await t.http().get(base).set(owner.auth).expect(200)).body.data[0].policy_number).toBe('*******8877');
    const patched = await t.http().patch(`${base}/${data.id}`).set(owner.auth).send({ policy_number: 'NEW-1234' }).expect(200);
    expect(patched.body.data.policy_number).toBe('****1234');
  });

  it('#24 writes exactly the specification’s policy body; the rest is read-only (422)', async () => {
    const contact = await newContact(t, owner, caseId);
    const policy = await created(t, owner, base, { ...MINIMAL, policy_type: 'term', status: 'in_force', notes: 'n' });
    const res = await t
      .http()
      .patch(`${base}/${policy.id}`)
      .set(owner.auth)
      .send({ carrier_name: 'Prudential', death_benefit: 250000, cash_value: 0, employer_name: 'Acme', claim_filed_date: '2026-09-10', institution_contact_id: contact, notes: null })
      .expect(200);
    expect(res.body.data).toMatchObject({ carrier_name: 'Prudential', death_benefit: 250000, cash_value: 0, claim_filed_date: '2026-09-10', institution_contact_id: contact, notes: null, policy_type: 'term', status: 'in_force' });
    const readOnly = await t.http().patch(`${base}/${policy.id}`).set(owner.auth).send({ policy_type: 'whole', status: 'lapsed', premium_status: 'x', claim_status: 'paid', claim_paid_date: '2026-10-01', claim_paid_amount: 1 });
    expectError(readOnly, 422, 'validation_error');
    expect(detailFields(readOnly).sort()).toEqual(['claim_paid_amount', 'claim_paid_date', 'claim_status', 'policy_type', 'premium_status', 'status']);
    const invalid = await t.http().patch(`${base}/${policy.id}`).set(owner.auth).send({ carrier_name: null, policy_number: null, claim_filed_date: '2026-13-01', death_benefit: -1e13, beneficiaries: [{ name: 'A', is_irrevocable: 'no' }] });
    expectError(invalid, 422, 'validation_error');
    expect(detailFields(invalid)).toEqual(expect.arrayContaining(['carrier_name', 'policy_number', 'claim_filed_date', 'death_benefit', 'beneficiaries.0.is_irrevocable']));
  });

  it('applies the shares rule per designation (422 naming beneficiaries)', async () => {
    const over = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, beneficiaries: [{ name: 'A', percentage_share: 50 }, { name: 'B', percentage_share: 50 }, { name: 'C', percentage_share: 1 }] });
    expectError(over, 422, 'validation_error');
    expect(detailFields(over)).toEqual(['beneficiaries']);
    const policy = await created(t, owner, base, { ...MINIMAL, beneficiaries: [{ name: 'A', percentage_share: 100 }, { name: 'B', percentage_share: 100, designation: 'contingent' }] });
    const patch = await t.http().patch(`${base}/${policy.id}`).set(owner.auth).send({ beneficiaries: [{ name: 'A', percentage_share: 100 }, { name: 'B', percentage_share: 100 }] });
    expectError(patch, 422, 'validation_error');
    expect(detailFields(patch)).toEqual(['beneficiaries']);
  });

});
