import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';
import { upload } from './support/document-files';
import { LETTERS_OF_ROLE } from './support/executor-letters';

/** Contract-extensions §10.5: the executor, one per case. */

const SSN = '987-65-4321';

/** Every writable field but the two references (they need records of the case: tested below): nothing of it keeps the row from going with its case. */
const EVERY_FIELD = {
  first_name: 'Grace',
  middle_name: 'Adaeze',
  last_name: 'Okafor',
  suffix: 'Jr.',
  email: 'grace.okafor@example.com',
  phone: '+1 217 555 0134',
  date_of_birth: '1968-05-02',
  ssn: SSN,
  address: { address1: '12 Elm Street', address2: 'Apt 4B', city: 'Springfield', state: 'IL', zip: '62701' },
  relationship_to_deceased: 'child',
  role: 'executor',
  is_professional: true,
  firm_name: 'Okafor & Reyes LLP',
  appointment_date: '2026-09-15',
  letters_type: 'letters_of_administration_with_will_annexed',
  letters_issued_date: '2026-09-22',
  bond_status: 'posted',
  bond_amount: 250000.5,
  surety_name: 'Prairie Surety Co.',
  bond_number: 'PS-2026-00417',
  irs_form_56_filed_date: '2026-09-30',
  irs_form_56_terminated_date: '2026-11-20',
  notes: 'Eldest daughter.',
};

const MINIMAL = { first_name: 'Samuel', last_name: 'Reyes', role: 'administrator' };

function isoDateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('executor (e2e, contract-extensions §10.5)', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(() => t.close());

  const url = (caseId: string) => `/v1/cases/${caseId}/executor`;
  const put = (caseId: string, body: Record<string, unknown>) => t.http().put(url(caseId)).set(owner.auth).send(body);
  const patch = (caseId: string, body: Record<string, unknown>) => t.http().patch(url(caseId)).set(owner.auth).send(body);

  async function newCase(body: Record<string, unknown> = {}): Promise<string> {
    return (await t.http().post('/v1/cases').set(owner.auth).send(body).expect(201)).body.data.id;
  }

  async function row(caseId: string): Promise<Record<string, any> | undefined> {
    return (await t.sql('select * from executors where case_id = $1', [caseId]))[0];
  }

  async function refused(res: Awaited<ReturnType<typeof put>>, fields: string[]): Promise<void> {
    expectError(res, 422, 'validation_error');
    expect(detailFields(res).sort()).toEqual([...fields].sort());
  }

  it('letters_type defaults from the role, and a given one is kept; bond_status not_required and is_professional false by default', async () => {
    const caseId = await newCase();
    for (const [role, letters] of Object.entries(LETTERS_OF_ROLE)) {
      const res = await put(caseId, { ...MINIMAL, role });
      expect([200, 201]).toContain(res.status);
      expect(res.body.data).toMatchObject({ role, letters_type: letters, bond_status: 'not_required', is_professional: false, identity_status: 'unverified' });
    }
    const kept = await put(caseId, { ...MINIMAL, role: 'executor', letters_type: 'letters_of_administration' });
    expect(kept.body.data.letters_type).toBe('letters_of_administration');
    // A merge patch that clears letters_type takes the role's default again.
    expect((await patch(caseId, { role: 'special_administrator', letters_type: null }).expect(200)).body.data.letters_type).toBe('letters_of_special_administration');
    expect(await row(caseId)).toMatchObject({ letters_type: 'letters_of_special_administration', bond_status: 'not_required', is_professional: false });
  });

  it('422 for values outside the enumerations: role, relationship_to_deceased, letters_type, bond_status', async () => {
    const caseId = await newCase();
    const res = await put(caseId, { ...MINIMAL, role: 'trustee', relationship_to_deceased: 'cousin', letters_type: 'letters', bond_status: 'maybe' });
    await refused(res, ['role', 'relationship_to_deceased', 'letters_type', 'bond_status']);
    expect(res.body.error.details.map((detail: { reason: string }) => detail.reason)).toEqual(['enum', 'enum', 'enum', 'enum']);
    expect(await row(caseId)).toBeUndefined();
  });

  it('bond: posted needs bond_amount > 0 and surety_name; not_required (the default) and waived need bond_amount null; required takes either', async () => {
    const caseId = await newCase();
    await refused(await put(caseId, { ...MINIMAL, bond_status: 'posted' }), ['bond_amount', 'surety_name']);
    await refused(await put(caseId, { ...MINIMAL, bond_status: 'posted', bond_amount: 0, surety_name: 'Prairie Surety Co.' }), ['bond_amount']);
    await refused(await put(caseId, { ...MINIMAL, bond_status: 'posted', bond_amount: 1000, surety_name: '  ' }), ['surety_name']);
    await refused(await put(caseId, { ...MINIMAL, bond_amount: 1000 }), ['bond_amount']);
    await refused(await put(caseId, { ...MINIMAL, bond_status: 'waived', bond_amount: 1000 }), ['bond_amount']);
    await refused(await put(caseId, { ...MINIMAL, bond_amount: -5 }), ['bond_amount']);
    expect(await row(caseId)).toBeUndefined();
    expect((await put(caseId, { ...MINIMAL, bond_status: 'required' })).status).toBe(201);
    expect((await put(caseId, { ...MINIMAL, bond_status: 'required', bond_amount: 50000 })).body.data.bond_amount).toBe(50000);
    const posted = await put(caseId, { ...MINIMAL, bond_status: 'posted', bond_amount: 50000.25, surety_name: 'Prairie Surety Co.' });
    expect(posted.status).toBe(200);
    expect(posted.body.data).toMatchObject({ bond_status: 'posted', bond_amount: 50000.25 });
    expect((await row(caseId))?.bond_amount).toBe('50000.25');
    // The rules hold for a merged PATCH too: waiving the bond while its amount stays is refused, row unchanged.
    const before = await row(caseId);
    await refused(await patch(caseId, { bond_status: 'waived' }), ['bond_amount']);
    expect(await row(caseId)).toEqual(before);
    expect((await patch(caseId, { bond_status: 'waived', bond_amount: null, surety_name: null }).expect(200)).body.data).toMatchObject({ bond_status: 'waived', bond_amount: null });
  });

  it('dates: letters on or after the appointment, the appointment on or after the death (when recorded), Form 56 ended after it was filed', async () => {
    const caseId = await newCase({ deceased: { first_name: 'Samuel', last_name: 'Okafor', date_of_death: '2026-08-20' } });
    await refused(await put(caseId, { ...MINIMAL, appointment_date: '2026-09-15', letters_issued_date: '2026-09-14' }), ['letters_issued_date']);
    await refused(await put(caseId, { ...MINIMAL, appointment_date: '2026-08-19' }), ['appointment_date']);
    await refused(await put(caseId, { ...MINIMAL, irs_form_56_terminated_date: '2026-10-01' }), ['irs_form_56_terminated_date']);
    await refused(await put(caseId, { ...MINIMAL, irs_form_56_filed_date: '2026-10-02', irs_form_56_terminated_date: '2026-10-01' }), ['irs_form_56_terminated_date']);
    expect(await row(caseId)).toBeUndefined();
    const ok = await put(caseId, { ...MINIMAL, appointment_date: '2026-08-20', letters_issued_date: '2026-08-20', irs_form_56_filed_date: '2026-10-01', irs_form_56_terminated_date: '2026-10-01' });
    expect(ok.status).toBe(201);
    // Without a deceased record the appointment is not bound to a date of death.
    const bare = await newCase();
    expect((await put(bare, { ...MINIMAL, appointment_date: '1999-01-01' })).status).toBe(201);
  });

  it('past facts and the date of birth may be today but not after it (UTC)', async () => {
    const caseId = await newCase();
    const [today, tomorrow] = [isoDateInDays(0), isoDateInDays(1)];
    for (const field of ['appointment_date', 'letters_issued_date', 'irs_form_56_filed_date', 'date_of_birth']) {
      const res = await put(caseId, { ...MINIMAL, [field]: tomorrow });
      await refused(res, [field]);
      expect(res.body.error.details[0].reason).toBe('rule');
    }
    await refused(await put(caseId, { ...MINIMAL, irs_form_56_filed_date: today, irs_form_56_terminated_date: tomorrow }), ['irs_form_56_terminated_date']);
    const ok = await put(caseId, { ...MINIMAL, appointment_date: today, letters_issued_date: today, irs_form_56_filed_date: today, irs_form_56_terminated_date: today, date_of_birth: today });
    expect(ok.status).toBe(201);
  });

  it('identity_status is computed: sending it is 422 on PUT and PATCH, and nothing changes', async () => {
    const caseId = await newCase();
    const sent = await put(caseId, { ...MINIMAL, identity_status: 'verified' });
    await refused(sent, ['identity_status']);
    expect(sent.body.error.details[0].reason).toBe('unknown_field');
    await put(caseId, MINIMAL).expect(201);
    const before = await row(caseId);
    await refused(await patch(caseId, { identity_status: 'verified' }), ['identity_status']);
    expect(await row(caseId)).toEqual(before);
    expect(before?.identity_status).toBe('unverified');
  });

  it('the SSN is stored encrypted and returned masked in every response and event, never in full', async () => {
    const caseId = await newCase();
    const created = await put(caseId, { ...MINIMAL, ssn: SSN });
    expect(created.body.data.ssn).toBe('*******4321');
    const stored = (await row(caseId))?.ssn as string;
    expect(stored).not.toContain('4321');
    expect(stored).not.toContain('987');
    await patch(caseId, { ssn: '111-22-3333' }).expect(200);
    await t.http().delete(url(caseId)).set(owner.auth).expect(204);
    const events = await t.sql<{ type: string; text: string }>(`select type, data::text as text from events where case_id = $1 and type like 'executor.%' order by id`, [caseId]);
    expect(events.map((event) => event.type)).toEqual(['executor.created', 'executor.updated', 'executor.deleted']);
    for (const event of events) for (const secret of [SSN, '987654321', '111-22-3333', '111223333']) expect(event.text).not.toContain(secret);
    const updated = await t.sql<{ data: any }>(`select data from events where case_id = $1 and type = 'executor.updated'`, [caseId]);
    expect(updated[0].data.previous_attributes).toEqual({ ssn: '*******4321' });
    expect(updated[0].data.object.ssn).toBe('*******3333');
  });

  it('person_id names a Person of this case (else 422); deleting that person leaves the executor naming none', async () => {
    const caseId = await newCase();
    const other = await newCase();
    const person = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ first_name: 'Grace', last_name: 'Okafor', relationship: 'daughter' }).expect(201)).body.data;
    const stranger = (await t.http().post(`/v1/cases/${other}/persons`).set(owner.auth).send({ first_name: 'Ann', last_name: 'Lee', relationship: 'friend' }).expect(201)).body.data;
    for (const id of [stranger.id, '01BX5ZZKBKACTAV9WEVGEMMVRZ', 'nonsense']) {
      const res = await put(caseId, { ...MINIMAL, person_id: id });
      await refused(res, ['person_id']);
      expect(res.body.error.details[0]).toMatchObject({ reason: 'rule', message: 'person_id must name a person of this case, or be null' });
    }
    const named = await put(caseId, { ...MINIMAL, person_id: person.id }).expect(201);
    expect(named.body.data.person_id).toBe(person.id);
    await t.http().delete(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).expect(204);
    // The representation changed, so the ETag did: a client's cached copy is not answered 304.
    const after = await t.http().get(url(caseId)).set(owner.auth).set('If-None-Match', named.headers.etag).expect(200);
    expect(after.body.data.person_id).toBeNull();
    expect(after.headers.etag).not.toBe(named.headers.etag);
  });

  it('letters_document_id names a document of this case (else 422); that document cannot be deleted while named (409 document_in_use)', async () => {
    const caseId = await newCase();
    const other = await newCase();
    const letters = (await upload(t, owner, caseId, { fields: { type: 'letters_testamentary' } }).expect(201)).body.data;
    const foreign = (await upload(t, owner, other, { fields: { type: 'letters_testamentary' } }).expect(201)).body.data;
    await refused(await put(caseId, { ...MINIMAL, letters_document_id: foreign.id }), ['letters_document_id']);
    await put(caseId, { ...MINIMAL, letters_document_id: letters.id }).expect(201);
    const inUse = await t.http().delete(`/v1/cases/${caseId}/documents/${letters.id}`).set(owner.auth);
    expectError(inUse, 409, 'document_in_use');
    expect(inUse.body.error.details).toEqual([{ field: `executor:${caseId}`, message: `executor ${caseId} names this document`, reason: 'conflict' }]);
    await patch(caseId, { letters_document_id: null }).expect(200);
    await t.http().delete(`/v1/cases/${caseId}/documents/${letters.id}`).set(owner.auth).expect(204);
  });

  it('a PUT or PATCH that changes nothing keeps updated_at, the ETag and writes no event; a change moves them', async () => {
    const caseId = await newCase();
    const created = await put(caseId, { ...MINIMAL, ssn: SSN });
    const same = await put(caseId, { ...MINIMAL, ssn: SSN });
    expect(same.status).toBe(200);
    expect(same.headers.etag).toBe(created.headers.etag);
    expect(same.body.data.updated_at).toBe(created.body.data.updated_at);
    // Only the hidden digits of the SSN change: a stored change all the same.
    const digits = await put(caseId, { ...MINIMAL, ssn: '000-00-4321' });
    expect(digits.headers.etag).not.toBe(created.headers.etag);
    expect(digits.body.data.updated_at >= created.body.data.updated_at).toBe(true);
    const events = await t.sql<{ type: string }>(`select type from events where case_id = $1 and type like 'executor.%'`, [caseId]);
    expect(events.map((event) => event.type)).toEqual(['executor.created']);
  });

  it('goes with its case: deleting the case erases the executor row', async () => {
    const caseId = await newCase();
    await put(caseId, EVERY_FIELD).expect(201);
    await t.http().delete(`/v1/cases/${caseId}`).set(owner.auth).expect(204);
    expect(await row(caseId)).toBeUndefined();
  });
});
