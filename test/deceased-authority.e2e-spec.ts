import type { Response } from 'supertest';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

/** A well-formed ULID that no case has. */
const UNKNOWN_CASE_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const SSN = '123-45-6789';

const DECEASED_FIELDS = [
  'full_name',
  'first_name',
  'middle_name',
  'last_name',
  'date_of_birth',
  'date_of_death',
  'ssn',
  'address',
  'email',
  'verification_level',
].sort();

const FULL_DECEASED = {
  full_name: 'Ada King, Countess of Lovelace',
  first_name: 'Ada',
  middle_name: 'Augusta',
  last_name: 'Lovelace',
  date_of_birth: '1950-12-10',
  date_of_death: '2025-11-27',
  ssn: SSN,
  address: { address1: '12 Elm Street', address2: 'Apt 4', city: 'Springfield', state: 'IL', zip: '62701-1234' },
  email: 'ada@example.com',
  verification_level: 'document_verified',
};

const MINIMAL_DECEASED = { first_name: 'Ada', last_name: 'Lovelace', date_of_death: '2025-11-27' };

function isoDateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('deceased and authority (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function newCase(caller: TestCaller, body: Record<string, unknown> = {}): Promise<string> {
    const res = await t.http().post('/v1/cases').set(caller.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  async function deceasedRows(caseId: string): Promise<Array<Record<string, any>>> {
    return t.sql('select * from deceased where case_id = $1', [caseId]);
  }

  async function authorityRows(caseId: string): Promise<Array<Record<string, any>>> {
    return t.sql('select * from authorities where case_id = $1', [caseId]);
  }

  describe('GET /v1/cases/{case_id}/deceased (#6)', () => {
    it('200 with the SSN masked and never in full anywhere in the body', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send(FULL_DECEASED).expect(201);

      const res = await t.http().get(`/v1/cases/${caseId}/deceased`).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(Object.keys(res.body.data).sort()).toEqual(DECEASED_FIELDS);
      expect(res.body.data).toEqual({ ...FULL_DECEASED, ssn: '*******6789' });
      const raw = res.text;
      expect(raw).not.toContain(SSN);
      expect(raw).not.toContain('123456789');
      expect(raw).not.toContain('123-45');
      expect(raw).not.toContain('45-6789');
    });

    it('masks an SSN sent without dashes too', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, ssn: '987654321' }).expect(201);
      const res = await t.http().get(`/v1/cases/${caseId}/deceased`).set(owner.auth).expect(200);
      expect(res.body.data.ssn).toMatch(/^\*+4321$/);
      expect(res.text).not.toContain('98765');
    });

    it('404 when the case has no deceased record', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const res = await t.http().get(`/v1/cases/${caseId}/deceased`).set(owner.auth);
      expectError(res, 404, 'not_found');
      expect(res.headers['x-request-id']).toBeTruthy();
    });

    it('404 for another organization’s case and for an unknown case', async () => {
      const owner = await t.invite();
      const stranger = await t.invite();
      const foreign = await newCase(stranger, { deceased: MINIMAL_DECEASED });
      await t.http().get(`/v1/cases/${foreign}/deceased`).set(stranger.auth).expect(200);

      const res = await t.http().get(`/v1/cases/${foreign}/deceased`).set(owner.auth);
      expectError(res, 404, 'not_found');
      expect(res.text).not.toContain('Lovelace');
      expectError(await t.http().get(`/v1/cases/${UNKNOWN_CASE_ID}/deceased`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().get('/v1/cases/not-a-case/deceased').set(owner.auth), 404, 'not_found');
    });

    it('304 for a matching If-None-Match, 200 for another tag', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner, { deceased: MINIMAL_DECEASED });
      const first = await t.http().get(`/v1/cases/${caseId}/deceased`).set(owner.auth).expect(200);
      const etag = first.headers.etag;
      const cached = await t.http().get(`/v1/cases/${caseId}/deceased`).set(owner.auth).set('If-None-Match', etag);
      expect(cached.status).toBe(304);
      expect(cached.headers.etag).toBe(etag);
      expect(cached.text).toBeFalsy();
      await t.http().get(`/v1/cases/${caseId}/deceased`).set(owner.auth).set('If-None-Match', '"other"').expect(200);
    });
  });

  describe('PUT /v1/cases/{case_id}/deceased', () => {
    it('201 on first write, 200 on replace; a replace clears omitted optional fields', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const created = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send(FULL_DECEASED);
      expect(created.status).toBe(201);
      expect(created.headers.etag).toBeDefined();
      expect(created.body.data).toEqual({ ...FULL_DECEASED, ssn: '*******6789' });

      const replaced = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ first_name: 'Augusta', last_name: 'Byron', date_of_death: '2024-06-01' });
      expect(replaced.status).toBe(200);
      expect(replaced.headers.etag).not.toBe(created.headers.etag);
      expect(replaced.body.data).toEqual({
        full_name: 'Augusta Byron',
        first_name: 'Augusta',
        middle_name: null,
        last_name: 'Byron',
        date_of_birth: null,
        date_of_death: '2024-06-01',
        ssn: null,
        address: null,
        email: null,
        verification_level: null,
      });
      const read = await t.http().get(`/v1/cases/${caseId}/deceased`).set(owner.auth).expect(200);
      expect(read.body.data).toEqual(replaced.body.data);

      const rows = await deceasedRows(caseId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ first_name: 'Augusta', last_name: 'Byron', middle_name: null, ssn: null, address: null, email: null, date_of_birth: null });
    });

    it('422 for a mistyped SSN or address parts, never a 500; nothing stored', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const res = await t
        .http()
        .put(`/v1/cases/${caseId}/deceased`)
        .set(owner.auth)
        .send({ ...MINIMAL_DECEASED, ssn: 123456789, address: { address1: '1 Main St', city: 'Springfield', state: 17 } });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('validation_error');
      const fields = (res.body.error.details as Array<{ field: string }>).map((detail) => detail.field);
      expect(fields).toEqual(expect.arrayContaining(['ssn', 'address.state', 'address.zip']));
      expect(await deceasedRows(caseId)).toHaveLength(0);
    });

    it('stores the SSN encrypted: the column never holds the plaintext digits', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, ssn: SSN }).expect(201);
      const [row] = await deceasedRows(caseId);
      expect(typeof row.ssn).toBe('string');
      expect(row.ssn).not.toContain(SSN);
      expect(row.ssn).not.toContain('123456789');
      expect(row.ssn.replace(/\D/g, '')).not.toContain('123456789');

      // The same SSN again changes nothing stored (encrypted values are compared by what they encrypt; a fresh IV per
      // encryption is unit-tested in column-types.spec.ts); another SSN is stored as a new ciphertext.
      await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, ssn: SSN }).expect(200);
      const [same] = await deceasedRows(caseId);
      expect(same.ssn).toBe(row.ssn);
      await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, ssn: '987-65-6789' }).expect(200);
      const [again] = await deceasedRows(caseId);
      expect(again.ssn).not.toBe(row.ssn);
      expect(again.ssn.replace(/\D/g, '')).not.toContain('987656789');
      const read = await t.http().get(`/v1/cases/${caseId}/deceased`).set(owner.auth).expect(200);
      expect(read.body.data.ssn).toBe('*******6789');
    });

    it('422 naming first_name, last_name and date_of_death when they are missing; nothing written', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const res = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ middle_name: 'Augusta' });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res).sort()).toEqual(['date_of_death', 'first_name', 'last_name']);
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(await deceasedRows(caseId)).toHaveLength(0);

      const nulls = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ first_name: null, last_name: '', date_of_death: null });
      expectError(nulls, 422, 'validation_error');
      expect(detailFields(nulls).sort()).toEqual(['date_of_death', 'first_name', 'last_name']);
    });

    it('422 for a date that does not exist or is not YYYY-MM-DD', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const res = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, date_of_death: '2026-02-30' });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['date_of_death']);

      const format = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, date_of_birth: '12/10/1950' });
      expectError(format, 422, 'validation_error');
      expect(detailFields(format)).toEqual(['date_of_birth']);

      const dateTime = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, date_of_death: '2025-11-27T00:00:00Z' });
      expectError(dateTime, 422, 'validation_error');
      expect(detailFields(dateTime)).toEqual(['date_of_death']);
      expect(await deceasedRows(caseId)).toHaveLength(0);
    });

    it('422 for a bad e-mail, a bad SSN and an unknown field', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const res = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, email: 'ada-at-example', ssn: '12345', nickname: 'Ada' });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res).sort()).toEqual(['email', 'nickname', 'ssn']);
      expect(await deceasedRows(caseId)).toHaveLength(0);
    });

    it('422 date_of_death when it is before date_of_birth', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const res = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, date_of_birth: '2000-01-02', date_of_death: '2000-01-01' });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['date_of_death']);
      expect(await deceasedRows(caseId)).toHaveLength(0);

      // Born and died the same day is possible.
      await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, date_of_birth: '2000-01-01', date_of_death: '2000-01-01' }).expect(201);
    });

    it('422 date_of_death when it is in the future', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const res = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, date_of_death: isoDateInDays(2) });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['date_of_death']);
      expect(await deceasedRows(caseId)).toHaveLength(0);

      await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, date_of_death: isoDateInDays(-1) }).expect(201);
    });

    it('422 with nested paths for a bad address', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const put = (address: unknown) => t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, address });
      const good = { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' };

      const { city: _city, ...noCity } = good;
      const missingCity = await put(noCity);
      expectError(missingCity, 422, 'validation_error');
      expect(detailFields(missingCity)).toEqual(['address.city']);

      const badZip = await put({ ...good, zip: '6270' });
      expectError(badZip, 422, 'validation_error');
      expect(detailFields(badZip)).toEqual(['address.zip']);

      const badState = await put({ ...good, state: 'Illinois' });
      expectError(badState, 422, 'validation_error');
      expect(detailFields(badState)).toEqual(['address.state']);

      const lowerState = await put({ ...good, state: 'il' });
      expectError(lowerState, 422, 'validation_error');
      expect(detailFields(lowerState)).toEqual(['address.state']);

      const extra = await put({ ...good, country: 'US' });
      expectError(extra, 422, 'validation_error');
      expect(detailFields(extra)).toEqual(['address.country']);

      const notObject = await put('12 Elm Street, Springfield');
      expectError(notObject, 422, 'validation_error');
      expect(detailFields(notObject)).toContain('address');

      expect(await deceasedRows(caseId)).toHaveLength(0);
      await put(good).expect(201);
    });

    it('a refused replace leaves the stored record unchanged', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner, { deceased: FULL_DECEASED });
      const [before] = await deceasedRows(caseId);
      const res = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ first_name: 'Ada', last_name: 'Lovelace', date_of_death: '2026-02-30' });
      expectError(res, 422, 'validation_error');
      const [after] = await deceasedRows(caseId);
      expect(after).toEqual(before);
    });

    it('412 for a stale If-Match (row unchanged); 200 with the current ETag', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner, { deceased: MINIMAL_DECEASED });
      const [before] = await deceasedRows(caseId);
      const stale = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).set('If-Match', '"stale"').send({ ...MINIMAL_DECEASED, first_name: 'Changed' });
      expectError(stale, 412, 'precondition_failed');
      expect(stale.headers['x-request-id']).toBeTruthy();
      expect((await deceasedRows(caseId))[0]).toEqual(before);

      const read = await t.http().get(`/v1/cases/${caseId}/deceased`).set(owner.auth).expect(200);
      const ok = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).set('If-Match', read.headers.etag).send({ ...MINIMAL_DECEASED, first_name: 'Changed' });
      expect(ok.status).toBe(200);
      expect(ok.body.data.first_name).toBe('Changed');
      expect(ok.headers.etag).not.toBe(read.headers.etag);

      const again = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).set('If-Match', read.headers.etag).send(MINIMAL_DECEASED);
      expectError(again, 412, 'precondition_failed');
      expect((await deceasedRows(caseId))[0].first_name).toBe('Changed');
    });

    it('412 for If-Match when there is no record yet', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const res = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).set('If-Match', '*').send(MINIMAL_DECEASED);
      expectError(res, 412, 'precondition_failed');
      expect(await deceasedRows(caseId)).toHaveLength(0);
    });

    it('404 for another organization’s case (nothing written) and for an unknown case', async () => {
      const owner = await t.invite();
      const stranger = await t.invite();
      const foreign = await newCase(stranger);
      const res = await t.http().put(`/v1/cases/${foreign}/deceased`).set(owner.auth).send(MINIMAL_DECEASED);
      expectError(res, 404, 'not_found');
      expect(await deceasedRows(foreign)).toHaveLength(0);
      expectError(await t.http().put(`/v1/cases/${UNKNOWN_CASE_ID}/deceased`).set(owner.auth).send(MINIMAL_DECEASED), 404, 'not_found');
    });

    it('415 for a body that is not JSON (merge-patch+json is for PATCH only)', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const res = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).set('Content-Type', 'text/plain').send('first_name=Ada');
      expectError(res, 415, 'unsupported_media_type');
      const mergePatch = await t
        .http()
        .put(`/v1/cases/${caseId}/deceased`)
        .set(owner.auth)
        .set('Content-Type', 'application/merge-patch+json')
        .send(JSON.stringify(MINIMAL_DECEASED));
      expectError(mergePatch, 415, 'unsupported_media_type');
      expect(await deceasedRows(caseId)).toHaveLength(0);
    });

    it('concurrent first PUTs: exactly one 201, the rest replace (200), never a 500', async () => {
      const owner = await t.invite();
      for (let round = 0; round < 3; round++) {
        const caseId = await newCase(owner);
        const responses = await Promise.all(
          Array.from({ length: 6 }, (_, i) => t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ ...MINIMAL_DECEASED, first_name: `Ada${i}` })),
        );
        const statuses = responses.map((res) => res.status).sort();
        expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
        expect(await deceasedRows(caseId)).toHaveLength(1);
      }
    });
  });

  describe('PUT racing a case DELETE', () => {
    it('never recreates deceased or authority records on a deleted case, and never answers 500', async () => {
      const owner = await t.invite();
      for (let round = 0; round < 8; round++) {
        const caseId = await newCase(owner, { deceased: MINIMAL_DECEASED, authority: { level: 'level_1', types: ['other'] } });
        const tagged = (method: string, request: Promise<Response>) => request.then((res) => ({ method, status: res.status }));
        const responses = await Promise.all([
          ...Array.from({ length: 3 }, () => tagged('PUT', t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send(MINIMAL_DECEASED))),
          tagged('DELETE', t.http().delete(`/v1/cases/${caseId}`).set(owner.auth)),
          ...Array.from({ length: 3 }, () => tagged('PUT', t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_2', types: ['other'] }))),
          tagged('DELETE', t.http().delete(`/v1/cases/${caseId}`).set(owner.auth)),
        ]);
        const puts = responses.filter((res) => res.method === 'PUT').map((res) => res.status);
        const deletes = responses.filter((res) => res.method === 'DELETE').map((res) => res.status).sort();
        for (const status of puts) expect([200, 404]).toContain(status);
        expect(deletes).toEqual([204, 404]);
        expect(await deceasedRows(caseId)).toHaveLength(0);
        expect(await authorityRows(caseId)).toHaveLength(0);
      }
    });
  });

  describe('GET /v1/cases/{case_id}/authority', () => {
    it('200 with level and types; 404 when there is no record', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const missing = await t.http().get(`/v1/cases/${caseId}/authority`).set(owner.auth);
      expectError(missing, 404, 'not_found');

      await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_3', types: ['named_in_probate'] }).expect(201);
      const res = await t.http().get(`/v1/cases/${caseId}/authority`).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ level: 'level_3', types: ['named_in_probate'] });
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    });

    it('304 for a matching If-None-Match', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner, { authority: { level: 'level_1', types: ['next_of_kin'] } });
      const first = await t.http().get(`/v1/cases/${caseId}/authority`).set(owner.auth).expect(200);
      const cached = await t.http().get(`/v1/cases/${caseId}/authority`).set(owner.auth).set('If-None-Match', first.headers.etag);
      expect(cached.status).toBe(304);
      expect(cached.text).toBeFalsy();
      const star = await t.http().get(`/v1/cases/${caseId}/authority`).set(owner.auth).set('If-None-Match', '*');
      expect(star.status).toBe(304);
    });

    it('404 for another organization’s case and for an unknown case', async () => {
      const owner = await t.invite();
      const stranger = await t.invite();
      const foreign = await newCase(stranger, { authority: { level: 'level_1', types: ['next_of_kin'] } });
      expectError(await t.http().get(`/v1/cases/${foreign}/authority`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().get(`/v1/cases/${UNKNOWN_CASE_ID}/authority`).set(owner.auth), 404, 'not_found');
    });
  });

  describe('PUT /v1/cases/{case_id}/authority (#5)', () => {
    it('201 when it creates the record, 200 when it replaces it', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const created = await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_1', types: ['next_of_kin', 'signed_waiver'] });
      expect(created.status).toBe(201);
      expect(created.body.data).toEqual({ level: 'level_1', types: ['next_of_kin', 'signed_waiver'] });
      expect(created.headers.etag).toBeDefined();

      const replaced = await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_2', types: ['executor_in_will'] });
      expect(replaced.status).toBe(200);
      expect(replaced.body.data).toEqual({ level: 'level_2', types: ['executor_in_will'] });
      expect(replaced.headers.etag).not.toBe(created.headers.etag);

      const rows = await authorityRows(caseId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ level: 'level_2', types: ['executor_in_will'] });
    });

    it('422 when level or types are missing', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const noLevel = await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ types: ['other'] });
      expectError(noLevel, 422, 'validation_error');
      expect(detailFields(noLevel)).toEqual(['level']);

      const noTypes = await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_0' });
      expectError(noTypes, 422, 'validation_error');
      expect(detailFields(noTypes)).toEqual(['types']);

      const empty = await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({});
      expectError(empty, 422, 'validation_error');
      expect(detailFields(empty).sort()).toEqual(['level', 'types']);
      expect(await authorityRows(caseId)).toHaveLength(0);
    });

    it('422 for a bad level, a bad, empty or repeated types list, and an unknown field', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const put = (body: unknown) => t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send(body as object);

      const badLevel = await put({ level: 'level_4', types: ['other'] });
      expectError(badLevel, 422, 'validation_error');
      expect(detailFields(badLevel)).toEqual(['level']);

      const badItem = await put({ level: 'level_1', types: ['other', 'best_friend'] });
      expectError(badItem, 422, 'validation_error');
      expect(detailFields(badItem)).toEqual(['types']);

      const empty = await put({ level: 'level_1', types: [] });
      expectError(empty, 422, 'validation_error');
      expect(detailFields(empty)).toEqual(['types']);

      const notArray = await put({ level: 'level_1', types: 'other' });
      expectError(notArray, 422, 'validation_error');
      expect(detailFields(notArray)).toEqual(['types']);

      const repeated = await put({ level: 'level_1', types: ['other', 'other'] });
      expectError(repeated, 422, 'validation_error');
      expect(detailFields(repeated)).toEqual(['types']);

      const unknown = await put({ level: 'level_1', types: ['other'], verified: true });
      expectError(unknown, 422, 'validation_error');
      expect(detailFields(unknown)).toEqual(['verified']);

      expect(await authorityRows(caseId)).toHaveLength(0);
    });

    it('412 for a stale If-Match (row unchanged); 200 with the current ETag', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner, { authority: { level: 'level_1', types: ['next_of_kin'] } });
      const stale = await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).set('If-Match', '"stale"').send({ level: 'level_3', types: ['other'] });
      expectError(stale, 412, 'precondition_failed');
      expect((await authorityRows(caseId))[0]).toMatchObject({ level: 'level_1', types: ['next_of_kin'] });

      const read = await t.http().get(`/v1/cases/${caseId}/authority`).set(owner.auth).expect(200);
      const ok = await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).set('If-Match', read.headers.etag).send({ level: 'level_3', types: ['other'] });
      expect(ok.status).toBe(200);
      expect((await authorityRows(caseId))[0]).toMatchObject({ level: 'level_3', types: ['other'] });
    });

    it('concurrent first PUTs: exactly one 201, the rest replace (200), never a 500', async () => {
      const owner = await t.invite();
      for (let round = 0; round < 3; round++) {
        const caseId = await newCase(owner);
        const responses = await Promise.all(
          Array.from({ length: 6 }, (_, i) => t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: `level_${i % 4}`, types: ['other'] })),
        );
        const statuses = responses.map((res) => res.status).sort();
        expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
        expect(await authorityRows(caseId)).toHaveLength(1);
      }
    });

    it('404 for another organization’s case (nothing written) and for an unknown case', async () => {
      const owner = await t.invite();
      const stranger = await t.invite();
      const foreign = await newCase(stranger);
      const body = { level: 'level_1', types: ['other'] };
      expectError(await t.http().put(`/v1/cases/${foreign}/authority`).set(owner.auth).send(body), 404, 'not_found');
      expect(await authorityRows(foreign)).toHaveLength(0);
      expectError(await t.http().put(`/v1/cases/${UNKNOWN_CASE_ID}/authority`).set(owner.auth).send(body), 404, 'not_found');
    });
  });

  describe('PATCH /v1/cases/{case_id}/authority (#4)', () => {
    it('merges: only the fields sent change', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner, { authority: { level: 'level_1', types: ['next_of_kin', 'verbal_agreement'] } });

      const level = await t.http().patch(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_2' });
      expect(level.status).toBe(200);
      expect(level.body.data).toEqual({ level: 'level_2', types: ['next_of_kin', 'verbal_agreement'] });

      const types = await t
        .http()
        .patch(`/v1/cases/${caseId}/authority`)
        .set(owner.auth)
        .set('Content-Type', 'application/merge-patch+json')
        .send(JSON.stringify({ types: ['trustee_in_trust'] }));
      expect(types.status).toBe(200);
      // Arrays are replaced whole (RFC 7396).
      expect(types.body.data).toEqual({ level: 'level_2', types: ['trustee_in_trust'] });

      expect((await authorityRows(caseId))[0]).toMatchObject({ level: 'level_2', types: ['trustee_in_trust'] });
      const read = await t.http().get(`/v1/cases/${caseId}/authority`).set(owner.auth).expect(200);
      expect(read.body.data).toEqual(types.body.data);
    });

    it('a PATCH without a body is an empty merge patch: 200, nothing changes (not a 500)', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner, { authority: { level: 'level_1', types: ['next_of_kin'] } });
      const res = await t.http().patch(`/v1/cases/${caseId}/authority`).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ level: 'level_1', types: ['next_of_kin'] });
      expect((await authorityRows(caseId))[0]).toMatchObject({ level: 'level_1', types: ['next_of_kin'] });
    });

    it('404 when the case has no authority record (and none is created)', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner);
      const res = await t.http().patch(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_2' });
      expectError(res, 404, 'not_found');
      expect(await authorityRows(caseId)).toHaveLength(0);
    });

    it('422 for a bad level, bad/empty/repeated types, null on a required field, an unknown field; row unchanged', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner, { authority: { level: 'level_1', types: ['next_of_kin'] } });
      const patch = (body: unknown) => t.http().patch(`/v1/cases/${caseId}/authority`).set(owner.auth).send(body as object);
      const cases: Array<[unknown, string[]]> = [
        [{ level: 'level_7' }, ['level']],
        [{ types: ['next_of_kin', 'cousin'] }, ['types']],
        [{ types: [] }, ['types']],
        [{ types: ['other', 'other'] }, ['types']],
        [{ level: null }, ['level']],
        [{ types: null }, ['types']],
        [{ level: 2 }, ['level']],
        [{ case_id: caseId }, ['case_id']],
      ];
      for (const [body, fields] of cases) {
        const res = await patch(body);
        expectError(res, 422, 'validation_error');
        expect(detailFields(res)).toEqual(fields);
      }
      const rows = await authorityRows(caseId);
      expect(rows[0]).toMatchObject({ level: 'level_1', types: ['next_of_kin'], version: 1 });
    });

    it('412 for a stale If-Match; the ETag changes with each write', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner, { authority: { level: 'level_1', types: ['next_of_kin'] } });
      const read = await t.http().get(`/v1/cases/${caseId}/authority`).set(owner.auth).expect(200);

      const stale = await t.http().patch(`/v1/cases/${caseId}/authority`).set(owner.auth).set('If-Match', '"stale"').send({ level: 'level_3' });
      expectError(stale, 412, 'precondition_failed');
      expect((await authorityRows(caseId))[0].level).toBe('level_1');

      const ok = await t.http().patch(`/v1/cases/${caseId}/authority`).set(owner.auth).set('If-Match', read.headers.etag).send({ level: 'level_3' });
      expect(ok.status).toBe(200);
      expect(ok.headers.etag).not.toBe(read.headers.etag);

      const replay = await t.http().patch(`/v1/cases/${caseId}/authority`).set(owner.auth).set('If-Match', read.headers.etag).send({ level: 'level_0' });
      expectError(replay, 412, 'precondition_failed');
      expect((await authorityRows(caseId))[0].level).toBe('level_3');
    });

    it('415 for text/plain; 404 for another organization’s case and for an unknown case', async () => {
      const owner = await t.invite();
      const stranger = await t.invite();
      const own = await newCase(owner, { authority: { level: 'level_1', types: ['next_of_kin'] } });
      expectError(await t.http().patch(`/v1/cases/${own}/authority`).set(owner.auth).set('Content-Type', 'text/plain').send('level=level_2'), 415, 'unsupported_media_type');

      const foreign = await newCase(stranger, { authority: { level: 'level_1', types: ['next_of_kin'] } });
      expectError(await t.http().patch(`/v1/cases/${foreign}/authority`).set(owner.auth).send({ level: 'level_3' }), 404, 'not_found');
      expect((await authorityRows(foreign))[0].level).toBe('level_1');
      expectError(await t.http().patch(`/v1/cases/${UNKNOWN_CASE_ID}/authority`).set(owner.auth).send({ level: 'level_3' }), 404, 'not_found');
    });
  });
});
