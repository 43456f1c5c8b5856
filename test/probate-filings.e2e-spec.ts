import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { upload } from './support/document-files';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

const PROBATE = { state: 'CA', probate_type: 'formal' };
const DRAFT = { filing_type: 'petition', title: 'Petition for Probate' };

function isoDateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Contract-extensions §10.2: filings of the probate case — every move, the 409s, the form rule, the documents. What
 * every resource promises is the generated contract's (test/contracts/court).
 */
describe('probate filings (e2e, contract-extensions §10.2)', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(() => t.close());

  const base = (caseId: string) => `/v1/cases/${caseId}/probate/filings`;
  const post = (caseId: string, body: Record<string, unknown>, caller = owner) => t.http().post(base(caseId)).set(caller.auth).send(body);
  const patch = (caseId: string, id: string, body: Record<string, unknown>, caller = owner) => t.http().patch(`${base(caseId)}/${id}`).set(caller.auth).send(body);

  async function newCase(caller = owner, probate: Record<string, unknown> | null = PROBATE): Promise<string> {
    const caseId = (await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201)).body.data.id;
    if (probate) await t.http().put(`/v1/cases/${caseId}/probate`).set(caller.auth).send(probate).expect(201);
    return caseId;
  }

  async function document(caseId: string, caller = owner): Promise<string> {
    const res = await upload(t, caller, caseId, { fields: { type: 'court_filing' } });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  async function row(id: string): Promise<Record<string, any> | undefined> {
    return (await t.sql('select * from probate_filings where id = $1', [id]))[0];
  }

  async function eventTypes(caseId: string): Promise<string[]> {
    return (await t.sql<{ type: string }>(`select type from events where case_id = $1 and type like 'filing.%' order by id`, [caseId])).map((event) => event.type);
  }

  async function refused(res: Awaited<ReturnType<typeof post>>, fields: string[]): Promise<void> {
    expectError(res, 422, 'validation_error');
    expect(detailFields(res).sort()).toEqual([...fields].sort());
  }

  it('POST on a case without a probate case is 409 probate_case_required; nothing written', async () => {
    const caseId = await newCase(owner, null);
    expectError(await post(caseId, DRAFT), 409, 'probate_case_required');
    expect(await t.sql('select id from probate_filings where case_id = $1', [caseId])).toEqual([]);
    expect(await eventTypes(caseId)).toEqual([]);
  });

  it('creates a draft with no documents, told as filing.created', async () => {
    const caseId = await newCase();
    const created = await post(caseId, DRAFT).expect(201);
    expect(created.body.data).toMatchObject({ ...DRAFT, status: 'draft', document_ids: [], form_id: null, filed_date: null });
    expect(await row(created.body.data.id)).toMatchObject({ status: 'draft', document_ids: [], case_id: caseId });
    expect(await eventTypes(caseId)).toEqual(['filing.created']);
  });

  it('walks draft → filed → rejected → filed (a re-filing) → accepted, each move needing its fields; status_changed events; accepted is final', async () => {
    const caseId = await newCase();
    const doc = await document(caseId);
    const id = (await post(caseId, DRAFT).expect(201)).body.data.id;
    await refused(await patch(caseId, id, { status: 'filed' }), ['filed_date', 'document_ids']);
    await refused(await patch(caseId, id, { status: 'accepted', filed_date: '2026-10-05', document_ids: [doc], response_date: '2026-10-06' }), ['status']);
    const filed = await patch(caseId, id, { status: 'filed', filed_date: '2026-10-05', document_ids: [doc] }).expect(200);
    expect(filed.body.data).toMatchObject({ status: 'filed', filed_date: '2026-10-05', document_ids: [doc] });

    await refused(await patch(caseId, id, { status: 'rejected', response_date: '2026-10-12' }), ['rejection_reason']);
    await refused(await patch(caseId, id, { status: 'rejected', response_date: '2026-10-01', rejection_reason: 'Unsigned.' }), ['response_date']);
    await refused(await patch(caseId, id, { status: 'accepted' }), ['response_date']);
    await patch(caseId, id, { status: 'rejected', response_date: '2026-10-12', rejection_reason: 'Unsigned.' }).expect(200);
    await refused(await patch(caseId, id, { status: 'accepted', response_date: '2026-10-13' }), ['status']);
    await refused(await patch(caseId, id, { status: 'withdrawn' }), ['status']);
    // A re-filing needs a new filed_date; it clears the response fields.
    await refused(await patch(caseId, id, { status: 'filed' }), ['filed_date']);
    const refiled = await patch(caseId, id, { status: 'filed', filed_date: '2026-10-14' }).expect(200);
    expect(refiled.body.data).toMatchObject({ status: 'filed', filed_date: '2026-10-14', response_date: null, rejection_reason: null });

    await refused(await patch(caseId, id, { status: 'accepted', response_date: isoDateInDays(1) }), ['response_date']);
    const accepted = await patch(caseId, id, { status: 'accepted', response_date: '2026-10-20' }).expect(200);
    expect(accepted.body.data).toMatchObject({ status: 'accepted', response_date: '2026-10-20' });
    for (const status of ['draft', 'filed', 'rejected', 'withdrawn']) await refused(await patch(caseId, id, { status }), ['status']);
    await patch(caseId, id, { notes: 'Order signed.' }).expect(200);
    await refused(await patch(caseId, id, { status: null }), ['status']);
    expect(await eventTypes(caseId)).toEqual(['filing.created', 'filing.status_changed', 'filing.status_changed', 'filing.status_changed', 'filing.status_changed', 'filing.updated']);
    expect(await row(id)).toMatchObject({ status: 'accepted', notes: 'Order signed.', rejection_reason: null });
  });

  it('draft or filed → withdrawn; withdrawn is final', async () => {
    const caseId = await newCase();
    const doc = await document(caseId);
    const draft = (await post(caseId, DRAFT).expect(201)).body.data.id;
    await patch(caseId, draft, { status: 'withdrawn' }).expect(200);
    for (const status of ['draft', 'filed']) await refused(await patch(caseId, draft, { status, filed_date: '2026-10-05', document_ids: [doc] }), ['status']);
    const filed = (await post(caseId, { ...DRAFT, status: 'filed', filed_date: '2026-10-05', document_ids: [doc] }).expect(201)).body.data.id;
    expect((await patch(caseId, filed, { status: 'withdrawn' }).expect(200)).body.data.status).toBe('withdrawn');
  });

  it('creating may record any status its fields support, but not without them; past-fact dates not after today', async () => {
    const caseId = await newCase();
    const doc = await document(caseId);
    await refused(await post(caseId, { ...DRAFT, status: 'rejected' }), ['filed_date', 'document_ids', 'response_date', 'rejection_reason']);
    await refused(await post(caseId, { ...DRAFT, filed_date: isoDateInDays(1) }), ['filed_date']);
    const made = await post(caseId, { ...DRAFT, status: 'accepted', filed_date: '2026-09-01', response_date: '2026-09-10', document_ids: [doc], hearing_date: isoDateInDays(20) });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ status: 'accepted', hearing_date: isoDateInDays(20) });
  });

  it('form_id: a form of the probate case’s state or a federal one (the prefix rule until the catalogue binds ProbateForms)', async () => {
    const caseId = await newCase();
    for (const formId of ['CA-DE-111', 'US-SS-4', 'US-56']) expect((await post(caseId, { ...DRAFT, form_id: formId })).status).toBe(201);
    for (const formId of ['NY-P-1', 'ca-de-111', 'CA DE 111', 'DE-111']) {
      const res = await post(caseId, { ...DRAFT, form_id: formId });
      expect(detailReasons(res)).toEqual([['form_id', 'rule']]);
    }
    const id = (await post(caseId, DRAFT).expect(201)).body.data.id;
    await refused(await patch(caseId, id, { form_id: 'FL-P-3' }), ['form_id']);
    expect((await patch(caseId, id, { form_id: 'CA-DE-121' }).expect(200)).body.data.form_id).toBe('CA-DE-121');
  });

  it('document_ids: documents of this case, no duplicates, at most 20', async () => {
    const caseId = await newCase();
    const [a, b] = [await document(caseId), await document(caseId)];
    const elsewhere = await document(await newCase());
    expect(detailReasons(await post(caseId, { ...DRAFT, document_ids: [a, elsewhere, a, b] }))).toEqual([
      ['document_ids[1]', 'rule'],
      ['document_ids[2]', 'conflict'],
    ]);
    await refused(await post(caseId, { ...DRAFT, document_ids: Array.from({ length: 21 }, () => a) }), ['document_ids']);
    const id = (await post(caseId, { ...DRAFT, document_ids: [a, b] }).expect(201)).body.data.id;
    await refused(await patch(caseId, id, { document_ids: [b, '01BX5ZZKBKACTAV9WEVGEMMVRZ'] }), ['document_ids[1]']);
    expect((await patch(caseId, id, { document_ids: [b] }).expect(200)).body.data.document_ids).toEqual([b]);
  });

  it('a document a filing names cannot be deleted (409 document_in_use naming the filing); once released it can', async () => {
    const caseId = await newCase();
    const doc = await document(caseId);
    const id = (await post(caseId, { ...DRAFT, document_ids: [doc] }).expect(201)).body.data.id;
    const res = await t.http().delete(`/v1/cases/${caseId}/documents/${doc}`).set(owner.auth);
    expectError(res, 409, 'document_in_use');
    expect(detailFields(res)).toEqual([`filing:${id}`]);
    await patch(caseId, id, { document_ids: [] }).expect(200);
    await t.http().delete(`/v1/cases/${caseId}/documents/${doc}`).set(owner.auth).expect(204);
  });

  it('DELETE only in draft or withdrawn; filed, accepted and rejected are 409 invalid_state and stay', async () => {
    const caseId = await newCase();
    const doc = await document(caseId);
    const filedBody = { ...DRAFT, status: 'filed', filed_date: '2026-10-05', document_ids: [doc] };
    for (const body of [filedBody, { ...filedBody, status: 'accepted', response_date: '2026-10-06' }, { ...filedBody, status: 'rejected', response_date: '2026-10-06', rejection_reason: 'x' }]) {
      const id = (await post(caseId, body).expect(201)).body.data.id;
      const before = await row(id);
      expectError(await t.http().delete(`${base(caseId)}/${id}`).set(owner.auth), 409, 'invalid_state');
      expect(await row(id)).toEqual(before);
    }
    const draft = (await post(caseId, DRAFT).expect(201)).body.data.id;
    await t.http().delete(`${base(caseId)}/${draft}`).set(owner.auth).expect(204);
    const withdrawn = (await post(caseId, { ...DRAFT, status: 'withdrawn' }).expect(201)).body.data.id;
    await t.http().delete(`${base(caseId)}/${withdrawn}`).set(owner.auth).expect(204);
    expect(await row(draft)).toBeUndefined();
    expect((await eventTypes(caseId)).filter((type) => type === 'filing.deleted')).toHaveLength(2);
  });

  describe('accounting_id (contract-extensions §16.10)', () => {
    /** A case whose deceased died on 2026-01-10, with a probate case and accounting 1 settled through that day. */
    async function caseWithSettledAccounting(): Promise<{ caseId: string; accountingId: string }> {
      const caseId = (await t.http().post('/v1/cases').set(owner.auth).send({ deceased: { first_name: 'John', last_name: 'Doe', date_of_death: '2026-01-10' } }).expect(201)).body.data.id;
      await t.http().put(`/v1/cases/${caseId}/probate`).set(owner.auth).send(PROBATE).expect(201);
      const accountingId = (await t.http().post(`/v1/cases/${caseId}/accountings`).set(owner.auth).send({ to: '2026-01-10' }).expect(201)).body.data.id;
      return { caseId, accountingId };
    }

    it('a filing of type accounting names a settled accounting of its case: stored, read back, patched away', async () => {
      const { caseId, accountingId } = await caseWithSettledAccounting();
      const created = await post(caseId, { filing_type: 'accounting', title: 'First Account and Report of Executor', accounting_id: accountingId }).expect(201);
      expect(created.body.data).toMatchObject({ filing_type: 'accounting', accounting_id: accountingId });
      expect(await row(created.body.data.id)).toMatchObject({ accounting_id: accountingId });
      expect((await t.http().get(`${base(caseId)}/${created.body.data.id}`).set(owner.auth).expect(200)).body.data.accounting_id).toBe(accountingId);
      expect((await patch(caseId, created.body.data.id, { accounting_id: null }).expect(200)).body.data.accounting_id).toBeNull();
      // Without one, an accounting filing is as before.
      expect((await post(caseId, { filing_type: 'accounting', title: 'Account' }).expect(201)).body.data.accounting_id).toBeNull();
    });

    it('the accounting a filing names cannot be deleted (409 invalid_state naming the filing); once released it can', async () => {
      const { caseId, accountingId } = await caseWithSettledAccounting();
      const id = (await post(caseId, { filing_type: 'accounting', title: 'Account', accounting_id: accountingId }).expect(201)).body.data.id;
      const refusedDelete = await t.http().delete(`/v1/cases/${caseId}/accountings/1`).set(owner.auth);
      expectError(refusedDelete, 409, 'invalid_state');
      expect(detailFields(refusedDelete)).toEqual([`filing:${id}`]);
      expect(await t.sql('select id from accountings where case_id = $1', [caseId])).toEqual([{ id: accountingId }]);
      await patch(caseId, id, { accounting_id: null }).expect(200);
      await t.http().delete(`/v1/cases/${caseId}/accountings/1`).set(owner.auth).expect(204);
    });

    it('422 on accounting_id when it names no settled accounting, another case’s, or is not a ULID; nothing written', async () => {
      const { caseId } = await caseWithSettledAccounting();
      const other = await caseWithSettledAccounting();
      const before = await t.sql('select id from probate_filings where case_id = $1', [caseId]);
      const refusedWith = async (accountingId: unknown) => {
        const res = await post(caseId, { filing_type: 'accounting', title: 'Account', accounting_id: accountingId });
        expect(detailReasons(res)).toEqual([['accounting_id', expect.any(String)]]);
        await refused(res, ['accounting_id']);
      };
      await refusedWith('01JBX8Q9W4M8Z7T3K2N5R6P0AB');
      await refusedWith(other.accountingId);
      await refusedWith('not-a-ulid');
      await refusedWith(42);
      expect(await t.sql('select id from probate_filings where case_id = $1', [caseId])).toEqual(before);
      // A patch naming another case's accounting is refused too, and the filing stays as it was.
      const id = (await post(caseId, { filing_type: 'accounting', title: 'Account' }).expect(201)).body.data.id;
      await refused(await patch(caseId, id, { accounting_id: other.accountingId }), ['accounting_id']);
      expect(await row(id)).toMatchObject({ accounting_id: null });
    });

    it('422 on accounting_id when the filing’s type is not accounting, on create and when a patch changes the type', async () => {
      const { caseId, accountingId } = await caseWithSettledAccounting();
      const res = await post(caseId, { ...DRAFT, accounting_id: accountingId });
      expect(detailReasons(res)).toEqual([['accounting_id', 'rule']]);
      await refused(res, ['accounting_id']);
      const id = (await post(caseId, { filing_type: 'accounting', title: 'Account', accounting_id: accountingId }).expect(201)).body.data.id;
      await refused(await patch(caseId, id, { filing_type: 'petition' }), ['accounting_id']);
      expect(await row(id)).toMatchObject({ filing_type: 'accounting', accounting_id: accountingId });
      expect((await patch(caseId, id, { filing_type: 'petition', accounting_id: null }).expect(200)).body.data).toMatchObject({ filing_type: 'petition', accounting_id: null });
    });
  });

  it('an idempotent retry of POST creates once', async () => {
    const caseId = await newCase();
    const key = `filing-${caseId}`;
    const first = await t.http().post(base(caseId)).set(owner.auth).set('Idempotency-Key', key).send(DRAFT);
    const again = await t.http().post(base(caseId)).set(owner.auth).set('Idempotency-Key', key).send(DRAFT);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await eventTypes(caseId)).toEqual(['filing.created']);
    expect(await t.sql('select id from probate_filings where case_id = $1', [caseId])).toHaveLength(1);
  });
});
