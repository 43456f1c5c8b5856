import { representationOf } from '@estate/shared-kernel';
import { statementResource } from '@estate/documents';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { newBankAccount, newCase, UNKNOWN_ID } from './support/assets-holdings-fixtures';
import { pdfBytes, PNG, sha256, upload } from './support/document-files';

/** August 2026, balanced: 12,450.12 + 1,845.00 − 1,104.08 − 25.00 = 13,166.04. */
const AUGUST = { period_start: '2026-08-01', period_end: '2026-08-31', opening_balance: 12450.12, total_credits: 1845, total_debits: 1104.08, total_fees: 25, closing_balance: 13166.04 };

interface StatementUpload {
  fields?: Record<string, string | number>;
  bytes?: Buffer;
  filename?: string;
  contentType?: string;
  key?: string;
}

/** A multipart statement: the file part and the fields as text parts (supertest writes a new boundary every time). */
function uploadStatement(t: TestApp, caller: TestCaller, collection: string, options: StatementUpload = {}) {
  const request = t.http().post(collection).set(caller.auth);
  if (options.key) request.set('Idempotency-Key', options.key);
  for (const [name, value] of Object.entries(options.fields ?? { period_start: '2026-08-01', period_end: '2026-08-31' })) request.field(name, String(value));
  return request.attach('file', options.bytes ?? pdfBytes(2), { filename: options.filename ?? 'statement-2026-08.pdf', contentType: options.contentType ?? 'application/pdf' });
}

