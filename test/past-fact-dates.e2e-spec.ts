import { detailFields } from './support/api-assertions';
import { created, isoDateInDays, newCase } from './support/assets-holdings-fixtures';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Dates of past facts (contract-extensions §10.0: `filed_date`, `response_date`, `opened_date`, `closed_date`,
 * `appointment_date`, `letters_issued_date`, `assigned_date`, `paid_date`, `claim_*_date`, `irs_form_56_*_date`) are
 * not after today (UTC): on create, on a replacing `PUT` and on `PATCH` of every resource that has one, the answer is
 * `422` naming the field, and the record stays as it was. (`paid_date` is written only by a distribution's `/pay`,
 * tested in probate-distributions.) "After today" is two days on, so a run across midnight UTC cannot change the verdict.
 */
describe('dates of past facts are not after today (e2e, contract-extensions §10.0)', () => {
  let t: TestApp;
  let owner: TestCaller;
  const later = () => isoDateInDays(2);
  const today = () => isoDateInDays(0);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(() => t.close());

  const put = (path: string, body: Record<string, unknown>) => t.http().put(path).set(owner.auth).send(body);
  const post = (path: string, body: Record<string, unknown>) => t.http().post(path).set(owner.auth).send(body);
  const patch = (path: string, body: Record<string, unknown>) => t.http().patch(path).set(owner.auth).send(body);
  const read = async (path: string) => (await t.http().get(path).set(owner.auth).expect(200)).body.data;

  /** 422 on exactly `field`; the record at `path` (when there is one) unchanged. */
  async function refused(res: { status: number; body: any }, field: string, path?: string, before?: unknown): Promise<void> {
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 422, code: 'validation_error' });
    expect(detailFields(res as never)).toEqual([field]);
    if (path) expect(await read(path)).toEqual(before);
  }

  describe('singletons: PUT creating, PUT replacing, PATCH', () => {
    const singletons: Array<{ name: string; path: string; body: Record<string, unknown>; fields: string[] }> = [
      { name: 'EIN', path: 'ein', body: { mailing_address: { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' }, ein: '91-1234567' }, fields: ['assigned_date'] },
      { name: 'probate case', path: 'probate', body: { state: 'IL', probate_type: 'formal' }, fields: ['filed_date', 'opened_date', 'closed_date'] },
      { name: 'executor', path: 'executor', body: { first_name: 'Samuel', last_name: 'Reyes', role: 'administrator' }, fields: ['appointment_date', 'letters_issued_date', 'irs_form_56_filed_date', 'irs_form_56_terminated_date'] },
    ];
    for (const { name, path, body, fields } of singletons) {
      it(`${name}: ${fields.join(', ')}`, async () => {
        const caseId = await newCase(t, owner);
        const at = `/v1/cases/${caseId}/${path}`;
        // The earlier dates a later one needs (filed before opened, Form 56 filed before it ends) are today's.
        const needs: Record<string, Record<string, unknown>> = { irs_form_56_terminated_date: { irs_form_56_filed_date: today() } };
        for (const field of fields) {
          await refused(await put(at, { ...body, ...needs[field], [field]: later() }), field);
          expect((await t.http().get(at).set(owner.auth)).status).toBe(404);
        }
        expect((await put(at, body)).status).toBe(201);
        const stored = await read(at);
        for (const field of fields) {
          await refused(await put(at, { ...body, ...needs[field], [field]: later() }), field, at, stored);
          await refused(await patch(at, { ...needs[field], [field]: later() }), field, at, stored);
        }
        const ok = await patch(at, Object.fromEntries(fields.filter((field) => field !== 'closed_date').map((field) => [field, today()])));
        expect({ status: ok.status, error: ok.body.error }).toEqual({ status: 200, error: undefined });
      });
    }
  });

  describe('collections: POST, PATCH', () => {
    const collections: Array<{ name: string; path: string; body: Record<string, unknown>; fields: string[]; patchable?: string[]; before?: (caseId: string) => Promise<void> }> = [
      {
        name: 'filing',
        path: 'probate/filings',
        body: { filing_type: 'petition', title: 'Petition for Probate' },
        fields: ['filed_date', 'response_date'],
        before: async (caseId) => void (await put(`/v1/cases/${caseId}/probate`, { state: 'IL', probate_type: 'formal' }).expect(201)),
      },
      { name: 'unclaimed property', path: 'unclaimed-property', body: { state: 'IL', holder_name: 'First Prairie Bank', property_type: 'dormant_bank_account' }, fields: ['claim_filed_date', 'claim_approved_date', 'claim_paid_date'] },
      {
        name: 'bank account',
        path: 'bank-accounts',
        body: { institution_name: 'First Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789' },
        fields: ['opened_date', 'closed_date'],
      },
      // `#24` writes `claim_filed_date` of the claim's dates; `claim_paid_date` is set on create only.
      { name: 'life insurance policy', path: 'life-insurance', body: { carrier_name: 'MetLife', policy_number: 'LP-00998877' }, fields: ['claim_filed_date', 'claim_paid_date'], patchable: ['claim_filed_date'] },
    ];
    for (const { name, path, body, fields, patchable = fields, before } of collections) {
      it(`${name}: ${fields.join(', ')}`, async () => {
        const caseId = await newCase(t, owner);
        await before?.(caseId);
        const at = `/v1/cases/${caseId}/${path}`;
        for (const field of fields) await refused(await post(at, { ...body, [field]: later() }), field);
        expect((await t.http().get(at).set(owner.auth).expect(200)).body.data).toEqual([]);
        const record = await created(t, owner, at, body);
        const one = `${at}/${record.id}`;
        const stored = await read(one);
        for (const field of patchable) await refused(await patch(one, { [field]: later() }), field, one, stored);
        const ok = await patch(one, { [patchable[0]]: today() });
        expect({ status: ok.status, error: ok.body.error }).toEqual({ status: 200, error: undefined });
      });
    }
  });
});
