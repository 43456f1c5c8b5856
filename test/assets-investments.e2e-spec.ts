import { investmentAccountResource } from '@estate/assets';
import { representationOf } from '@estate/shared-kernel';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';
import { created, newCase, newContact } from './support/assets-holdings-fixtures';

const MINIMAL = { account_type: 'brokerage', custodian_name: 'Fidelity Investments' };

describe('investment accounts (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    caseId = await newCase(t, owner);
    base = `/v1/cases/${caseId}/investment-accounts`;
  });
  afterAll(() => t.close());

  it('creates with nested holdings and beneficiaries read back null-filled; account_number encrypted and masked', async () => {
    const res = await t.http().post(base).set(owner.auth).send({
      ...MINIMAL,
      account_number: 'Z12345678',
      holdings: [{ symbol: 'VTI', quantity: 120.5, market_value: 33012.75 }],
      beneficiaries: [{ name: 'Grace', percentage_share: 100 }],
    });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(representationOf(investmentAccountResource).sort());
    expect(data).toMatchObject({ case_id: caseId, account_number: '*****5678', transfer_status: null, status: null });
    expect(data.holdings).toEqual([{ symbol: 'VTI', name: null, quantity: 120.5, market_value: 33012.75, cost_basis: null, asset_class: null }]);
    expect(data.beneficiaries).toEqual([{ name: 'Grace', relationship: null, percentage_share: 100, designation: null }]);
    const row = (await t.sql<{ account_number: string }>('select account_number from investment_accounts where id = $1', [data.id]))[0];
    expect(row.account_number).not.toContain('5678');
    const empty = await created(t, owner, base, MINIMAL);
    expect(empty).toMatchObject({ holdings: [], beneficiaries: [], account_number: null });
    const listed = await t.http().get(base).set(owner.auth).expect(200);
    expect(listed.body.data.find((a: { id: string }) => a.id === data.id).account_number).toBe('*****5678');
  });

  it('applies the shares rule per designation on create and on the merged result of a patch', async () => {
    const over = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, beneficiaries: [{ name: 'A', percentage_share: 60 }, { name: 'B', percentage_share: 41, designation: 'primary' }] });
    expectError(over, 422, 'validation_error');
    expect(detailFields(over)).toEqual(['beneficiaries']);
    const account = await created(t, owner, base, {
      ...MINIMAL,
      beneficiaries: [
        { name: 'A', percentage_share: 33.33 },
        { name: 'B', percentage_share: 33.33 },
        { name: 'C', percentage_share: 33.34 },
        { name: 'D', percentage_share: 100, designation: 'contingent' },
      ],
    });
    const patchOver = await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ beneficiaries: [{ name: 'X', percentage_share: 50, designation: 'contingent' }, { name: 'Y', percentage_share: 50.01, designation: 'contingent' }] });
    expectError(patchOver, 422, 'validation_error');
    expect(detailFields(patchOver)).toEqual(['beneficiaries']);
    const unchanged = await t.http().get(`${base}/${account.id}`).set(owner.auth).expect(200);
    expect(unchanged.body.data.beneficiaries).toHaveLength(4);
    const ok = await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ beneficiaries: [{ name: 'X', percentage_share: 100 }] }).expect(200);
    expect(ok.body.data.beneficiaries).toEqual([{ name: 'X', relationship: null, percentage_share: 100, designation: null }]);
    const badShare = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, beneficiaries: [{ name: 'A', percentage_share: 101 }, { percentage_share: -1 }] });
    expectError(badShare, 422, 'validation_error');
    expect(detailFields(badShare)).toEqual(expect.arrayContaining(['beneficiaries.0.percentage_share', 'beneficiaries.1.name', 'beneficiaries.1.percentage_share']));
  });

  it('merge-patches and refuses invalid patches with one detail per problem', async () => {
    const contact = await newContact(t, owner, caseId);
    const account = await created(t, owner, base, { ...MINIMAL, notes: 'n', balance: 10 });
    const res = await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ transfer_status: 'in_review', notes: null, institution_contact_id: contact, date_of_death_value: 56250.1 }).expect(200);
    expect(res.body.data).toMatchObject({ transfer_status: 'in_review', notes: null, balance: 10, institution_contact_id: contact, date_of_death_value: 56250.1 });
    const bad = await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({
      account_type: 'mattress',
      custodian_name: null,
      transfer_status: 'gone',
      holdings: [{ quantity: -1, market_value: 1.234 }],
      balance: 'ten',
      institution_contact_id: '01BX5ZZKBKACTAV9WEVGEMMVRZ',
    });
    expectError(bad, 422, 'validation_error');
    expect(detailFields(bad)).toEqual(expect.arrayContaining(['account_type', 'custodian_name', 'transfer_status', 'holdings.0.quantity', 'holdings.0.market_value', 'balance']));
    const badContact = await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ institution_contact_id: '01BX5ZZKBKACTAV9WEVGEMMVRZ' });
    expectError(badContact, 422, 'validation_error');
    expect(detailFields(badContact)).toEqual(['institution_contact_id']);
  });

});