describe('statements of a bank account (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(() => t.close());

  interface Place {
    caseId: string;
    accountId: string;
    base: string;
  }

  async function place(): Promise<Place> {
    const caseId = await newCase(t, owner);
    const accountId = await newBankAccount(t, owner, caseId);
    return { caseId, accountId, base: `/v1/cases/${caseId}/bank-accounts/${accountId}/statements` };
  }

  /** A document uploaded to the case on its own (for a JSON statement). */
  async function documentOf(caseId: string, filename = 'august.pdf', bytes = pdfBytes(3)): Promise<Record<string, any>> {
    const res = await upload(t, owner, caseId, { bytes, filename, fields: { type: 'bank_statement' } });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const rows = (table: string, caseId: string) => t.sql(`select * from ${table} where case_id = $1 order by id`, [caseId]);
  const eventTypes = async (caseId: string) => (await t.sql<{ type: string }>('select type from events where case_id = $1 order by id', [caseId])).map((event) => event.type);

  describe('POST with JSON: a document of the case', () => {
    it('201: the fields, file_name and size_bytes read from the document, the account; the row and statement.created', async () => {
      const { caseId, accountId, base } = await place();
      const doc = await documentOf(caseId, 'First Prairie August.pdf');
      const res = await t.http().post(base).set(owner.auth).send({ document_id: doc.id, ...AUGUST, notes: 'Last full month.' });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      expect(Object.keys(res.body.data)).toEqual(representationOf(statementResource));
      expect(res.body.data).toMatchObject({
        bank_account_id: accountId,
        document_id: doc.id,
        ...AUGUST,
        file_name: 'First Prairie August.pdf',
        size_bytes: doc.size_bytes,
        notes: 'Last full month.',
      });
      const [row] = await rows('statements', caseId);
      expect(row).toMatchObject({ id: res.body.data.id, bank_account_id: accountId, document_id: doc.id, closing_balance: '13166.04', file_name: 'First Prairie August.pdf' });
      const [event] = await t.sql<{ object: Record<string, unknown> }>("select data->'object' as object from events where case_id = $1 and type = 'statement.created'", [caseId]);
      expect(event.object).toEqual(res.body.data);
      const read = await t.http().get(`${base}/${res.body.data.id}`).set(owner.auth).expect(200);
      expect(read.body.data).toEqual(res.body.data);
    });

    it('422 for missing fields, a document of another case or none, read-only fields; nothing written', async () => {
      const { caseId, base } = await place();
      const otherCase = await newCase(t, owner);
      const foreignDoc = await documentOf(otherCase);
      const expectRefused = async (body: Record<string, unknown>, expected: Array<[string, string]>) => {
        const res = await t.http().post(base).set(owner.auth).send(body);
        expectError(res, 422, 'validation_error');
        expect(detailReasons(res).sort()).toEqual([...expected].sort());
      };
      await expectRefused({}, [['document_id', 'required'], ['period_start', 'required'], ['period_end', 'required']]);
      await expectRefused({ document_id: foreignDoc.id, period_start: '2026-08-01', period_end: '2026-08-31' }, [['document_id', 'rule']]);
      await expectRefused({ document_id: UNKNOWN_ID, period_start: '2026-08-01', period_end: '2026-08-31' }, [['document_id', 'rule']]);
      const doc = await documentOf(caseId);
      await expectRefused({ document_id: doc.id, period_start: '2026-08-01', period_end: '2026-08-31', file_name: 'x.pdf', size_bytes: 1, bank_account_id: UNKNOWN_ID }, [
        ['bank_account_id', 'unknown_field'],
        ['file_name', 'unknown_field'],
        ['size_bytes', 'unknown_field'],
      ]);
      await expectRefused({ document_id: doc.id, period_start: '2026-08-01', period_end: '2026-08-31', opening_balance: 1.005, total_fees: '25' }, [
        ['opening_balance', 'format'],
        ['total_fees', 'type'],
      ]);
      expect(await rows('statements', caseId)).toEqual([]);
    });

    it('415 for a body that is neither JSON nor multipart', async () => {
      const { base } = await place();
      expectError(await t.http().post(base).set(owner.auth).set('Content-Type', 'text/plain').send('period_start=2026-08-01'), 415, 'unsupported_media_type');
    });
  });

  describe('the rules', () => {
    it('period_end before period_start is 422 on period_end; a one-day period is fine', async () => {
      const { caseId, base } = await place();
      const doc = await documentOf(caseId);
      const res = await t.http().post(base).set(owner.auth).send({ document_id: doc.id, period_start: '2026-08-31', period_end: '2026-08-01' });
      expectError(res, 422, 'validation_error');
      expect(detailReasons(res)).toEqual([['period_end', 'rule']]);
      await t.http().post(base).set(owner.auth).send({ document_id: doc.id, period_start: '2026-08-31', period_end: '2026-08-31' }).expect(201);
    });

    it('a period sharing a day with another statement of the account is 422, naming that statement; adjacent periods and other accounts are fine', async () => {
      const { caseId, base } = await place();
      const doc = await documentOf(caseId);
      const post = (period_start: string, period_end: string, collection = base) => t.http().post(collection).set(owner.auth).send({ document_id: doc.id, period_start, period_end });
      const july = (await post('2026-07-01', '2026-07-31').expect(201)).body.data;
      const september = (await post('2026-09-01', '2026-09-30').expect(201)).body.data;
      await post('2026-08-01', '2026-08-31').expect(201);

      const spanning = await post('2026-07-31', '2026-09-01');
      expectError(spanning, 422, 'validation_error');
      expect(detailReasons(spanning).map(([field, reason]) => `${field}:${reason}`)).toEqual(['period_start:conflict', 'period_start:conflict', 'period_start:conflict']);
      const messages = spanning.body.error.details.map((detail: { message: string }) => detail.message).join('\n');
      expect(messages).toContain(july.id);
      expect(messages).toContain(september.id);
      const inside = await post('2026-07-10', '2026-07-12');
      expectError(inside, 422, 'validation_error');
      expect(inside.body.error.details).toEqual([{ field: 'period_start', message: expect.stringContaining(`statement ${july.id} (2026-07-01 to 2026-07-31)`), reason: 'conflict' }]);
      expect((await rows('statements', caseId)).length).toBe(3);

      // Another account of the case has periods of its own.
      const other = await newBankAccount(t, owner, caseId);
      await post('2026-07-01', '2026-07-31', `/v1/cases/${caseId}/bank-accounts/${other}/statements`).expect(201);
    });

    it('closing = opening + credits − debits − fees exactly, when all five are set (422 on closing_balance otherwise); cents, not floats', async () => {
      const { caseId, base } = await place();
      const doc = await documentOf(caseId);
      let month = 0;
      const post = (amounts: Record<string, number | null>) => {
        month += 1;
        const period = { period_start: `2025-${String(month).padStart(2, '0')}-01`, period_end: `2025-${String(month).padStart(2, '0')}-28` };
        return t.http().post(base).set(owner.auth).send({ document_id: doc.id, ...period, ...amounts });
      };
      const { period_start: _s, period_end: _e, ...balanced } = AUGUST;
      await post(balanced).expect(201);
      // 0.1 + 0.2 is not 0.3 in floating point.
      await post({ opening_balance: 0.1, total_credits: 0.2, total_debits: 0, total_fees: 0, closing_balance: 0.3 }).expect(201);
      // Four of five set: no check.
      await post({ ...balanced, total_fees: null, closing_balance: 1 }).expect(201);

      const centOff = await post({ ...balanced, closing_balance: 13166.05 });
      expectError(centOff, 422, 'validation_error');
      expect(centOff.body.error.details).toEqual([{ field: 'closing_balance', message: expect.stringContaining('13166.04'), reason: 'rule' }]);
      // The fees are not part of the debits.
      expectError(await post({ ...balanced, closing_balance: 13191.04 }), 422, 'validation_error');
      expect((await rows('statements', caseId)).length).toBe(3);
    });

    it('holds under concurrency: two simultaneous overlapping creates give exactly one 201 and one 422', async () => {
      for (let round = 0; round < 6; round++) {
        const { caseId, accountId, base } = await place();
        const doc = await documentOf(caseId);
        const post = (period_start: string, period_end: string) => t.http().post(base).set(owner.auth).send({ document_id: doc.id, period_start, period_end });
        const answers = await Promise.all([post('2026-08-01', '2026-08-31'), post('2026-08-15', '2026-09-14')]);
        expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
        const winner = answers.find((res) => res.status === 201)!;
        const loser = answers.find((res) => res.status === 422)!;
        expect(loser.body.error.details[0].message).toContain(winner.body.data.id);
        expect((await t.sql('select id from statements where bank_account_id = $1', [accountId])).map((row) => row.id)).toEqual([winner.body.data.id]);
      }
    });

    it('holds under concurrency for uploads too: one statement, one document', async () => {
      const { caseId, base } = await place();
      const answers = await Promise.all([
        uploadStatement(t, owner, base, { fields: { period_start: '2026-08-01', period_end: '2026-08-31' } }),
        uploadStatement(t, owner, base, { fields: { period_start: '2026-08-31', period_end: '2026-09-30' } }),
      ]);
      expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
      expect((await rows('statements', caseId)).length).toBe(1);
      expect((await rows('documents', caseId)).length).toBe(1);
    });
  });

  describe('POST with a file (multipart)', () => {
    it('creates the document (bank_statement, related to the account) and the statement in one transaction', async () => {
      const { caseId, accountId, base } = await place();
      const bytes = pdfBytes(4);
      const res = await uploadStatement(t, owner, base, {
        bytes,
        filename: 'scans/August 2026.pdf',
        fields: { ...AUGUST, notes: 'From the branch.', sha256: sha256(bytes).toUpperCase() },
      });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      expect(Object.keys(res.body.data)).toEqual(representationOf(statementResource));
      expect(res.body.data).toMatchObject({ bank_account_id: accountId, ...AUGUST, notes: 'From the branch.', file_name: 'August 2026.pdf', size_bytes: bytes.length });

      const doc = await t.http().get(`/v1/cases/${caseId}/documents/${res.body.data.document_id}`).set(owner.auth).expect(200);
      expect(doc.body.data).toMatchObject({
        type: 'bank_statement',
        title: 'Statement 2026-08-01 to 2026-08-31',
        related_type: 'bank_account',
        related_id: accountId,
        file_name: 'August 2026.pdf',
        sha256: sha256(bytes),
        page_count: 4,
        uploaded_by: owner.userId,
        notes: null,
      });
      const content = await t.sql('select 1 from document_contents where document_id = $1', [res.body.data.document_id]);
      expect(content.length).toBe(1);
      expect(await eventTypes(caseId)).toEqual(['case.created', 'bank_account.created', 'document.created', 'statement.created']);
    });

    it('refuses what a document upload refuses (413, 415, 422 file, 422 sha256) and the statement’s own rules, leaving no document', async () => {
      const { caseId, base } = await place();
      const doc = await documentOf(caseId);
      await t.http().post(base).set(owner.auth).send({ document_id: doc.id, period_start: '2026-07-01', period_end: '2026-07-31' }).expect(201);
      const documentsBefore = await rows('documents', caseId);

      expectError(await uploadStatement(t, owner, base, { bytes: pdfBytes(1, 26_214_401) }), 413, 'payload_too_large');
      const text = await uploadStatement(t, owner, base, { bytes: Buffer.from('hello'), contentType: 'text/plain', filename: 'a.txt' });
      expectError(text, 415, 'unsupported_media_type');
      expect(detailFields(text)).toEqual(['file']);
      expectError(await uploadStatement(t, owner, base, { bytes: PNG, contentType: 'application/pdf' }), 415, 'unsupported_media_type');
      const empty = await uploadStatement(t, owner, base, { bytes: Buffer.alloc(0) });
      expectError(empty, 422, 'validation_error');
      expect(detailFields(empty)).toEqual(['file']);
      const noFile = await t.http().post(base).set(owner.auth).field('period_start', '2026-08-01').field('period_end', '2026-08-31');
      expectError(noFile, 422, 'validation_error');
      expect(detailFields(noFile)).toEqual(['file']);
      const digest = await uploadStatement(t, owner, base, { fields: { period_start: '2026-08-01', period_end: '2026-08-31', sha256: sha256(Buffer.from('other')) } });
      expectError(digest, 422, 'validation_error');
      expect(detailFields(digest)).toEqual(['sha256']);

      const parts = await uploadStatement(t, owner, base, { fields: { period_end: '2026-08-31', opening_balance: 'lots', total_fees: '1.005', document_id: doc.id } });
      expectError(parts, 422, 'validation_error');
      expect(detailReasons(parts).sort()).toEqual([
        ['document_id', 'unknown_field'],
        ['opening_balance', 'type'],
        ['period_start', 'required'],
        ['total_fees', 'format'],
      ]);
      const overlap = await uploadStatement(t, owner, base, { fields: { period_start: '2026-07-31', period_end: '2026-08-30' } });
      expectError(overlap, 422, 'validation_error');
      expect(detailReasons(overlap)).toEqual([['period_start', 'conflict']]);
      const unbalanced = await uploadStatement(t, owner, base, { fields: { ...AUGUST, closing_balance: '1.00' } });
      expectError(unbalanced, 422, 'validation_error');
      expect(detailFields(unbalanced)).toEqual(['closing_balance']);

      expect(await rows('documents', caseId)).toEqual(documentsBefore);
      expect((await rows('statements', caseId)).length).toBe(1);
    }, 60_000);

    it('reads amounts sent as decimal text exactly, and an empty text part as unset', async () => {
      const { base } = await place();
      const res = await uploadStatement(t, owner, base, {
        fields: { period_start: '2026-08-01', period_end: '2026-08-31', opening_balance: '0.10', total_credits: '0.2', total_debits: '0', total_fees: '0', closing_balance: '0.30', notes: '' },
      });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      expect(res.body.data).toMatchObject({ opening_balance: 0.1, total_credits: 0.2, closing_balance: 0.3, notes: null });
    });

    it('replays a retry with the same Idempotency-Key (new boundary): one statement, one document; 409 for another file or other parts', async () => {
      const { caseId, base } = await place();
      const key = `statement-${Date.now()}`;
      const bytes = pdfBytes(2);
      const first = await uploadStatement(t, owner, base, { key, bytes, fields: AUGUST }).expect(201);
      const again = await uploadStatement(t, owner, base, { key, bytes, fields: AUGUST }).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.data).toEqual(first.body.data);
      expectError(await uploadStatement(t, owner, base, { key, bytes: pdfBytes(3), fields: AUGUST }), 409, 'idempotency_conflict');
      expectError(await uploadStatement(t, owner, base, { key, bytes, fields: { ...AUGUST, notes: 'changed' } }), 409, 'idempotency_conflict');
      expect((await rows('statements', caseId)).length).toBe(1);
      expect((await rows('documents', caseId)).length).toBe(1);

      // JSON retries replay too.
      const doc = await documentOf(caseId);
      const jsonKey = `${key}-json`;
      const body = { document_id: doc.id, period_start: '2026-09-01', period_end: '2026-09-30' };
      const json = await t.http().post(base).set(owner.auth).set('Idempotency-Key', jsonKey).send(body).expect(201);
      const jsonAgain = await t.http().post(base).set(owner.auth).set('Idempotency-Key', jsonKey).send(body).expect(201);
      expect(jsonAgain.body.data.id).toBe(json.body.data.id);
      expect((await rows('statements', caseId)).length).toBe(2);
    });
  });

  describe('PATCH and DELETE', () => {
    it('merge patch re-checks the rules on the merged statement (leaving itself out of the overlap); statement.updated', async () => {
      const { caseId, base } = await place();
      const doc = await documentOf(caseId);
      const july = (await t.http().post(base).set(owner.auth).send({ document_id: doc.id, period_start: '2026-07-01', period_end: '2026-07-31' }).expect(201)).body.data;
      const august = (await t.http().post(base).set(owner.auth).send({ document_id: doc.id, ...AUGUST }).expect(201)).body.data;

      // Its own period may move within itself.
      const moved = await t.http().patch(`${base}/${august.id}`).set(owner.auth).send({ period_start: '2026-08-02' });
      expect(moved.status).toBe(200);
      expect(moved.body.data.period_start).toBe('2026-08-02');
      const [before] = await t.sql('select * from statements where id = $1', [august.id]);
      const overlapping = await t.http().patch(`${base}/${august.id}`).set(owner.auth).send({ period_start: '2026-07-31' });
      expectError(overlapping, 422, 'validation_error');
      expect(overlapping.body.error.details).toEqual([{ field: 'period_start', message: expect.stringContaining(july.id), reason: 'conflict' }]);
      const unbalanced = await t.http().patch(`${base}/${august.id}`).set(owner.auth).send({ total_fees: 30 });
      expectError(unbalanced, 422, 'validation_error');
      expect(detailFields(unbalanced)).toEqual(['closing_balance']);
      const reversed = await t.http().patch(`${base}/${august.id}`).set(owner.auth).send({ period_end: '2026-08-01' });
      expectError(reversed, 422, 'validation_error');
      expect(detailFields(reversed)).toEqual(['period_end']);
      const readOnly = await t.http().patch(`${base}/${august.id}`).set(owner.auth).send({ file_name: 'x.pdf', size_bytes: 2, bank_account_id: UNKNOWN_ID });
      expectError(readOnly, 422, 'validation_error');
      expect(detailFields(readOnly).sort()).toEqual(['bank_account_id', 'file_name', 'size_bytes']);
      expect((await t.sql('select * from statements where id = $1', [august.id]))[0]).toEqual(before);

      // Both changed together stay balanced; clearing one amount turns the check off.
      const rebalanced = await t.http().patch(`${base}/${august.id}`).set(owner.auth).send({ total_fees: 30, closing_balance: 13161.04 });
      expect(rebalanced.status).toBe(200);
      const read = await t.http().get(`${base}/${august.id}`).set(owner.auth).expect(200);
      expectError(await t.http().patch(`${base}/${august.id}`).set(owner.auth).set('If-Match', '"stale"').send({ notes: 'x' }), 412, 'precondition_failed');
      const cleared = await t.http().patch(`${base}/${august.id}`).set(owner.auth).set('If-Match', read.headers.etag).send({ total_fees: null, notes: 'fees unknown' });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toMatchObject({ total_fees: null, notes: 'fees unknown' });
      expect((await eventTypes(caseId)).filter((type) => type === 'statement.updated')).toHaveLength(3);
    });

    it('moves to another document of the case (file_name and size_bytes follow), not to one of another case', async () => {
      const { caseId, base } = await place();
      const first = await documentOf(caseId, 'first.pdf', pdfBytes(1));
      const second = await documentOf(caseId, 'second.pdf', pdfBytes(6));
      const statement = (await t.http().post(base).set(owner.auth).send({ document_id: first.id, ...AUGUST }).expect(201)).body.data;
      const moved = await t.http().patch(`${base}/${statement.id}`).set(owner.auth).send({ document_id: second.id });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ document_id: second.id, file_name: 'second.pdf', size_bytes: second.size_bytes });
      const foreign = await documentOf(await newCase(t, owner));
      const refused = await t.http().patch(`${base}/${statement.id}`).set(owner.auth).send({ document_id: foreign.id });
      expectError(refused, 422, 'validation_error');
      expect(detailReasons(refused)).toEqual([['document_id', 'rule']]);
      expectError(await t.http().patch(`${base}/${statement.id}`).set(owner.auth).send({ document_id: null }), 422, 'validation_error');
    });

    it('follows a rename of its document: file_name changes, and so does its ETag', async () => {
      const { caseId, base } = await place();
      const doc = await documentOf(caseId, 'scan0001.pdf');
      const statement = (await t.http().post(base).set(owner.auth).send({ document_id: doc.id, ...AUGUST }).expect(201)).body.data;
      const before = await t.http().get(`${base}/${statement.id}`).set(owner.auth).expect(200);
      await t.http().patch(`/v1/cases/${caseId}/documents/${doc.id}`).set(owner.auth).send({ file_name: 'First Prairie 2026-08.pdf' }).expect(200);
      const after = await t.http().get(`${base}/${statement.id}`).set(owner.auth).set('If-None-Match', before.headers.etag);
      expect(after.status).toBe(200);
      expect(after.body.data.file_name).toBe('First Prairie 2026-08.pdf');
      const listed = await t.http().get(base).set(owner.auth).expect(200);
      expect(listed.body.data[0].file_name).toBe('First Prairie 2026-08.pdf');
    });

    it('keeps its document from being deleted (409 document_in_use naming the statement); DELETE is 204 with statement.deleted, then the document can go', async () => {
      const { caseId, base } = await place();
      const doc = await documentOf(caseId);
      const statement = (await t.http().post(base).set(owner.auth).send({ document_id: doc.id, ...AUGUST }).expect(201)).body.data;
      const refused = await t.http().delete(`/v1/cases/${caseId}/documents/${doc.id}`).set(owner.auth);
      expectError(refused, 409, 'document_in_use');
      expect(detailFields(refused)).toEqual([`statement:${statement.id}`]);
      expect((await rows('documents', caseId)).length).toBe(1);

      const read = await t.http().get(`${base}/${statement.id}`).set(owner.auth).expect(200);
      expectError(await t.http().delete(`${base}/${statement.id}`).set(owner.auth).set('If-Match', '"stale"'), 412, 'precondition_failed');
      await t.http().delete(`${base}/${statement.id}`).set(owner.auth).set('If-Match', read.headers.etag).expect(204);
      expect(await rows('statements', caseId)).toEqual([]);
      const [event] = await t.sql<{ object: Record<string, unknown> }>("select data->'object' as object from events where case_id = $1 and type = 'statement.deleted'", [caseId]);
      expect(event.object).toEqual(read.body.data);
      // The document stays until it is deleted itself.
      await t.http().delete(`/v1/cases/${caseId}/documents/${doc.id}`).set(owner.auth).expect(204);
    });

    it("another organization's case: 404 on every route, JSON and upload alike; nothing changed", async () => {
      const { caseId, base } = await place();
      const doc = await documentOf(caseId);
      const statement = (await t.http().post(base).set(owner.auth).send({ document_id: doc.id, ...AUGUST }).expect(201)).body.data;
      const [statementsBefore, documentsBefore] = [await rows('statements', caseId), await rows('documents', caseId)];
      expectError(await t.http().post(base).set(stranger.auth).send({ document_id: doc.id, period_start: '2026-09-01', period_end: '2026-09-30' }), 404, 'not_found');
      expectError(await uploadStatement(t, stranger, base, { fields: { period_start: '2026-09-01', period_end: '2026-09-30' } }), 404, 'not_found');
      expectError(await t.http().get(base).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().get(`${base}/${statement.id}`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().patch(`${base}/${statement.id}`).set(stranger.auth).send({ notes: 'x' }), 404, 'not_found');
      expectError(await t.http().delete(`${base}/${statement.id}`).set(stranger.auth), 404, 'not_found');
      expect(await rows('statements', caseId)).toEqual(statementsBefore);
      expect(await rows('documents', caseId)).toEqual(documentsBefore);
    });
  });
});
