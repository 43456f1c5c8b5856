import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

/** Contract-extensions §10.6: the estate's EIN, one per case. */

const EIN = '91-1234567';
const MASKED_EIN = '******4567';
const ADDRESS = { address1: '12 Elm Street', address2: null, city: 'Springfield', state: 'IL', zip: '62701' };

const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('EIN of the estate (e2e, contract-extensions §10.6)', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(() => t.close());

  const url = (caseId: string) => `/v1/cases/${caseId}/ein`;
  const put = (caseId: string, body: Record<string, unknown>) => t.http().put(url(caseId)).set(owner.auth).send(body);
  const patch = (caseId: string, body: Record<string, unknown>) => t.http().patch(url(caseId)).set(owner.auth).send(body);
  const newCase = async (body: Record<string, unknown> = {}) => (await t.http().post('/v1/cases').set(owner.auth).send(body).expect(201)).body.data.id as string;
  const row = async (caseId: string) => (await t.sql<Record<string, any>>('select * from estate_eins where case_id = $1', [caseId]))[0];

  it('defaults from the deceased and the executor; the SSN last fours are computed, the full numbers stay on them', async () => {
    const caseId = await newCase();
    await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ first_name: 'Harold', middle_name: 'James', last_name: 'Whitaker', date_of_death: '2026-08-14', ssn: '123-45-6789' }).expect((res) => expect([200, 201]).toContain(res.status));
    await t.http().put(`/v1/cases/${caseId}/executor`).set(owner.auth).send({ first_name: 'Grace', last_name: 'Okafor', role: 'executor', ssn: '987-65-4321' }).expect(201);
    const res = await put(caseId, { mailing_address: ADDRESS });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      legal_name: 'Estate of Harold James Whitaker',
      care_of_name: 'Grace Okafor, Executor',
      responsible_party_name: 'Grace Okafor',
      responsible_party_ssn_last4: '4321',
      decedent_ssn_last4: '6789',
      date_started: '2026-08-14',
      closing_month: 12,
      reason_for_applying: 'banking_purpose',
      entity_type: 'estate',
      status: 'requested',
      ein: null,
      assigned_date: null,
    });
    expect(res.text).not.toContain('123-45-6789');
    expect(res.text).not.toContain('987-65-4321');
  });

  it('setting ein assigns it (assigned_date today by default), masked in responses, encrypted at rest, masked in events', async () => {
    const caseId = await newCase();
    await put(caseId, { mailing_address: ADDRESS }).expect(201);
    const res = await patch(caseId, { ein: EIN });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ein: MASKED_EIN, status: 'assigned', assigned_date: todayUtc() });
    const stored = await row(caseId);
    expect(stored.ein).not.toContain('1234567');
    expect(stored.status).toBe('assigned');
    const events = await t.sql<{ type: string; data: { data?: { ein?: string } } }>(`select type, data from events where case_id = $1 and type like 'ein.%'`, [caseId]);
    expect(events.length).toBe(2);
    const listed = await t.http().get(`/v1/cases/${caseId}/events`).set(owner.auth).expect(200);
    const types = listed.body.data.map((event: { type: string }) => event.type);
    expect(types).toEqual(expect.arrayContaining(['ein.created', 'ein.status_changed']));
    const moved = events.find((event) => event.type === 'ein.status_changed') as unknown as { data: { previous_attributes?: Record<string, unknown> } };
    expect(moved.data.previous_attributes).toMatchObject({ status: 'requested', ein: null });
    expect(listed.text).not.toContain(EIN);
    expect(listed.text).not.toContain('1234567');
    expect(JSON.stringify(events)).not.toContain('1234567');
    expect(JSON.stringify(events)).toContain(MASKED_EIN);
    expect((await t.http().get(url(caseId)).set(owner.auth)).body.data.ein).toBe(MASKED_EIN);
    await t.http().delete(url(caseId)).set(owner.auth).expect(204);
    const after = await t.http().get(`/v1/cases/${caseId}/events`).set(owner.auth).expect(200);
    expect(after.body.data.map((event: { type: string }) => event.type)).toContain('ein.deleted');
    expect(await row(caseId)).toBeUndefined();
  });

  it("takes the principal state and county from the probate case unless sent", async () => {
    const caseId = await newCase();
    const unplaced = await put(caseId, { mailing_address: ADDRESS }).expect(201);
    expect(unplaced.body.data).toMatchObject({ principal_state: null, principal_county: null });
    await t.http().put(`/v1/cases/${caseId}/probate`).set(owner.auth).send({ state: 'FL', probate_type: 'formal', county_fips: '12086' }).expect(201);
    const placed = await put(caseId, { mailing_address: ADDRESS }).expect(200);
    expect(placed.body.data).toMatchObject({ principal_state: 'FL', principal_county: 'Miami-Dade' });
    const sent = await put(caseId, { mailing_address: ADDRESS, principal_state: 'IL', principal_county: 'Sangamon' }).expect(200);
    expect(sent.body.data).toMatchObject({ principal_state: 'IL', principal_county: 'Sangamon' });
  });

  it('needs mailing_address unless ein is sent', async () => {
    const caseId = await newCase();
    const res = await put(caseId, { applied_via: 'online' });
    expectError(res, 422, 'validation_error');
    expect(detailFields(res)).toEqual(['mailing_address']);
    expect(await row(caseId)).toBeUndefined();
    expect((await put(caseId, { ein: EIN })).status).toBe(201);
  });

  it.each(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97'])('refuses the never-issued prefix %s', async (prefix) => {
    const caseId = await newCase();
    const res = await put(caseId, { ein: `${prefix}-1234567` });
    expectError(res, 422, 'validation_error');
    expect(detailFields(res)).toEqual(['ein']);
    expect(await row(caseId)).toBeUndefined();
  });

  it('assigned_date is a past fact: after today (UTC) it is 422 on PUT and PATCH, and nothing is written; today is fine', async () => {
    // Two days on: a run across midnight UTC cannot make it today.
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const caseId = await newCase();
    const created = await put(caseId, { ein: EIN, assigned_date: later });
    expectError(created, 422, 'validation_error');
    expect(detailFields(created)).toEqual(['assigned_date']);
    expect(await row(caseId)).toBeUndefined();
    await put(caseId, { mailing_address: ADDRESS }).expect(201);
    const before = await row(caseId);
    for (const res of [await put(caseId, { ein: EIN, assigned_date: later }), await patch(caseId, { ein: EIN, assigned_date: later }), await patch(caseId, { assigned_date: later })]) {
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['assigned_date']);
    }
    expect(await row(caseId)).toEqual(before);
    expect((await patch(caseId, { ein: EIN, assigned_date: todayUtc() }).expect(200)).body.data).toMatchObject({ status: 'assigned', assigned_date: todayUtc() });
  });

  it('refuses a malformed EIN, a closing month outside 1–12, an unknown reason, and computed fields', async () => {
    const caseId = await newCase();
    for (const [body, field] of [
      [{ ein: '911234567' }, 'ein'],
      [{ ein: '91-123456' }, 'ein'],
      [{ mailing_address: ADDRESS, closing_month: 13 }, 'closing_month'],
      [{ mailing_address: ADDRESS, reason_for_applying: 'payroll' }, 'reason_for_applying'],
      [{ mailing_address: ADDRESS, status: 'assigned' }, 'status'],
      [{ mailing_address: ADDRESS, decedent_ssn_last4: '1234' }, 'decedent_ssn_last4'],
      [{ mailing_address: ADDRESS, entity_type: 'estate' }, 'entity_type'],
    ] as const) {
      const res = await put(caseId, body);
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toContain(field);
    }
    expect(await row(caseId)).toBeUndefined();
  });

  it("another organization's case is 404 and changes nothing", async () => {
    const caseId = await newCase();
    await put(caseId, { mailing_address: ADDRESS, ein: EIN }).expect(201);
    const other = await t.invite();
    expectError(await t.http().get(url(caseId)).set(other.auth), 404, 'not_found');
    expectError(await t.http().patch(url(caseId)).set(other.auth).send({ notes: 'x' }), 404, 'not_found');
    expectError(await t.http().delete(url(caseId)).set(other.auth), 404, 'not_found');
    expect((await row(caseId)).notes).toBeNull();
  });
});
