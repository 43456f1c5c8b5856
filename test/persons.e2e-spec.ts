import type { Response } from 'supertest';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

/** Well-formed ULIDs that name nothing. */
const UNKNOWN_CASE_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const UNKNOWN_PERSON_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const PERSON_FIELDS = [
  'id',
  'first_name',
  'middle_name',
  'last_name',
  'suffix',
  'relationship',
  'email',
  'phone',
  'is_beneficiary',
  'possible_dispute',
  'is_deceased',
  'waiver_status',
  'created_at',
  'updated_at',
].sort();

const ids = (res: Response): string[] => (res.body.data as Array<{ id: string }>).map((p) => p.id);

describe('persons (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function newCase(caller: TestCaller): Promise<string> {
    const res = await t.http().post('/v1/cases').set(caller.auth).send({});
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  async function addPerson(caller: TestCaller, caseId: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await t
      .http()
      .post(`/v1/cases/${caseId}/persons`)
      .set(caller.auth)
      .send({ first_name: 'Pat', last_name: 'Doe', relationship: 'friend', ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  async function personRow(id: string): Promise<Record<string, any> | undefined> {
    return (await t.sql('select * from persons where id = $1', [id]))[0];
  }

  describe('GET /v1/cases/{case_id}/persons', () => {
    it('lists only the case’s persons in page mode, newest first by default', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const otherCase = await newCase(owner);
      const created: string[] = [];
      for (let i = 0; i < 5; i++) created.push((await addPerson(owner, caseId, { first_name: `P${i}` })).id);
      await addPerson(owner, otherCase);
      // Distinct creation times, so the default order (created_at desc) is known.
      for (let i = 0; i < 5; i++) await t.sql('update persons set created_at = $2 where id = $1', [created[i], `2026-01-0${i + 1}T00:00:00Z`]);

      const all = await t.http().get(`/v1/cases/${caseId}/persons`).set(owner.auth);
      expect(all.status).toBe(200);
      expect(all.headers.etag).toBeDefined();
      expect(ids(all)).toEqual([...created].reverse());
      expect(all.body.meta).toEqual({ page: 1, per_page: 25, total_count: 5, total_pages: 1, has_more: false, next_cursor: null });
      for (const person of all.body.data) expect(Object.keys(person).sort()).toEqual(PERSON_FIELDS);

      const page1 = await t.http().get(`/v1/cases/${caseId}/persons?per_page=2`).set(owner.auth).expect(200);
      expect(page1.body.meta).toEqual({ page: 1, per_page: 2, total_count: 5, total_pages: 3, has_more: true, next_cursor: null });
      const page2 = await t.http().get(`/v1/cases/${caseId}/persons?per_page=2&page=2`).set(owner.auth).expect(200);
      const page3 = await t.http().get(`/v1/cases/${caseId}/persons?per_page=2&page=3`).set(owner.auth).expect(200);
      expect(page3.body.meta).toMatchObject({ page: 3, has_more: false, total_pages: 3 });
      expect([...ids(page1), ...ids(page2), ...ids(page3)]).toEqual([...created].reverse());

      const asc = await t.http().get(`/v1/cases/${caseId}/persons?sort_order=asc`).set(owner.auth).expect(200);
      expect(ids(asc)).toEqual(created);
    });

    it('walks in cursor mode from an empty cursor across page boundaries without duplicates or gaps', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      for (let i = 0; i < 7; i++) await addPerson(owner, caseId, { first_name: `C${i}` });
      // Several persons share one created_at: the id tie-break must carry the cursor across them.
      const rows = await t.sql<{ id: string }>('select id from persons where case_id = $1 order by id', [caseId]);
      await t.sql(`update persons set created_at = '2026-05-05T00:00:00Z' where id = any($1)`, [rows.slice(0, 4).map((r) => r.id)]);
      const expected = ids(await t.http().get(`/v1/cases/${caseId}/persons?per_page=100`).set(owner.auth).expect(200));
      expect(expected).toHaveLength(7);

      const walked: string[] = [];
      let cursor = '';
      let pages = 0;
      for (;;) {
        const res = await t.http().get(`/v1/cases/${caseId}/persons?per_page=3&page=9&cursor=${encodeURIComponent(cursor)}`).set(owner.auth);
        expect(res.status).toBe(200);
        pages += 1;
        expect(res.body.meta.per_page).toBe(3);
        expect(res.body.meta).not.toHaveProperty('total_count');
        expect(res.body.meta).not.toHaveProperty('total_pages');
        walked.push(...ids(res));
        if (res.body.meta.next_cursor === null) {
          expect(res.body.meta.has_more).toBe(false);
          break;
        }
        expect(typeof res.body.meta.next_cursor).toBe('string');
        expect(res.body.meta.has_more).toBe(true);
        expect(res.body.data).toHaveLength(3);
        cursor = res.body.meta.next_cursor;
        if (pages > 5) throw new Error('cursor walk does not end');
      }
      expect(pages).toBe(3);
      expect(new Set(walked).size).toBe(7);
      expect(walked).toEqual(expected);
    });

    it('sorts by last_name ascending, ties on id, in page and cursor mode', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      for (const lastName of ['Evans', 'Baker', 'Adams', 'Baker', 'Davis', 'Baker', 'Clark']) await addPerson(owner, caseId, { last_name: lastName });

      const res = await t.http().get(`/v1/cases/${caseId}/persons?sort_by=last_name&sort_order=asc`).set(owner.auth).expect(200);
      const lastNames = res.body.data.map((p: { last_name: string }) => p.last_name);
      expect(lastNames).toEqual(['Adams', 'Baker', 'Baker', 'Baker', 'Clark', 'Davis', 'Evans']);
      const bakers = res.body.data.filter((p: { last_name: string }) => p.last_name === 'Baker').map((p: { id: string }) => p.id);
      expect(bakers).toEqual([...bakers].sort());

      const desc = await t.http().get(`/v1/cases/${caseId}/persons?sort_by=last_name`).set(owner.auth).expect(200);
      expect(desc.body.data.map((p: { last_name: string }) => p.last_name)).toEqual([...lastNames].reverse());

      const walked: string[] = [];
      let cursor = '';
      for (let guard = 0; guard < 10; guard++) {
        const page = await t.http().get(`/v1/cases/${caseId}/persons?sort_by=last_name&sort_order=asc&per_page=2&cursor=${encodeURIComponent(cursor)}`).set(owner.auth).expect(200);
        walked.push(...ids(page));
        if (!page.body.meta.next_cursor) break;
        cursor = page.body.meta.next_cursor;
      }
      expect(walked).toEqual(ids(res));

      // A cursor is bound to its sort.
      const first = await t.http().get(`/v1/cases/${caseId}/persons?sort_by=last_name&sort_order=asc&per_page=2&cursor=`).set(owner.auth).expect(200);
      const mismatched = await t.http().get(`/v1/cases/${caseId}/persons?sort_by=created_at&per_page=2&cursor=${first.body.meta.next_cursor}`).set(owner.auth);
      expectError(mismatched, 400, 'bad_request');
      expect(detailFields(mismatched)).toEqual(['cursor']);
    });

    it('400 bad_request for an undecodable cursor, an unknown sort or a bad filter value', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const badCursor = await t.http().get(`/v1/cases/${caseId}/persons?cursor=not-a-cursor`).set(owner.auth);
      expectError(badCursor, 400, 'bad_request');
      expect(detailFields(badCursor)).toEqual(['cursor']);
      expect(badCursor.headers['x-request-id']).toBeTruthy();

      const badSort = await t.http().get(`/v1/cases/${caseId}/persons?sort_by=email`).set(owner.auth);
      expectError(badSort, 400, 'bad_request');
      expect(detailFields(badSort)).toEqual(['sort_by']);

      const badWaiver = await t.http().get(`/v1/cases/${caseId}/persons?waiver_status=maybe`).set(owner.auth);
      expectError(badWaiver, 400, 'bad_request');
      expect(detailFields(badWaiver)).toEqual(['waiver_status']);

      const badBoolean = await t.http().get(`/v1/cases/${caseId}/persons?is_beneficiary=yes`).set(owner.auth);
      expectError(badBoolean, 400, 'bad_request');
      expect(detailFields(badBoolean)).toEqual(['is_beneficiary']);

      const badPerPage = await t.http().get(`/v1/cases/${caseId}/persons?per_page=abc`).set(owner.auth);
      expectError(badPerPage, 400, 'bad_request');
      expect(detailFields(badPerPage)).toEqual(['per_page']);
    });

    it('filters on waiver_status (repeatable), is_beneficiary and relationship (partial, case-insensitive)', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const daughter = await addPerson(owner, caseId, { relationship: 'Daughter', is_beneficiary: true, waiver_status: 'waiver_signed' });
      const stepDaughter = await addPerson(owner, caseId, { relationship: 'step-daughter', is_beneficiary: false, waiver_status: 'waiver_pending' });
      const son = await addPerson(owner, caseId, { relationship: 'son', is_beneficiary: true, waiver_status: 'waiver_refused' });
      const lawyer = await addPerson(owner, caseId, { relationship: 'attorney (50%_fee)' });
      const list = async (query: string) => ids(await t.http().get(`/v1/cases/${caseId}/persons?${query}`).set(owner.auth).expect(200)).sort();
      const sorted = (values: string[]) => [...values].sort();

      expect(await list('waiver_status=waiver_signed')).toEqual([daughter.id]);
      expect(await list('waiver_status=waiver_signed&waiver_status=waiver_refused')).toEqual(sorted([daughter.id, son.id]));
      expect(await list('waiver_status=no_waiver_needed')).toEqual([]);
      expect(await list('is_beneficiary=true')).toEqual(sorted([daughter.id, son.id]));
      expect(await list('is_beneficiary=false')).toEqual(sorted([stepDaughter.id, lawyer.id]));
      expect(await list('relationship=daugh')).toEqual(sorted([daughter.id, stepDaughter.id]));
      expect(await list('relationship=DAUGHTER')).toEqual(sorted([daughter.id, stepDaughter.id]));
      expect(await list('relationship=son')).toEqual([son.id]);
      // LIKE wildcards in the filter are literal characters.
      expect(await list('relationship=%25')).toEqual([lawyer.id]);
      expect(await list('relationship=_')).toEqual([lawyer.id]);
      expect(await list('relationship=daughter&is_beneficiary=true')).toEqual([daughter.id]);

      const counted = await t.http().get(`/v1/cases/${caseId}/persons?is_beneficiary=true`).set(owner.auth).expect(200);
      expect(counted.body.meta).toMatchObject({ total_count: 2, total_pages: 1, has_more: false });
    });

    it('answers 304 for a matching If-None-Match on the list', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      await addPerson(owner, caseId);
      const first = await t.http().get(`/v1/cases/${caseId}/persons`).set(owner.auth).expect(200);
      const cached = await t.http().get(`/v1/cases/${caseId}/persons`).set(owner.auth).set('If-None-Match', first.headers.etag);
      expect(cached.status).toBe(304);
      await addPerson(owner, caseId);
      const changed = await t.http().get(`/v1/cases/${caseId}/persons`).set(owner.auth).set('If-None-Match', first.headers.etag);
      expect(changed.status).toBe(200);
      expect(changed.body.data).toHaveLength(2);
    });
  });

  describe('POST /v1/cases/{case_id}/persons', () => {
    it('201 with defaults: booleans false, unset fields null', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const res = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ first_name: 'Jane', last_name: 'Doe', relationship: 'daughter' });
      expect(res.status).toBe(201);
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      const data = res.body.data;
      expect(Object.keys(data).sort()).toEqual(PERSON_FIELDS);
      expect(data.id).toMatch(ULID);
      expect(data).toMatchObject({
        first_name: 'Jane',
        middle_name: null,
        last_name: 'Doe',
        suffix: null,
        relationship: 'daughter',
        email: null,
        phone: null,
        is_beneficiary: false,
        possible_dispute: false,
        is_deceased: false,
        waiver_status: null,
      });
      expect(data.created_at).toMatch(ISO_UTC);
      expect(data.updated_at).toMatch(ISO_UTC);
      const row = await personRow(data.id);
      expect(row).toMatchObject({ case_id: caseId, first_name: 'Jane', is_beneficiary: false, possible_dispute: false, is_deceased: false, waiver_status: null });
    });

    it('201 with every field set', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const body = {
        first_name: 'John',
        middle_name: 'Q',
        last_name: 'Public',
        suffix: 'Jr.',
        relationship: 'son',
        email: 'john@example.com',
        phone: '+1 555 0100',
        is_beneficiary: true,
        possible_dispute: true,
        is_deceased: false,
        waiver_status: 'waiver_pending',
      };
      const res = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send(body);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject(body);
      const read = await t.http().get(`/v1/cases/${caseId}/persons/${res.body.data.id}`).set(owner.auth).expect(200);
      expect(read.body.data).toEqual(res.body.data);
    });

    it('422 for a missing relationship, a bad e-mail, a wrong type and an unknown field; nothing written', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const post = (body: Record<string, unknown>) => t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send(body);
      const base = { first_name: 'Jane', last_name: 'Doe', relationship: 'daughter' };

      const { relationship: _relationship, ...noRelationship } = base;
      const missing = await post(noRelationship);
      expectError(missing, 422, 'validation_error');
      expect(detailFields(missing)).toEqual(['relationship']);
      expect(missing.headers['x-request-id']).toBeTruthy();

      const badEmail = await post({ ...base, email: 'jane@' });
      expectError(badEmail, 422, 'validation_error');
      expect(detailFields(badEmail)).toEqual(['email']);

      const wrongType = await post({ ...base, is_beneficiary: 'yes' });
      expectError(wrongType, 422, 'validation_error');
      expect(detailFields(wrongType)).toEqual(['is_beneficiary']);

      const unknown = await post({ ...base, favourite_colour: 'green' });
      expectError(unknown, 422, 'validation_error');
      expect(detailFields(unknown)).toEqual(['favourite_colour']);

      const readOnly = await post({ ...base, id: UNKNOWN_PERSON_ID, case_id: caseId });
      expectError(readOnly, 422, 'validation_error');
      expect(detailFields(readOnly).sort()).toEqual(['case_id', 'id']);

      const several = await post({ first_name: '', last_name: 7, relationship: 'x', waiver_status: 'waived' });
      expectError(several, 422, 'validation_error');
      expect(detailFields(several).sort()).toEqual(['first_name', 'last_name', 'waiver_status']);

      expect(await t.sql('select 1 from persons where case_id = $1', [caseId])).toHaveLength(0);
    });
  });

  describe('GET /v1/cases/{case_id}/persons/{person_id}', () => {
    it('200 with the person and its ETag; 304 for a matching If-None-Match', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const person = await addPerson(owner, caseId, { email: 'pat@example.com' });
      const res = await t.http().get(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(person);
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      const cached = await t.http().get(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).set('If-None-Match', res.headers.etag);
      expect(cached.status).toBe(304);
    });

    it('404 for an unknown person id, and for a person of another case of the same organization', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const otherCase = await newCase(owner);
      const elsewhere = await addPerson(owner, otherCase);

      const unknown = await t.http().get(`/v1/cases/${caseId}/persons/${UNKNOWN_PERSON_ID}`).set(owner.auth);
      expectError(unknown, 404, 'not_found');
      expect(unknown.headers['x-request-id']).toBeTruthy();
      expectError(await t.http().get(`/v1/cases/${caseId}/persons/not-an-id`).set(owner.auth), 404, 'not_found');

      const crossCase = await t.http().get(`/v1/cases/${caseId}/persons/${elsewhere.id}`).set(owner.auth);
      expectError(crossCase, 404, 'not_found');
      await t.http().get(`/v1/cases/${otherCase}/persons/${elsewhere.id}`).set(owner.auth).expect(200);
    });
  });

  describe('PATCH /v1/cases/{case_id}/persons/{person_id} (#9)', () => {
    it('merge patch: only the fields sent change', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const person = await addPerson(owner, caseId, { middle_name: 'Lee', email: 'pat@example.com', is_beneficiary: true, waiver_status: 'waiver_pending' });
      const res = await t.http().patch(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).send({ waiver_status: 'waiver_signed', phone: '555-0101' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...person, waiver_status: 'waiver_signed', phone: '555-0101', updated_at: res.body.data.updated_at });
      expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(person.updated_at));
      expect(await personRow(person.id)).toMatchObject({
        waiver_status: 'waiver_signed',
        phone: '555-0101',
        middle_name: 'Lee',
        email: 'pat@example.com',
        is_beneficiary: true,
      });

      const mergeType = await t
        .http()
        .patch(`/v1/cases/${caseId}/persons/${person.id}`)
        .set(owner.auth)
        .set('Content-Type', 'application/merge-patch+json')
        .send(JSON.stringify({ is_beneficiary: false }));
      expect(mergeType.status).toBe(200);
      expect(mergeType.body.data).toMatchObject({ is_beneficiary: false, waiver_status: 'waiver_signed', phone: '555-0101' });
    });

    it('null clears middle_name; null on first_name is a 422', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const person = await addPerson(owner, caseId, { middle_name: 'Lee', suffix: 'III' });
      const cleared = await t.http().patch(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).send({ middle_name: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data.middle_name).toBeNull();
      expect(cleared.body.data.suffix).toBe('III');
      expect((await personRow(person.id))?.middle_name).toBeNull();

      for (const field of ['first_name', 'last_name', 'relationship']) {
        const refused = await t.http().patch(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).send({ [field]: null });
        expectError(refused, 422, 'validation_error');
        expect(detailFields(refused)).toEqual([field]);
      }
      expect(await personRow(person.id)).toMatchObject({ first_name: 'Pat', last_name: 'Doe', relationship: 'friend' });
    });

    it('422 for read-only, unknown and wrongly typed fields; the row is unchanged', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const person = await addPerson(owner, caseId);
      const before = await personRow(person.id);
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{ id: UNKNOWN_PERSON_ID }, ['id']],
        [{ created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z' }, ['created_at', 'updated_at']],
        [{ first_name: 'Ok', nickname: 'P' }, ['nickname']],
        [{ is_deceased: 'no' }, ['is_deceased']],
        [{ email: 'not-mail' }, ['email']],
        [{ waiver_status: 'signed' }, ['waiver_status']],
        [{ first_name: '' }, ['first_name']],
      ];
      for (const [body, fields] of cases) {
        const res = await t.http().patch(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).send(body);
        expectError(res, 422, 'validation_error');
        expect(detailFields(res).sort()).toEqual(fields);
      }
      expect(await personRow(person.id)).toEqual(before);
    });

    it('412 for a stale If-Match (row unchanged); 200 with the current one, and the ETag changes', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const person = await addPerson(owner, caseId);
      const read = await t.http().get(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).expect(200);

      const stale = await t.http().patch(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).set('If-Match', '"stale"').send({ first_name: 'Changed' });
      expectError(stale, 412, 'precondition_failed');
      expect(stale.headers['x-request-id']).toBeTruthy();
      expect((await personRow(person.id))?.first_name).toBe('Pat');

      const ok = await t.http().patch(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).set('If-Match', read.headers.etag).send({ first_name: 'Changed' });
      expect(ok.status).toBe(200);
      expect(ok.headers.etag).not.toBe(read.headers.etag);

      const again = await t.http().patch(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).set('If-Match', read.headers.etag).send({ first_name: 'Again' });
      expectError(again, 412, 'precondition_failed');
      expect((await personRow(person.id))?.first_name).toBe('Changed');
    });

    it('404 for an unknown person and for a person of another case; 415 for text/plain', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const otherCase = await newCase(owner);
      const elsewhere = await addPerson(owner, otherCase);
      expectError(await t.http().patch(`/v1/cases/${caseId}/persons/${UNKNOWN_PERSON_ID}`).set(owner.auth).send({ first_name: 'X' }), 404, 'not_found');
      expectError(await t.http().patch(`/v1/cases/${caseId}/persons/${elsewhere.id}`).set(owner.auth).send({ first_name: 'X' }), 404, 'not_found');
      expect((await personRow(elsewhere.id))?.first_name).toBe('Pat');

      const own = await addPerson(owner, caseId);
      const plain = await t.http().patch(`/v1/cases/${caseId}/persons/${own.id}`).set(owner.auth).set('Content-Type', 'text/plain').send('first_name=X');
      expectError(plain, 415, 'unsupported_media_type');
    });
  });

  describe('DELETE /v1/cases/{case_id}/persons/{person_id}', () => {
    it('204, then the person is gone', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const person = await addPerson(owner, caseId);
      const kept = await addPerson(owner, caseId);
      const res = await t.http().delete(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth);
      expect(res.status).toBe(204);
      expect(res.text).toBeFalsy();
      expect(await personRow(person.id)).toBeUndefined();
      expectError(await t.http().get(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().delete(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth), 404, 'not_found');
      const list = await t.http().get(`/v1/cases/${caseId}/persons`).set(owner.auth).expect(200);
      expect(ids(list)).toEqual([kept.id]);
    });

    it('412 for a stale If-Match (person kept); 204 with the current ETag', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const person = await addPerson(owner, caseId);
      const stale = await t.http().delete(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).set('If-Match', '"stale"');
      expectError(stale, 412, 'precondition_failed');
      expect(await personRow(person.id)).toBeDefined();

      const read = await t.http().get(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).expect(200);
      await t.http().delete(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).set('If-Match', read.headers.etag).expect(204);
      expect(await personRow(person.id)).toBeUndefined();
    });

    it('404 for a person of another case of the same organization (kept)', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const otherCase = await newCase(owner);
      const elsewhere = await addPerson(owner, otherCase);
      expectError(await t.http().delete(`/v1/cases/${caseId}/persons/${elsewhere.id}`).set(owner.auth), 404, 'not_found');
      expect(await personRow(elsewhere.id)).toBeDefined();
    });
  });

  describe('foreign and unknown cases', () => {
    it('every persons route answers 404 for another organization’s case and touches nothing', async () => {
      const owner = await t.invite();
      const stranger = await t.invite();
      const foreignCase = await newCase(stranger);
      const foreignPerson = await addPerson(stranger, foreignCase, { first_name: 'Secret' });
      const before = await personRow(foreignPerson.id);
      const base = `/v1/cases/${foreignCase}/persons`;

      const responses = [
        await t.http().get(base).set(owner.auth),
        await t.http().post(base).set(owner.auth).send({ first_name: 'Eve', last_name: 'Intruder', relationship: 'none' }),
        await t.http().get(`${base}/${foreignPerson.id}`).set(owner.auth),
        await t.http().patch(`${base}/${foreignPerson.id}`).set(owner.auth).send({ first_name: 'Hacked' }),
        await t.http().delete(`${base}/${foreignPerson.id}`).set(owner.auth),
      ];
      for (const res of responses) {
        expectError(res, 404, 'not_found');
        expect(res.text).not.toContain('Secret');
      }
      expect(await personRow(foreignPerson.id)).toEqual(before);
      expect(await t.sql('select id from persons where case_id = $1', [foreignCase])).toEqual([{ id: foreignPerson.id }]);
      // The owner still sees it.
      await t.http().get(`${base}/${foreignPerson.id}`).set(stranger.auth).expect(200);
    });

    it('every persons route answers 404 for an unknown case id', async () => {
      const owner = await t.invite();
      for (const caseId of [UNKNOWN_CASE_ID, 'not-a-case']) {
        const base = `/v1/cases/${caseId}/persons`;
        const responses = [
          await t.http().get(base).set(owner.auth),
          await t.http().post(base).set(owner.auth).send({ first_name: 'Eve', last_name: 'Nobody', relationship: 'none' }),
          await t.http().get(`${base}/${UNKNOWN_PERSON_ID}`).set(owner.auth),
          await t.http().patch(`${base}/${UNKNOWN_PERSON_ID}`).set(owner.auth).send({ first_name: 'X' }),
          await t.http().delete(`${base}/${UNKNOWN_PERSON_ID}`).set(owner.auth),
        ];
        for (const res of responses) expectError(res, 404, 'not_found');
      }
    });

    it('a person POST racing the case DELETE never leaves a person on the deleted case', async () => {
      const owner = await t.invite();
      for (let round = 0; round < 8; round++) {
        const caseId = await newCase(owner);
        const post = () =>
          t
            .http()
            .post(`/v1/cases/${caseId}/persons`)
            .set(owner.auth)
            .send({ first_name: 'Race', last_name: 'Condition', relationship: 'heir' })
            .then((res) => res.status);
        const statuses = await Promise.all([post(), post(), t.http().delete(`/v1/cases/${caseId}`).set(owner.auth).then((res) => res.status), post(), post()]);
        expect(statuses[2]).toBe(204);
        for (const status of [...statuses.slice(0, 2), ...statuses.slice(3)]) expect([201, 404]).toContain(status);
        // Deleting a case erases its persons: none may be written after (or around) the deletion.
        expect(await t.sql('select id from persons where case_id = $1', [caseId])).toEqual([]);
      }
    });

    it('a case’s persons answer 404 once the case is deleted', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const person = await addPerson(owner, caseId);
      await t.http().delete(`/v1/cases/${caseId}`).set(owner.auth).expect(204);
      expectError(await t.http().get(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ first_name: 'A', last_name: 'B', relationship: 'c' }), 404, 'not_found');
      expect(await t.sql('select 1 from persons where case_id = $1', [caseId])).toHaveLength(0);
    });
  });
});
