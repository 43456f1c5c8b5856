import { Clock } from '@estate/shared-kernel';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { upload } from './support/document-files';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

const STATUSES = ['discovered', 'claim_filed', 'under_review', 'approved', 'paid', 'denied', 'expired'] as const;
type Status = (typeof STATUSES)[number];
/** §12.5's moves, written out once more from the contract (the code keeps them as data). */
const ALLOWED: Record<Status, Status[]> = {
  discovered: ['claim_filed'],
  claim_filed: ['under_review', 'denied', 'expired'],
  under_review: ['approved', 'denied', 'expired'],
  approved: ['paid'],
  paid: [],
  denied: ['claim_filed'],
  expired: ['claim_filed'],
};
const FOUND = { state: 'IL', holder_name: 'First Prairie Bank', property_type: 'dormant_bank_account' };
/** Every fact any status needs (discovered needs none, and may hold them all). */
const FACTS = { claim_filed_date: '2026-10-01', claim_approved_date: '2026-10-15', claim_paid_date: '2026-11-01', claim_paid_amount: 1843.27, denial_reason: 'Not the owner of record.' };
const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';

type View = Record<string, any>;

/**
 * Contract-extensions §12.5: unclaimed property — the value sets, every claim move, its facts, references, events. What
 * every resource promises is the generated contract's (test/contracts/discovery).
 */
