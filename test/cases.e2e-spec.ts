import { representationOf } from '@estate/shared-kernel';
import { caseRecord } from '@estate/case';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

/*
 * The case's own rules: the deceased and the authority nested in its create, the onboarding facts, its tombstone on
 * deletion, what a second member and a collaborator reach. What every record of no case promises (create, read, lists,
 * merge patch, conditional requests, refusals, another organization's records) is its generated contract's
 * (test/contracts/cases.e2e-spec.ts).
 */

/** A well-formed ULID that no case has. */
const UNKNOWN_CASE_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The case's representation, as its declaration makes it. */
const CASE_FIELDS = [...representationOf(caseRecord)].sort();

describe('cases (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function createCase(caller: TestCaller, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await t.http().post('/v1/cases').set(caller.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.data;
  }

  async function caseRow(id: string): Promise<Record<string, any>> {
    const rows = await t.sql('select * from cases where id = $1', [id]);
    expect(rows).toHaveLength(1);
    return rows[0];
  }

  async function listIds(caller: TestCaller, query: string): Promise<string[]> {
    const res = await t.http().get(`/v1/cases${query}`).set(caller.auth);
    expect(res.status).toBe(200);
    return (res.body.data as Array<{ id: string }>).map((c) => c.id);
  }

  describe('GET /v1/cases', () => {
    it('leaves deleted cases out', async () => {
      const owner = await t.invite();
      const kept = await createCase(owner, { progress: 'completed' });
      const gone = await createCase(owner, { progress: 'completed' });
      await t.http().delete(`/v1/cases/${gone.id}`).set(owner.auth).expect(204);

      const res = await t.http().get('/v1/cases').set(owner.auth).expect(200);
      expect(res.body.data.map((c: { id: string }) => c.id)).toEqual([kept.id]);
      expect(res.body.meta.total_count).toBe(1);
      expect(await listIds(owner, '?progress=completed')).toEqual([kept.id]);
    });
  });

  describe('POST /v1/cases', () => {
    it('creates a case with nested deceased and authority (201)', async () => {
      const owner = await t.invite();
      const before = Date.now();
      const res = await t
        .http()
        .post('/v1/cases')
        .set(owner.auth)
        .send({
          onboarding_id: 'onb-1',
          queue_assignment: 'intake',
          flow_position: 'step-1',
          estate_value: '100k_to_500k',
          progress: 'just_started',
          possible_dispute: 'no_dispute_expected',
          terms_accepted_at: '2026-01-05T10:00:00.000Z',
          deceased: {
            first_name: 'Ada',
            middle_name: 'Mary',
            last_name: 'Lovelace',
            date_of_birth: '1950-12-10',
            date_of_death: '2025-11-27',
            ssn: '123-45-6789',
            address: { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' },
            email: 'ada@example.com',
          },
          authority: { level: 'level_2', types: ['executor_in_will', 'next_of_kin'] },
        });
      const after = Date.now();
      expect(res.status).toBe(201);
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      const data = res.body.data;
      expect(Object.keys(data).sort()).toEqual(CASE_FIELDS);
      expect(data.id).toMatch(ULID);
      expect(data).toMatchObject({
        onboarding_id: 'onb-1',
        queue_assignment: 'intake',
        flow_position: 'step-1',
        estate_value: '100k_to_500k',
        progress: 'just_started',
        possible_dispute: 'no_dispute_expected',
        pending_searches: [],
        terms_accepted_at: '2026-01-05T10:00:00.000Z',
      });
      expect(data.date_of_sign_up).toMatch(ISO_UTC);
      const signUp = Date.parse(data.date_of_sign_up);
      expect(signUp).toBeGreaterThanOrEqual(before - 1000);
      expect(signUp).toBeLessThanOrEqual(after + 1000);
      expect(data.created_at).toMatch(ISO_UTC);
      expect(data.updated_at).toMatch(ISO_UTC);
      expect(JSON.stringify(res.body)).not.toContain('6789');

      const row = await caseRow(data.id);
      expect(row.organization_id).toBe(owner.organizationId);
      expect(row.deleted_at).toBeNull();

      const deceased = await t.http().get(`/v1/cases/${data.id}/deceased`).set(owner.auth).expect(200);
      expect(deceased.body.data).toMatchObject({
        first_name: 'Ada',
        middle_name: 'Mary',
        last_name: 'Lovelace',
        full_name: 'Ada Mary Lovelace',
        date_of_birth: '1950-12-10',
        date_of_death: '2025-11-27',
        ssn: '*******6789',
        email: 'ada@example.com',
        address: { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' },
      });
      expect(JSON.stringify(deceased.body)).not.toContain('123-45-6789');
      expect(JSON.stringify(deceased.body)).not.toContain('12345');

      const stored = await t.sql<{ ssn: string }>('select ssn from deceased where case_id = $1', [data.id]);
      expect(stored).toHaveLength(1);
      expect(stored[0].ssn).not.toContain('123-45-6789');
      expect(stored[0].ssn).not.toContain('123456789');

      const authority = await t.http().get(`/v1/cases/${data.id}/authority`).set(owner.auth).expect(200);
      expect(authority.body.data).toEqual({ level: 'level_2', types: ['executor_in_will', 'next_of_kin'] });
    });

    it('creates a case from an empty body: unset fields are null, date_of_sign_up is set, pending_searches empty', async () => {
      const owner = await t.invite();
      const res = await t.http().post('/v1/cases').set(owner.auth).send({});
      expect(res.status).toBe(201);
      const data = res.body.data;
      expect(data).toMatchObject({
        onboarding_id: null,
        queue_assignment: null,
        flow_position: null,
        estate_value: null,
        progress: null,
        possible_dispute: null,
        terms_accepted_at: null,
        pending_searches: [],
      });
      expect(data.date_of_sign_up).toMatch(ISO_UTC);
      const row = await caseRow(data.id);
      expect(row.date_of_sign_up).not.toBeNull();
      expect(await t.sql('select 1 from deceased where case_id = $1', [data.id])).toHaveLength(0);
      expect(await t.sql('select 1 from authorities where case_id = $1', [data.id])).toHaveLength(0);
      await t.http().get(`/v1/cases/${data.id}/deceased`).set(owner.auth).expect(404);
    });

    it('keeps a date_of_sign_up the client sends', async () => {
      const owner = await t.invite();
      const data = await createCase(owner, { date_of_sign_up: '2025-06-01T08:30:00.000Z' });
      expect(data.date_of_sign_up).toBe('2025-06-01T08:30:00.000Z');
      const read = await t.http().get(`/v1/cases/${data.id}`).set(owner.auth).expect(200);
      expect(read.body.data.date_of_sign_up).toBe('2025-06-01T08:30:00.000Z');
    });

    it('422 with the nested path for a bad deceased field, and nothing is written', async () => {
      const owner = await t.invite();
      const res = await t
        .http()
        .post('/v1/cases')
        .set(owner.auth)
        .send({ progress: 'no_clue', deceased: { first_name: 'Ada', last_name: 'Lovelace', date_of_death: '2025-02-30' } });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['deceased.date_of_death']);
      expect(await t.sql('select 1 from cases where organization_id = $1', [owner.organizationId])).toHaveLength(0);
    });

    it('422 with nested paths for missing, unknown and badly formed deceased and authority fields', async () => {
      const owner = await t.invite();
      const res = await t
        .http()
        .post('/v1/cases')
        .set(owner.auth)
        .send({
          deceased: { last_name: 'Lovelace', date_of_death: '2025-01-01', email: 'not-an-email', ssn: '12-34', shoe_size: 9, address: { address1: 'x', state: 'IL', zip: '62701' } },
          authority: { level: 'level_9', types: ['next_of_kin'] },
        });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res).sort()).toEqual(
        ['authority.level', 'deceased.address.city', 'deceased.email', 'deceased.first_name', 'deceased.shoe_size', 'deceased.ssn'].sort(),
      );
      expect(await t.sql('select 1 from cases where organization_id = $1', [owner.organizationId])).toHaveLength(0);
    });

    it('422 deceased.date_of_death when death precedes birth, and the case is rolled back', async () => {
      const owner = await t.invite();
      const res = await t
        .http()
        .post('/v1/cases')
        .set(owner.auth)
        .send({ progress: 'no_clue', deceased: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-01-01', date_of_death: '1980-01-01' } });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['deceased.date_of_death']);
      expect(await t.sql('select 1 from cases where organization_id = $1', [owner.organizationId])).toHaveLength(0);
      expect(await listIds(owner, '')).toEqual([]);
    });

    it('422 authority.types for repeated types in a nested authority, and the case is rolled back', async () => {
      const owner = await t.invite();
      const res = await t
        .http()
        .post('/v1/cases')
        .set(owner.auth)
        .send({ authority: { level: 'level_1', types: ['next_of_kin', 'next_of_kin'] } });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['authority.types']);
      expect(await t.sql('select 1 from cases where organization_id = $1', [owner.organizationId])).toHaveLength(0);
    });

    it('a POST without a body creates a case as if the body were {} (not a 500)', async () => {
      const owner = await t.invite();
      const res = await t.http().post('/v1/cases').set(owner.auth);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ progress: null, pending_searches: [] });
      expect(res.body.data.date_of_sign_up).toMatch(ISO_UTC);
      expect(await t.sql('select 1 from cases where organization_id = $1', [owner.organizationId])).toHaveLength(1);
    });

    it('replays a repeated Idempotency-Key and refuses the key with another body (409)', async () => {
      const owner = await t.invite();
      const key = `case-create-${Date.now()}`;
      const first = await t.http().post('/v1/cases').set(owner.auth).set('Idempotency-Key', key).send({ progress: 'no_clue' });
      expect(first.status).toBe(201);
      const again = await t.http().post('/v1/cases').set(owner.auth).set('Idempotency-Key', key).send({ progress: 'no_clue' });
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      const other = await t.http().post('/v1/cases').set(owner.auth).set('Idempotency-Key', key).send({ progress: 'completed' });
      expectError(other, 409, 'idempotency_conflict');
      expect(await t.sql('select 1 from cases where organization_id = $1', [owner.organizationId])).toHaveLength(1);
    });

    it('400 for malformed JSON', async () => {
      const owner = await t.invite();
      const res = await t.http().post('/v1/cases').set(owner.auth).set('Content-Type', 'application/json').send('{"progress": ');
      expectError(res, 400, 'bad_request');
      expect(res.headers['x-request-id']).toBeTruthy();
    });
  });

  describe('GET /v1/cases/{case_id}', () => {
    it('404 for an unknown case; the client’s X-Request-Id is echoed', async () => {
      const owner = await t.invite();
      const res = await t.http().get(`/v1/cases/${UNKNOWN_CASE_ID}`).set(owner.auth);
      expectError(res, 404, 'not_found');
      expect(res.headers['x-request-id']).toBeTruthy();
      const traced = await t.http().get(`/v1/cases/${UNKNOWN_CASE_ID}`).set(owner.auth).set('X-Request-Id', 'trace-cases-404');
      expectError(traced, 404, 'not_found');
      expect(traced.headers['x-request-id']).toBe('trace-cases-404');
    });

    it('a second member of the same organization can read the case', async () => {
      const owner = await t.invite('pro', `org-shared-${Date.now()}`);
      const colleague = await t.invite('pro', (await t.sql<{ name: string }>('select name from organizations where id = $1', [owner.organizationId]))[0].name);
      expect(colleague.organizationId).toBe(owner.organizationId);
      const created = await createCase(owner);
      await t.http().get(`/v1/cases/${created.id}`).set(colleague.auth).expect(200);
    });
  });

  describe('PATCH /v1/cases/{case_id} (#7)', () => {
    it('a PATCH without a body is an empty merge patch: 200, nothing changes (not a 500)', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, { progress: 'just_started', queue_assignment: 'intake' });
      const res = await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ progress: 'just_started', queue_assignment: 'intake' });
      expect(await caseRow(created.id)).toMatchObject({ progress: 'just_started', queue_assignment: 'intake' });
    });
  });

  describe('DELETE /v1/cases/{case_id} (#8)', () => {
    it('204; the case is gone from the API, its records erased, the row kept as a tombstone', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, {
        deceased: { first_name: 'Ada', last_name: 'Lovelace', date_of_death: '2025-01-01', ssn: '123-45-6789' },
        authority: { level: 'level_1', types: ['next_of_kin'] },
      });
      await t.http().post(`/v1/cases/${created.id}/persons`).set(owner.auth).send({ first_name: 'Byron', last_name: 'Lovelace', relationship: 'son' }).expect(201);
      expect(await t.sql('select 1 from persons where case_id = $1', [created.id])).toHaveLength(1);

      const res = await t.http().delete(`/v1/cases/${created.id}`).set(owner.auth);
      expect(res.status).toBe(204);
      expect(res.text).toBeFalsy();

      expectError(await t.http().get(`/v1/cases/${created.id}`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().get(`/v1/cases/${created.id}/deceased`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().get(`/v1/cases/${created.id}/persons`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth).send({ progress: 'completed' }), 404, 'not_found');
      expectError(await t.http().delete(`/v1/cases/${created.id}`).set(owner.auth), 404, 'not_found');

      expect(await t.sql('select 1 from persons where case_id = $1', [created.id])).toHaveLength(0);
      expect(await t.sql('select 1 from deceased where case_id = $1', [created.id])).toHaveLength(0);
      expect(await t.sql('select 1 from authorities where case_id = $1', [created.id])).toHaveLength(0);
      const row = await caseRow(created.id);
      expect(row.deleted_at).toBeInstanceOf(Date);
    });

    it('concurrent DELETEs: one 204, the others 404', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, { authority: { level: 'level_1', types: ['other'] } });
      const responses = await Promise.all(Array.from({ length: 4 }, () => t.http().delete(`/v1/cases/${created.id}`).set(owner.auth)));
      expect(responses.map((res) => res.status).sort()).toEqual([204, 404, 404, 404]);
      expect((await caseRow(created.id)).deleted_at).not.toBeNull();
    });

    it('404 for another organization’s case (left intact) and for an unknown case', async () => {
      const owner = await t.invite();
      const stranger = await t.invite();
      const foreign = await createCase(stranger, { authority: { level: 'level_1', types: ['other'] } });
      const res = await t.http().delete(`/v1/cases/${foreign.id}`).set(owner.auth);
      expectError(res, 404, 'not_found');
      expect((await caseRow(foreign.id)).deleted_at).toBeNull();
      expect(await t.sql('select 1 from authorities where case_id = $1', [foreign.id])).toHaveLength(1);
      await t.http().get(`/v1/cases/${foreign.id}`).set(stranger.auth).expect(200);

      expectError(await t.http().delete(`/v1/cases/${UNKNOWN_CASE_ID}`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().delete('/v1/cases/nope').set(owner.auth), 404, 'not_found');
    });
  });
});
