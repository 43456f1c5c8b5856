import { representationOf } from '@estate/shared-kernel';
import { deceasedResource } from '@estate/case';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

/** A well-formed ULID that no case has. */
const SSN = '123-45-6789';

/** The deceased's representation, as its declaration gives it. */
const DECEASED_FIELDS = representationOf({ schema: deceasedResource.schema, fields: deceasedResource.declaredFields }).sort();

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

  });

  describe('PUT /v1/cases/{case_id}/deceased', () => {
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
  });

  describe('PUT /v1/cases/{case_id}/authority (#5)', () => {
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

  });

  describe('PATCH /v1/cases/{case_id}/authority (#4)', () => {
    it('a PATCH without a body is an empty merge patch: 200, nothing changes (not a 500)', async () => {
      const owner = await t.invite();
      const caseId = await newCase(owner, { authority: { level: 'level_1', types: ['next_of_kin'] } });
      const res = await t.http().patch(`/v1/cases/${caseId}/authority`).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ level: 'level_1', types: ['next_of_kin'] });
      expect((await authorityRows(caseId))[0]).toMatchObject({ level: 'level_1', types: ['next_of_kin'] });
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
  });
});