describe('unclaimed property (e2e, contract-extensions §12.5)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let clock: Clock;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    clock = t.app.get(Clock);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t.close());

  const base = (caseId: string) => `/v1/cases/${caseId}/unclaimed-property`;
  const post = (caseId: string, body: object) => t.http().post(base(caseId)).set(owner.auth).send(body);
  const patch = (caseId: string, id: string, body: object) => t.http().patch(`${base(caseId)}/${id}`).set(owner.auth).send(body);
  const row = async (id: string) => (await t.sql('select * from unclaimed_properties where id = $1', [id]))[0];
  const newCase = async (): Promise<string> => (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
  const eventsOf = (caseId: string) => t.sql<{ type: string; data: View }>(`select type, data from events where case_id = $1 and type like 'unclaimed_property.%' order by id`, [caseId]);

  async function created(caseId: string, body: object): Promise<View> {
    const res = await post(caseId, body);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data;
  }

  async function refused(res: Awaited<ReturnType<typeof post>>, details: Array<[string, string]>): Promise<void> {
    expectError(res, 422, 'validation_error');
    expect(detailReasons(res)).toEqual(details);
  }

  it('refuses what its own value sets and formats leave out (422 naming the field, nothing written); claim_status is never cleared', async () => {
    const caseId = await newCase();
    // The USPS code as written, of a state or territory with a program (not a military one).
    await refused(await post(caseId, { ...FOUND, state: 'il' }), [['state', 'enum']]);
    await refused(await post(caseId, { ...FOUND, state: 'AE' }), [['state', 'enum']]);
    await refused(await post(caseId, { ...FOUND, required_documents: ['government_id', 'government_id'] }), [['required_documents[1]', 'conflict']]);
    await refused(await post(caseId, { ...FOUND, claim_url: 'http://ucpi.sco.ca.gov/claim' }), [['claim_url', 'format']]);
    await refused(await post(caseId, { ...FOUND, claim_url: 'https://' }), [['claim_url', 'format']]);
    await refused(await post(caseId, { ...FOUND, reported_amount: -1 }), [['reported_amount', 'range']]);
    await refused(await post(caseId, { ...FOUND, claim_status: 'claim_filed' }), [['claim_filed_date', 'required']]);
    await refused(await post(caseId, { ...FOUND, document_ids: [UNKNOWN_ID] }), [['document_ids[0]', 'rule']]);
    expect(await t.sql('select id from unclaimed_properties where case_id = $1', [caseId])).toEqual([]);
    // So does the state filter.
    expectError(await t.http().get(`${base(caseId)}?state=il`).set(owner.auth), 400, 'bad_request');

    const record = await created(caseId, FOUND);
    const before = await row(record.id);
    const cleared = await patch(caseId, record.id, { claim_status: null });
    expectError(cleared, 422, 'validation_error');
    expect(detailFields(cleared)).toEqual(['claim_status']);
    expect(await row(record.id)).toEqual(before);
  });

  describe('claim_status moves', () => {
    it('allows exactly the moves of the list, and refuses every other with 422 on claim_status, the row unchanged', async () => {
      const caseId = await newCase();
      const answers: string[] = [];
      const expected: string[] = [];
      for (const from of STATUSES) {
        for (const to of STATUSES.filter((status) => status !== from)) {
          const record = await created(caseId, { ...FOUND, ...FACTS, claim_status: from });
          const before = await row(record.id);
          // A new claim (from denied or expired) carries its own filing date.
          const newClaim = from === 'denied' || from === 'expired' ? { claim_filed_date: '2026-11-05' } : {};
          const res = await patch(caseId, record.id, { claim_status: to, ...newClaim });
          const allowed = ALLOWED[from].includes(to);
          answers.push(`${from} → ${to}: ${res.status} ${res.status === 422 ? detailReasons(res).join(';') : res.body.data.claim_status}`);
          expected.push(`${from} → ${to}: ${allowed ? `200 ${to}` : '422 claim_status,rule'}`);
          if (!allowed) expect(await row(record.id)).toEqual(before);
        }
      }
      expect(answers).toEqual(expected);
      // Staying in a status is no move.
      const paid = await created(caseId, { ...FOUND, ...FACTS, claim_status: 'paid' });
      expect((await patch(caseId, paid.id, { claim_status: 'paid', notes: 'Deposited.' }).expect(200)).body.data).toMatchObject({ claim_status: 'paid', notes: 'Deposited.' });
    });

    it('walks discovered → claim_filed → under_review → approved → paid, each move needing its facts; status_changed events', async () => {
      const caseId = await newCase();
      const record = await created(caseId, FOUND);
      expect(record).toMatchObject({ claim_status: 'discovered', required_documents: [], document_ids: [], search_id: null, reported_amount: null });
      await refused(await patch(caseId, record.id, { claim_status: 'claim_filed' }), [['claim_filed_date', 'required']]);
      await patch(caseId, record.id, { claim_status: 'claim_filed', claim_filed_date: '2026-10-01', claim_number: 'CLM-1' }).expect(200);
      await patch(caseId, record.id, { claim_status: 'under_review' }).expect(200);
      await refused(await patch(caseId, record.id, { claim_status: 'approved' }), [['claim_approved_date', 'required']]);
      await refused(await patch(caseId, record.id, { claim_status: 'approved', claim_approved_date: '2026-09-30' }), [['claim_approved_date', 'range']]);
      await patch(caseId, record.id, { claim_status: 'approved', claim_approved_date: '2026-10-20' }).expect(200);
      await refused(await patch(caseId, record.id, { claim_status: 'paid' }), [['claim_paid_amount', 'required'], ['claim_paid_date', 'required']]);
      await refused(await patch(caseId, record.id, { claim_status: 'paid', claim_paid_amount: 1843.27 }), [['claim_paid_date', 'required']]);
      const paid = await patch(caseId, record.id, { claim_status: 'paid', claim_paid_amount: 1843.27, claim_paid_date: '2026-11-03' }).expect(200);
      expect(paid.body.data).toMatchObject({ claim_status: 'paid', claim_paid_amount: 1843.27, claim_paid_date: '2026-11-03', claim_approved_date: '2026-10-20' });
      expect(await row(record.id)).toMatchObject({ claim_status: 'paid', claim_paid_amount: '1843.27' });
      // A status's facts cannot be cleared afterwards; paid is final.
      await refused(await patch(caseId, record.id, { claim_paid_date: null }), [['claim_paid_date', 'required']]);
      for (const status of ['claim_filed', 'denied', 'discovered']) await refused(await patch(caseId, record.id, { claim_status: status }), [['claim_status', 'rule']]);
      await patch(caseId, record.id, { notes: 'Check deposited into the estate account.' }).expect(200);
      await t.http().delete(`${base(caseId)}/${record.id}`).set(owner.auth).expect(204);

      const events = await eventsOf(caseId);
      expect(events.map((event) => event.type)).toEqual([
        'unclaimed_property.created',
        'unclaimed_property.status_changed',
        'unclaimed_property.status_changed',
        'unclaimed_property.status_changed',
        'unclaimed_property.status_changed',
        'unclaimed_property.updated',
        'unclaimed_property.deleted',
      ]);
      expect(events[1].data.previous_attributes).toEqual({ claim_status: 'discovered', claim_filed_date: null, claim_number: null });
      expect(events[4].data.previous_attributes).toEqual({ claim_status: 'approved', claim_paid_amount: null, claim_paid_date: null });
      expect(events[4].data.object).toMatchObject({ id: record.id, claim_status: 'paid' });
      expect(events[5].data.previous_attributes).toEqual({ notes: null });
    });

    it('claim_filed or under_review → denied (needs denial_reason) or expired; denied or expired → claim_filed starts a new claim', async () => {
      const caseId = await newCase();
      const record = await created(caseId, { ...FOUND, claim_status: 'claim_filed', claim_filed_date: '2026-09-01' });
      await refused(await patch(caseId, record.id, { claim_status: 'denied' }), [['denial_reason', 'required']]);
      await patch(caseId, record.id, { claim_status: 'denied', denial_reason: 'Letters were not certified.' }).expect(200);
      // A new claim needs its own filing date, and starts without the denial.
      await refused(await patch(caseId, record.id, { claim_status: 'claim_filed' }), [['claim_filed_date', 'rule']]);
      const again = await patch(caseId, record.id, { claim_status: 'claim_filed', claim_filed_date: '2026-10-02', claim_number: 'CLM-2' }).expect(200);
      expect(again.body.data).toMatchObject({ claim_status: 'claim_filed', claim_filed_date: '2026-10-02', claim_number: 'CLM-2', denial_reason: null });
      await patch(caseId, record.id, { claim_status: 'under_review' }).expect(200);
      await patch(caseId, record.id, { claim_status: 'expired' }).expect(200);
      const third = await patch(caseId, record.id, { claim_status: 'claim_filed', claim_filed_date: '2026-11-01' }).expect(200);
      expect(third.body.data).toMatchObject({ claim_status: 'claim_filed', claim_filed_date: '2026-11-01' });
      expect((await eventsOf(caseId)).map((event) => event.type).filter((type) => type.endsWith('status_changed'))).toHaveLength(5);
    });

    it('claim dates are past facts: not after today (UTC, by the clock), in order; any status may be recorded on create with its facts', async () => {
      const caseId = await newCase();
      jest.spyOn(clock, 'now').mockImplementation(() => new Date('2026-10-10T23:00:00.000Z'));
      await refused(await post(caseId, { ...FOUND, claim_status: 'claim_filed', claim_filed_date: '2026-10-11' }), [['claim_filed_date', 'range']]);
      await refused(await post(caseId, { ...FOUND, claim_filed_date: '2026-10-05', claim_approved_date: '2026-10-04', claim_paid_date: '2026-10-11' }), [
        ['claim_approved_date', 'range'],
        ['claim_paid_date', 'range'],
      ]);
      await refused(await post(caseId, { ...FOUND, claim_status: 'approved', claim_filed_date: '2026-10-01' }), [['claim_approved_date', 'required']]);
      expect(await t.sql('select id from unclaimed_properties where case_id = $1', [caseId])).toEqual([]);
      const today = await created(caseId, { ...FOUND, claim_status: 'approved', claim_filed_date: '2026-10-01', claim_approved_date: '2026-10-10' });
      expect(today.claim_status).toBe('approved');
      const record = await created(caseId, { ...FOUND, claim_status: 'denied', claim_filed_date: '2026-10-01', denial_reason: 'Duplicate claim.' });
      await refused(await patch(caseId, record.id, { claim_status: 'claim_filed', claim_filed_date: '2026-10-12' }), [['claim_filed_date', 'range']]);
      expect(await row(record.id)).toMatchObject({ claim_status: 'denied', denial_reason: 'Duplicate claim.' });
    });
  });

  describe('references', () => {
    it('search_id names a search of the case; another case’s search or an unknown id is 422, nothing written', async () => {
      const caseId = await newCase();
      const otherCase = await newCase();
      const search = (await t.http().post(`/v1/cases/${caseId}/searches`).set(owner.auth).send({ type: 'unclaimed_property' }).expect(201)).body.data.id;
      const foreign = (await t.http().post(`/v1/cases/${otherCase}/searches`).set(owner.auth).send({ type: 'unclaimed_property' }).expect(201)).body.data.id;
      await refused(await post(caseId, { ...FOUND, search_id: foreign }), [['search_id', 'rule']]);
      await refused(await post(caseId, { ...FOUND, search_id: UNKNOWN_ID }), [['search_id', 'rule']]);
      expect(await t.sql('select id from unclaimed_properties where case_id = $1', [caseId])).toEqual([]);
      const record = await created(caseId, { ...FOUND, search_id: search });
      expect(record.search_id).toBe(search);
      await refused(await patch(caseId, record.id, { search_id: foreign }), [['search_id', 'rule']]);
      expect((await patch(caseId, record.id, { search_id: null }).expect(200)).body.data.search_id).toBeNull();
    });

    it('document_ids: documents of the case, no repeats, at most 20; a document named cannot be deleted (409 document_in_use)', async () => {
      const caseId = await newCase();
      const otherCase = await newCase();
      const doc = (await upload(t, owner, caseId).expect(201)).body.data.id;
      const second = (await upload(t, owner, caseId, { fields: { type: 'letters_testamentary' } }).expect(201)).body.data.id;
      const foreign = (await upload(t, owner, otherCase).expect(201)).body.data.id;
      await refused(await post(caseId, { ...FOUND, document_ids: [doc, foreign] }), [['document_ids[1]', 'rule']]);
      await refused(await post(caseId, { ...FOUND, document_ids: [doc, doc] }), [['document_ids[1]', 'conflict']]);
      const tooMany = await post(caseId, { ...FOUND, document_ids: Array.from({ length: 21 }, () => doc) });
      expectError(tooMany, 422, 'validation_error');
      expect(detailFields(tooMany)).toEqual(['document_ids']);
      expect(await t.sql('select id from unclaimed_properties where case_id = $1', [caseId])).toEqual([]);

      const record = await created(caseId, { ...FOUND, document_ids: [doc, second] });
      expect(record.document_ids).toEqual([doc, second]);
      const blocked = await t.http().delete(`/v1/cases/${caseId}/documents/${doc}`).set(owner.auth);
      expectError(blocked, 409, 'document_in_use');
      expect(JSON.stringify(blocked.body.error.details)).toContain(record.id);
      await patch(caseId, record.id, { document_ids: [second] }).expect(200);
      await t.http().delete(`/v1/cases/${caseId}/documents/${doc}`).set(owner.auth).expect(204);
    });
  });

  it('sorts by reported_amount with the amounts a state does not show (null) last, in either order', async () => {
    const caseId = await newCase();
    await created(caseId, { ...FOUND, reported_amount: 50 });
    await created(caseId, { ...FOUND, state: 'PR', reported_amount: 10 });
    await created(caseId, { ...FOUND, state: 'NY' });
    const amounts = async (order: string) =>
      ((await t.http().get(`${base(caseId)}?sort_by=reported_amount&sort_order=${order}`).set(owner.auth).expect(200)).body.data as View[]).map((record) => record.reported_amount);
    expect(await amounts('asc')).toEqual([10, 50, null]);
    expect(await amounts('desc')).toEqual([50, 10, null]);
  });
});
