import { EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { CaseProbateState, NotarizationSteps } from '@estate/documents';
import { jurisdictionRules } from '@estate/court';
import type { ShippedCounty } from '@estate/court';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { pdfBytes, upload } from './support/document-files';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/** Contract-extensions §10.1: the probate case, one per case. */

const COURT = { address1: '111 N Hill St', address2: null, city: 'Los Angeles', state: 'CA', zip: '90012' };
const MINIMAL = { state: 'IL', probate_type: 'formal' };

function isoDateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('probate case (e2e, contract-extensions §10.1)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  const rules = jurisdictionRules();
  const california = rules.states.find((state) => state.code === 'CA')!;
  const restore = { shipped: california.counties_shipped, counties: [...rules.counties] };
  let restoreEnv: () => void;

  beforeAll(async () => {
    // The notarization below is stepped here, not by the processor.
    restoreEnv = overrideEnv({ PROVIDER_PROCESSOR: 'off', PROVIDER_STEP_DELAY_MS: '0' });
    // The county data of §10.4 is another change's: where California ships none yet, this test adds two of its counties
    // (in memory, for this process only), one with its own court and one without; otherwise it uses the shipped ones
    // and adds only a county without a court name if none is shipped.
    const shipped = rules.counties as ShippedCounty[];
    if (!california.counties_shipped) {
      california.counties_shipped = true;
      shipped.push({ fips: '06037', state: 'CA', name: 'Los Angeles', court_name: 'Superior Court of California, County of Los Angeles (Stanley Mosk)', court_address: COURT, court_phone: null, court_website: null });
    }
    if (!shipped.some((county) => county.state === 'CA' && county.court_name === null)) {
      shipped.push({ fips: '06003', state: 'CA', name: 'Alpine', court_name: null, court_address: null, court_phone: null, court_website: null });
    }
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(async () => {
    california.counties_shipped = restore.shipped;
    rules.counties.splice(0, rules.counties.length, ...restore.counties);
    await t.close();
    restoreEnv();
  });

  const url = (caseId: string) => `/v1/cases/${caseId}/probate`;
  const put = (caseId: string, body: Record<string, unknown>, caller = owner) => t.http().put(url(caseId)).set(caller.auth).send(body);
  const patch = (caseId: string, body: Record<string, unknown>, caller = owner) => t.http().patch(url(caseId)).set(caller.auth).send(body);

  async function newCase(caller = owner): Promise<string> {
    return (await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201)).body.data.id;
  }

  async function row(caseId: string): Promise<Record<string, any> | undefined> {
    return (await t.sql('select * from probate_cases where case_id = $1', [caseId]))[0];
  }

  async function eventTypes(caseId: string): Promise<string[]> {
    return (await t.sql<{ type: string }>(`select type from events where case_id = $1 and type like 'probate_case.%' order by id`, [caseId])).map((event) => event.type);
  }

  async function refused(res: Awaited<ReturnType<typeof put>>, fields: string[]): Promise<void> {
    expectError(res, 422, 'validation_error');
    expect(detailFields(res).sort()).toEqual([...fields].sort());
  }

  it('state must be a USPS code of the reference data; probate_type one the state has (California has no informal probate); enums', async () => {
    const caseId = await newCase();
    await refused(await put(caseId, { state: 'ZZ', probate_type: 'formal' }), ['state']);
    await refused(await put(caseId, { state: 'US', probate_type: 'formal' }), ['state']);
    await refused(await put(caseId, { state: 'ca', probate_type: 'formal' }), ['state']);
    expect(detailReasons(await put(caseId, { state: 'CA', probate_type: 'informal' }))).toEqual([['probate_type', 'rule']]);
    expect(detailReasons(await put(caseId, { state: 'CA', probate_type: 'summary', status: 'pending' }))).toEqual([['probate_type', 'enum'], ['status', 'enum']]);
    expect(await row(caseId)).toBeUndefined();
    // A state whose types the reference data does not record takes any of the three.
    const open = rules.states.find((state) => state.probate_types === null)!;
    expect((await put(caseId, { state: open.code, probate_type: 'informal' })).status).toBe(201);
    expect((await put(caseId, { state: 'CA', probate_type: 'small_estate' })).status).toBe(200);
    expect(await row(caseId)).toMatchObject({ state: 'CA', probate_type: 'small_estate', status: 'not_filed', will_admitted: false });
  });

  it('attorney.email is validated; case_number at most 100 characters; estate_value_at_filing not negative', async () => {
    const caseId = await newCase();
    const res = await put(caseId, { ...MINIMAL, attorney: { name: 'Dana Reyes', email: 'not-an-address' }, case_number: 'x'.repeat(101), estate_value_at_filing: -1 });
    await refused(res, ['attorney.email', 'case_number', 'estate_value_at_filing']);
    const ok = await put(caseId, { ...MINIMAL, attorney: { email: 'dana@example.com' } });
    expect(ok.body.data.attorney).toEqual({ name: null, firm: null, bar_number: null, email: 'dana@example.com', phone: null, address: null });
  });

  it('attorney.address is an address object: stored and read back; each member checked as every address is (contract-extensions §16.10)', async () => {
    const caseId = await newCase();
    const address = { address1: '350 S Grand Ave', address2: 'Suite 2100', city: 'Los Angeles', state: 'CA', zip: '90071' };
    const attorney = { name: 'Dana Reyes', firm: 'Okafor & Reyes LLP', bar_number: '284117', email: 'dana@example.com', phone: '+1 213 555 0172', address };
    const created = await put(caseId, { ...MINIMAL, attorney }).expect(201);
    expect(created.body.data.attorney).toEqual(attorney);
    expect((await row(caseId))?.attorney).toMatchObject({ address });
    await refused(await put(caseId, { ...MINIMAL, attorney: { name: 'Dana Reyes', address: { address1: '350 S Grand Ave', city: 'Los Angeles', state: 'ca', zip: '9007' } } }), [
      'attorney.address.state',
      'attorney.address.zip',
    ]);
    await refused(await put(caseId, { ...MINIMAL, attorney: { address: { city: 'Los Angeles', state: 'CA', zip: '90071' } } }), ['attorney.address.address1']);
    await refused(await put(caseId, { ...MINIMAL, attorney: { address: 'Los Angeles' } }), ['attorney.address']);
    // A merge patch changes one member of the address and keeps the others.
    const patched = await patch(caseId, { attorney: { address: { address2: null } } }).expect(200);
    expect(patched.body.data.attorney.address).toEqual({ ...address, address2: null });
    expect((await patch(caseId, { attorney: { address: null } }).expect(200)).body.data.attorney.address).toBeNull();
    // The merged address is checked whole: a patch bringing one member where none is stored is refused.
    await refused(await patch(caseId, { attorney: { address: { city: 'Pasadena', zip: '91101' } } }), ['attorney.address.address1', 'attorney.address.state']);
    expect((await row(caseId))?.attorney.address ?? null).toBeNull();
  });

  it('hearing_time is HH:MM on a 24-hour clock; hearing_department at most 20 characters (contract-extensions §16.10)', async () => {
    const caseId = await newCase();
    const created = await put(caseId, { ...MINIMAL, next_hearing_date: '2027-01-12', hearing_time: '08:30', hearing_department: '11' }).expect(201);
    expect(created.body.data).toMatchObject({ next_hearing_date: '2027-01-12', hearing_time: '08:30', hearing_department: '11' });
    expect(await row(caseId)).toMatchObject({ hearing_time: '08:30', hearing_department: '11' });
    expect((await patch(caseId, { hearing_time: '23:59', hearing_department: 'Dept. 9 (Probate)' }).expect(200)).body.data).toMatchObject({ hearing_time: '23:59', hearing_department: 'Dept. 9 (Probate)' });
    for (const time of ['24:00', '8:30', '08:60', '08:30:00', '0830', '8.30 am', 930]) {
      const res = await patch(caseId, { hearing_time: time });
      await refused(res, ['hearing_time']);
    }
    await refused(await patch(caseId, { hearing_department: 'x'.repeat(21) }), ['hearing_department']);
    await refused(await put(caseId, { ...MINIMAL, hearing_time: '25:00', hearing_department: 'y'.repeat(21) }), ['hearing_time', 'hearing_department']);
    expect(await row(caseId)).toMatchObject({ hearing_time: '23:59', hearing_department: 'Dept. 9 (Probate)' });
    expect((await patch(caseId, { hearing_time: null, hearing_department: null }).expect(200)).body.data).toMatchObject({ hearing_time: null, hearing_department: null });
  });

  it('walks not_filed → filed → open → closed, each move needing its fields; status_changed events; closed is final', async () => {
    const caseId = await newCase();
    await put(caseId, { state: 'CA', probate_type: 'formal' }).expect(201);
    await refused(await patch(caseId, { status: 'filed' }), ['filed_date']);
    await refused(await patch(caseId, { status: 'open', filed_date: '2026-10-05', case_number: '26STPB01234', opened_date: '2026-10-20' }), ['status']);
    expect((await patch(caseId, { status: 'filed', filed_date: '2026-10-05' }).expect(200)).body.data).toMatchObject({ status: 'filed', filed_date: '2026-10-05' });
    await refused(await patch(caseId, { status: 'open' }), ['case_number', 'opened_date']);
    await refused(await patch(caseId, { status: 'open', case_number: '26STPB01234', opened_date: '2026-10-01' }), ['opened_date']);
    await refused(await patch(caseId, { status: 'closed', closed_date: '2026-11-01' }), ['status']);
    await patch(caseId, { status: 'open', case_number: '26STPB01234', opened_date: '2026-10-20' }).expect(200);
    await refused(await patch(caseId, { status: 'closed' }), ['closed_date']);
    await refused(await patch(caseId, { status: 'closed', closed_date: '2026-10-19' }), ['closed_date']);
    await refused(await patch(caseId, { status: 'closed', closed_date: isoDateInDays(1) }), ['closed_date']);
    const closed = await patch(caseId, { status: 'closed', closed_date: '2026-11-20' }).expect(200);
    expect(closed.body.data).toMatchObject({ status: 'closed', closed_date: '2026-11-20', opened_date: '2026-10-20', case_number: '26STPB01234' });
    for (const status of ['open', 'dismissed', 'filed', 'not_filed']) await refused(await patch(caseId, { status }), ['status']);
    // A final case still takes edits of its other fields.
    await patch(caseId, { notes: 'Final accounting approved.' }).expect(200);
    expect(await row(caseId)).toMatchObject({ status: 'closed', notes: 'Final accounting approved.' });
    expect(await eventTypes(caseId)).toEqual(['probate_case.created', 'probate_case.status_changed', 'probate_case.status_changed', 'probate_case.status_changed', 'probate_case.updated']);
    const [moved] = await t.sql<{ data: any }>(`select data from events where case_id = $1 and type = 'probate_case.status_changed' order by id limit 1`, [caseId]);
    expect(moved.data.previous_attributes).toMatchObject({ status: 'not_filed', filed_date: null });
    expect(moved.data.object).toMatchObject({ status: 'filed' });
  });

  it('filed or open → dismissed needs closed_date; dismissed is final; not_filed cannot be dismissed', async () => {
    const fromFiled = await newCase();
    await put(fromFiled, { ...MINIMAL, status: 'filed', filed_date: '2026-10-05' }).expect(201);
    await refused(await patch(fromFiled, { status: 'dismissed' }), ['closed_date']);
    await refused(await patch(fromFiled, { status: 'dismissed', closed_date: '2026-10-01' }), ['closed_date']);
    await patch(fromFiled, { status: 'dismissed', closed_date: '2026-10-30' }).expect(200);
    for (const status of ['filed', 'open', 'closed']) await refused(await patch(fromFiled, { status }), ['status']);

    const fromOpen = await newCase();
    await put(fromOpen, { ...MINIMAL, status: 'open', filed_date: '2026-10-05', case_number: '2026-P-001', opened_date: '2026-10-06' }).expect(201);
    expect((await patch(fromOpen, { status: 'dismissed', closed_date: '2026-10-07' }).expect(200)).body.data.status).toBe('dismissed');

    const notFiled = await newCase();
    await put(notFiled, { ...MINIMAL }).expect(201);
    await refused(await patch(notFiled, { status: 'dismissed', closed_date: '2026-10-07' }), ['status']);
  });

  it('a small estate may close straight from not_filed (closed_date needed); another type may not', async () => {
    const small = await newCase();
    await put(small, { state: 'CA', probate_type: 'small_estate' }).expect(201);
    await refused(await patch(small, { status: 'closed' }), ['closed_date']);
    expect((await patch(small, { status: 'closed', closed_date: '2026-11-02' }).expect(200)).body.data).toMatchObject({ status: 'closed', opened_date: null });

    const formal = await newCase();
    await put(formal, { state: 'CA', probate_type: 'formal' }).expect(201);
    await refused(await patch(formal, { status: 'closed', closed_date: '2026-11-02' }), ['status']);
  });

  it('a replacing PUT obeys the moves: a status left out is not_filed, so replacing a filed case must restate it; 422 on status, row unchanged', async () => {
    const caseId = await newCase();
    await put(caseId, { ...MINIMAL, status: 'filed', filed_date: '2026-10-05' }).expect(201);
    const before = await row(caseId);
    await refused(await put(caseId, { ...MINIMAL }), ['status']);
    await refused(await put(caseId, { ...MINIMAL, status: 'closed', closed_date: '2026-11-01', opened_date: '2026-10-06' }), ['status']);
    expect(await row(caseId)).toEqual(before);
    const replaced = await put(caseId, { ...MINIMAL, status: 'open', filed_date: '2026-10-05', case_number: '2026-P-7', opened_date: '2026-10-09' });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ status: 'open', case_number: '2026-P-7' });
    expect(await eventTypes(caseId)).toEqual(['probate_case.created', 'probate_case.status_changed']);
    // Creating may record any status its fields support (a proceeding already under way), but not without them.
    const other = await newCase();
    await refused(await put(other, { ...MINIMAL, status: 'open' }), ['filed_date', 'case_number', 'opened_date']);
    expect((await put(other, { ...MINIMAL, status: 'open', filed_date: '2026-09-01', case_number: 'A-1', opened_date: '2026-09-02' })).status).toBe(201);
  });

  it('past-fact dates are not after today; next_hearing_date may be', async () => {
    const caseId = await newCase();
    const tomorrow = isoDateInDays(1);
    const res = await put(caseId, { ...MINIMAL, filed_date: tomorrow, opened_date: tomorrow, closed_date: tomorrow });
    expect(detailReasons(res).sort()).toEqual([['closed_date', 'range'], ['filed_date', 'range'], ['opened_date', 'range']]);
    expect((await put(caseId, { ...MINIMAL, filed_date: isoDateInDays(0), next_hearing_date: isoDateInDays(30) })).status).toBe(201);
  });

  it('county_fips in a state that ships no counties: any 5 digits starting with its FIPS; the court name from the state pattern when it has one', async () => {
    const unshipped = rules.states.find((state) => !state.counties_shipped && state.probate_types === null)!;
    const caseId = await newCase();
    await refused(await put(caseId, { state: unshipped.code, probate_type: 'formal', county_fips: '99001' }), ['county_fips']);
    await refused(await put(caseId, { state: unshipped.code, probate_type: 'formal', county_fips: '1234' }), ['county_fips']);
    const ok = await put(caseId, { state: unshipped.code, probate_type: 'formal', county_fips: `${unshipped.fips}001`, county_name: 'Example' });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ county_fips: `${unshipped.fips}001`, county_name: 'Example', court_address: null });
    expect(ok.body.data.court_name).toBe(unshipped.court_name_pattern === null ? null : unshipped.court_name_pattern.replace('{county}', 'Example'));

    // A state with a court name pattern whose counties are not shipped: the pattern with the county name sent.
    const patterned = rules.states.find((state) => !state.counties_shipped && state.court_name_pattern !== null);
    const sample = patterned ?? { ...california, counties_shipped: false };
    if (!patterned) {
      // Every patterned state ships counties by now: the pattern is then checked on a county without its own court below.
      expect(rules.states.filter((state) => state.court_name_pattern !== null).every((state) => state.counties_shipped)).toBe(true);
      return;
    }
    const other = await newCase();
    const type = sample.probate_types?.[0] ?? 'formal';
    const named = await put(other, { state: sample.code, probate_type: type, county_fips: `${sample.fips}086`, county_name: 'Example' }).expect(201);
    expect(named.body.data.court_name).toBe(sample.court_name_pattern!.replace('{county}', 'Example'));
    // Without a county name there is nothing to put in the pattern.
    const bare = await put(other, { state: sample.code, probate_type: type, county_fips: `${sample.fips}086` }).expect(200);
    expect(bare.body.data).toMatchObject({ county_name: null, court_name: null });
  });

  it('county_fips in a state that ships its counties must be one of them; the county fills the unsent county name, court name and address', async () => {
    const shipped = (rules.counties as ShippedCounty[]).filter((county) => county.state === 'CA');
    const withCourt = shipped.find((county) => county.court_name !== null)!;
    const withoutCourt = shipped.find((county) => county.court_name === null)!;
    const caseId = await newCase();
    await refused(await put(caseId, { state: 'CA', probate_type: 'formal', county_fips: '06999' }), ['county_fips']);
    await refused(await put(caseId, { state: 'CA', probate_type: 'formal', county_fips: withCourt.fips.replace(/^06/, '48') }), ['county_fips']);

    const filled = await put(caseId, { state: 'CA', probate_type: 'formal', county_fips: withCourt.fips }).expect(201);
    expect(filled.body.data).toMatchObject({ county_name: withCourt.name, court_name: withCourt.court_name });
    if (withCourt.court_address) expect(filled.body.data.court_address).toMatchObject(withCourt.court_address);
    expect(await row(caseId)).toMatchObject({ county_fips: withCourt.fips, county_name: withCourt.name, court_name: withCourt.court_name });

    // What the client sends wins over the reference data.
    const sent = await put(caseId, { state: 'CA', probate_type: 'formal', county_fips: withCourt.fips, court_name: 'Stanley Mosk Courthouse, Dept. 9', county_name: 'LA' }).expect(200);
    expect(sent.body.data).toMatchObject({ county_name: 'LA', court_name: 'Stanley Mosk Courthouse, Dept. 9' });

    // A county without its own court name takes the state's pattern.
    const patterned = await put(caseId, { state: 'CA', probate_type: 'formal', county_fips: withoutCourt.fips }).expect(200);
    expect(patterned.body.data).toMatchObject({ county_name: withoutCourt.name, court_name: california.court_name_pattern!.replace('{county}', withoutCourt.name) });

    // A merge patch that clears the court name has it filled again.
    const cleared = await patch(caseId, { court_name: null }).expect(200);
    expect(cleared.body.data.court_name).toBe(california.court_name_pattern!.replace('{county}', withoutCourt.name));

    // A merge patch that moves the county refills what it does not send from the new county; what it sends stays.
    const moved = await patch(caseId, { county_fips: withCourt.fips }).expect(200);
    expect(moved.body.data).toMatchObject({ county_fips: withCourt.fips, county_name: withCourt.name, court_name: withCourt.court_name });
    const movedBack = await patch(caseId, { county_fips: withoutCourt.fips, court_name: 'Courthouse B' }).expect(200);
    expect(movedBack.body.data).toMatchObject({ county_name: withoutCourt.name, court_name: 'Courthouse B' });
    // A patch naming the same county again changes nothing of the names.
    const same = await patch(caseId, { county_fips: withoutCourt.fips }).expect(200);
    expect(same.body.data).toMatchObject({ county_name: withoutCourt.name, court_name: 'Courthouse B' });
  });

  it('DELETE while the case has a filing is 409 invalid_state (nothing deleted); 204 once the filing is gone', async () => {
    const caseId = await newCase();
    await put(caseId, { ...MINIMAL }).expect(201);
    const filing = await t.http().post(`/v1/cases/${caseId}/probate/filings`).set(owner.auth).send({ filing_type: 'petition', title: 'Petition for Probate' }).expect(201);
    const before = await row(caseId);
    expectError(await t.http().delete(url(caseId)).set(owner.auth), 409, 'invalid_state');
    expect(await row(caseId)).toEqual(before);
    expect(await eventTypes(caseId)).toEqual(['probate_case.created']);
    await t.http().delete(`/v1/cases/${caseId}/probate/filings/${filing.body.data.id}`).set(owner.auth).expect(204);
    await t.http().delete(url(caseId)).set(owner.auth).expect(204);
    expect(await row(caseId)).toBeUndefined();
    expect(await eventTypes(caseId)).toEqual(['probate_case.created', 'probate_case.deleted']);
  });

  it('a retried PUT (PUT is idempotent) answers the same record and tells nothing new; another organization cannot touch it', async () => {
    const caseId = await newCase();
    const first = await put(caseId, { ...MINIMAL, notes: 'x' });
    const again = await put(caseId, { ...MINIMAL, notes: 'x' });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(await eventTypes(caseId)).toEqual(['probate_case.created']);
    const before = await row(caseId);
    expectError(await patch(caseId, { status: 'filed', filed_date: '2026-10-05' }, stranger), 404, 'not_found');
    expectError(await t.http().delete(url(caseId)).set(stranger.auth), 404, 'not_found');
    expect(await row(caseId)).toEqual(before);
  });

  it('binds the documents’ CaseProbateState: a notarization’s commission state is the probate case’s state', async () => {
    const states = t.app.get(CaseProbateState);
    // The reader runs in its caller's context (a notarization step's transaction): here a fresh one each time.
    const stateOf = (caseId: string) => RequestContext.create(t.app.get(EntityManager), () => states.stateOf(caseId));
    const caseId = await newCase();
    expect(await stateOf(caseId)).toBeNull();
    await put(caseId, { state: 'NY', probate_type: 'formal' }).expect(201);
    expect(await stateOf(caseId)).toBe('NY');
    await t.http().delete(url(caseId)).set(owner.auth).expect(204);
    expect(await stateOf(caseId)).toBeNull();
  });

  it('a notarization of a case with a probate case is commissioned in its state', async () => {
    const caseId = await newCase();
    await put(caseId, { state: 'FL', probate_type: 'formal' }).expect(201);
    const document = await upload(t, owner, caseId, { bytes: pdfBytes(2), filename: 'affidavit.pdf', fields: { type: 'small_estate_affidavit' } });
    expect(document.status).toBe(201);
    const started = await t.http().post(`/v1/cases/${caseId}/notarizations`).set(owner.auth)
      .send({ document_id: document.body.data.id, title: 'Affidavit of heirship', signers: [{ name: 'Grace Okafor', email: 'grace@example.com' }] });
    expect({ status: started.status, error: started.body.error }).toEqual({ status: 201, error: undefined });
    const steps = t.app.get(NotarizationSteps);
    for (let round = 0; round < 30 && (await steps.processDue()) > 0; round++);
    const read = await t.http().get(`/v1/cases/${caseId}/notarizations/${started.body.data.id}`).set(owner.auth).expect(200);
    expect(read.body.data.notary).toMatchObject({ commission_state: 'FL' });
  });
});
