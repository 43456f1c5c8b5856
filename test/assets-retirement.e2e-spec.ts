import { retirementAccountResource } from '@estate/assets';
import { representationOf } from '@estate/shared-kernel';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';
import { created, newCase, newContact } from './support/assets-holdings-fixtures';

const MINIMAL = { account_type: 'traditional_ira', custodian_name: 'Vanguard' };

describe('retirement accounts (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    caseId = await newCase(t, owner);
    base = `/v1/cases/${caseId}/retirement-accounts`;
  });
  afterAll(() => t.close());

  it('creates with defaults (rmd_required false, arrays []) and masks account_number everywhere', async () => {
    const res = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, account_number: '88001234567', distribution_status: 'pending_beneficiary_docs' });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(representationOf(retirementAccountResource).sort());
    expect(data).toMatchObject({ case_id: caseId, account_number: '*******4567', rmd_required: false, beneficiaries: [], distribution_options: [], distribution_status: 'pending_beneficiary_docs' });
    expect((await t.http().get(`${base}/${data.id}`).set(owner.auth).expect(200)).body.data.account_number).toBe('*******4567');
    const row = (await t.sql<{ account_number: string }>('select account_number from retirement_accounts where id = $1', [data.id]))[0];
    expect(row.account_number).not.toContain('4567');
  });

  it('#23 writes exactly the specification’s retirement body; the rest is read-only (422)', async () => {
    const contact = await newContact(t, owner, caseId);
    const account = await created(t, owner, base, { ...MINIMAL, employer_name: 'Acme', notes: 'n', distribution_options: ['lump_sum'] });
    const res = await t
      .http()
      .patch(`${base}/${account.id}`)
      .set(owner.auth)
      .send({
        custodian_name: 'Schwab',
        account_number: '99887766',
        employer_name: null,
        balance: 212000.01,
        beneficiaries: [{ name: 'Grace', relationship: 'daughter', percentage_share: 100 }, { name: 'Ada', percentage_share: 100, designation: 'contingent' }],
        distribution_options: ['inherited_ira', 'five_year_rule'],
        rmd_required: true,
        institution_contact_id: contact,
        notes: null,
      })
      .expect(200);
    expect(res.body.data).toMatchObject({
      custodian_name: 'Schwab',
      account_number: '****7766',
      employer_name: null,
      balance: 212000.01,
      distribution_options: ['inherited_ira', 'five_year_rule'],
      rmd_required: true,
      institution_contact_id: contact,
      notes: null,
      account_type: 'traditional_ira',
    });
    expect(res.body.data.beneficiaries[1]).toEqual({ name: 'Ada', relationship: null, percentage_share: 100, designation: 'contingent' });
    const readOnly = await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ account_type: 'roth_ira', status: 'open', distribution_status: 'completed', rmd_amount: 1, tax_treatment: 'roth' });
    expectError(readOnly, 422, 'validation_error');
    expect(detailFields(readOnly).sort()).toEqual(['account_type', 'distribution_status', 'rmd_amount', 'status', 'tax_treatment']);
    const invalid = await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ custodian_name: null, rmd_required: 'yes', distribution_options: 'lump_sum', balance: 1e15 });
    expectError(invalid, 422, 'validation_error');
    expect(detailFields(invalid)).toEqual(expect.arrayContaining(['custodian_name', 'rmd_required', 'distribution_options', 'balance']));
  });

  it('applies the shares rule (422 naming beneficiaries) on create and patch', async () => {
    const over = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, beneficiaries: [{ name: 'A', percentage_share: 100 }, { name: 'B', percentage_share: 0.01 }] });
    expectError(over, 422, 'validation_error');
    expect(detailFields(over)).toEqual(['beneficiaries']);
    const account = await created(t, owner, base, { ...MINIMAL, beneficiaries: [{ name: 'A', percentage_share: 70, designation: 'primary' }] });
    const patch = await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ beneficiaries: [{ name: 'A', percentage_share: 70 }, { name: 'B', percentage_share: 31 }] });
    expectError(patch, 422, 'validation_error');
    expect(detailFields(patch)).toEqual(['beneficiaries']);
  });

});
