import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

/** A well-formed ULID that no case has. */
const UNKNOWN_CASE_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

const CASE_FIELDS = [
  'id',
  'onboarding_id',
  'queue_assignment',
  'flow_position',
  'estate_value',
  'progress',
  'possible_dispute',
  'pending_searches',
  'date_of_sign_up',
  'terms_accepted_at',
  'created_at',
  'updated_at',
].sort();

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
    it('lists only the caller organization’s cases, with page meta', async () => {
      const owner = await t.invite();
      const stranger = await t.invite();
      const mine = [await createCase(owner), await createCase(owner), await createCase(owner)];
      const theirs = await createCase(stranger);

      const res = await t.http().get('/v1/cases').set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.headers.etag).toBeDefined();
      const ids = (res.body.data as Array<{ id: string }>).map((c) => c.id);
      expect(ids.sort()).toEqual(mine.map((c) => c.id).sort());
      expect(ids).not.toContain(theirs.id);
      expect(res.body.meta).toEqual({ page: 1, per_page: 25, total_count: 3, total_pages: 1, has_more: false, next_cursor: null });
      for (const item of res.body.data) expect(Object.keys(item).sort()).toEqual(CASE_FIELDS);

      const other = await t.http().get('/v1/cases').set(stranger.auth).expect(200);
      expect(other.body.data.map((c: { id: string }) => c.id)).toEqual([theirs.id]);
    });

    it('pages with page and per_page, without duplicates or gaps', async () => {
      const owner = await t.invite();
      const created: string[] = [];
      for (let i = 0; i < 5; i++) created.push((await createCase(owner)).id);

      const first = await t.http().get('/v1/cases?per_page=2&page=1').set(owner.auth).expect(200);
      expect(first.body.meta).toEqual({ page: 1, per_page: 2, total_count: 5, total_pages: 3, has_more: true, next_cursor: null });
      const second = await t.http().get('/v1/cases?per_page=2&page=2').set(owner.auth).expect(200);
      expect(second.body.meta).toMatchObject({ page: 2, per_page: 2, total_count: 5, total_pages: 3, has_more: true });
      const third = await t.http().get('/v1/cases?per_page=2&page=3').set(owner.auth).expect(200);
      expect(third.body.meta).toMatchObject({ page: 3, per_page: 2, total_count: 5, total_pages: 3, has_more: false, next_cursor: null });
      expect(third.body.data).toHaveLength(1);

      const walked = [...first.body.data, ...second.body.data, ...third.body.data].map((c: { id: string }) => c.id);
      expect(new Set(walked).size).toBe(5);
      expect([...walked].sort()).toEqual([...created].sort());

      const beyond = await t.http().get('/v1/cases?per_page=2&page=4').set(owner.auth).expect(200);
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.meta.has_more).toBe(false);
    });

    it('filters on progress, estate_value and possible_dispute, with repeated values matching any', async () => {
      const owner = await t.invite();
      const a = await createCase(owner, { progress: 'just_started', estate_value: 'under_25k', possible_dispute: 'no_dispute_expected' });
      const b = await createCase(owner, { progress: 'completed', estate_value: 'over_1m', possible_dispute: 'active_dispute' });
      const c = await createCase(owner, { progress: 'making_progress', estate_value: 'over_1m', possible_dispute: 'possible_dispute' });
      const d = await createCase(owner, {});
      const sorted = (ids: string[]) => [...ids].sort();

      expect(await listIds(owner, '?progress=just_started')).toEqual([a.id]);
      expect(sorted(await listIds(owner, '?progress=just_started&progress=completed'))).toEqual(sorted([a.id, b.id]));
      expect(sorted(await listIds(owner, '?estate_value=over_1m'))).toEqual(sorted([b.id, c.id]));
      expect(sorted(await listIds(owner, '?estate_value=over_1m&estate_value=under_25k'))).toEqual(sorted([a.id, b.id, c.id]));
      expect(await listIds(owner, '?possible_dispute=active_dispute')).toEqual([b.id]);
      expect(sorted(await listIds(owner, '?possible_dispute=possible_dispute&possible_dispute=no_dispute_expected'))).toEqual(sorted([a.id, c.id]));
      // Filters combine with AND.
      expect(await listIds(owner, '?estate_value=over_1m&progress=completed')).toEqual([b.id]);
      expect(await listIds(owner, '?estate_value=over_1m&possible_dispute=no_dispute_expected')).toEqual([]);
      // Unfiltered includes the case with no values.
      expect(await listIds(owner, '')).toContain(d.id);

      const filtered = await t.http().get('/v1/cases?progress=completed').set(owner.auth).expect(200);
      expect(filtered.body.meta).toMatchObject({ total_count: 1, total_pages: 1, has_more: false });
    });

    it('refuses an unknown filter value, sort or bad paging with 400 naming the parameter', async () => {
      const owner = await t.invite();
      const badEnum = await t.http().get('/v1/cases?progress=halfway').set(owner.auth);
      expectError(badEnum, 400, 'bad_request');
      expect(detailFields(badEnum)).toEqual(['progress']);
      expect(badEnum.headers['x-request-id']).toBeTruthy();

      const badRepeated = await t.http().get('/v1/cases?estate_value=over_1m&estate_value=lots').set(owner.auth);
      expectError(badRepeated, 400, 'bad_request');
      expect(detailFields(badRepeated)).toEqual(['estate_value']);

      const badSort = await t.http().get('/v1/cases?sort_by=progress').set(owner.auth);
      expectError(badSort, 400, 'bad_request');
      expect(detailFields(badSort)).toEqual(['sort_by']);

      const badPaging = await t.http().get('/v1/cases?page=0&per_page=101').set(owner.auth);
      expectError(badPaging, 400, 'bad_request');
      expect(detailFields(badPaging).sort()).toEqual(['page', 'per_page']);
    });

    it('sorts by created_at and updated_at, desc by default', async () => {
      const owner = await t.invite();
      const [a, b, c] = [await createCase(owner), await createCase(owner), await createCase(owner)];
      // created order a < b < c; updated order c < a < b (distinct, so no tie-break is involved)
      await t.sql(`update cases set created_at = $2, updated_at = $3 where id = $1`, [a.id, '2026-01-01T00:00:00Z', '2026-03-02T00:00:00Z']);
      await t.sql(`update cases set created_at = $2, updated_at = $3 where id = $1`, [b.id, '2026-01-02T00:00:00Z', '2026-03-03T00:00:00Z']);
      await t.sql(`update cases set created_at = $2, updated_at = $3 where id = $1`, [c.id, '2026-01-03T00:00:00Z', '2026-03-01T00:00:00Z']);

      expect(await listIds(owner, '')).toEqual([c.id, b.id, a.id]);
      expect(await listIds(owner, '?sort_by=created_at')).toEqual([c.id, b.id, a.id]);
      expect(await listIds(owner, '?sort_by=created_at&sort_order=asc')).toEqual([a.id, b.id, c.id]);
      expect(await listIds(owner, '?sort_by=updated_at')).toEqual([b.id, a.id, c.id]);
      expect(await listIds(owner, '?sort_by=updated_at&sort_order=asc')).toEqual([c.id, a.id, b.id]);

      const read = await t.http().get('/v1/cases?sort_by=created_at&sort_order=asc').set(owner.auth).expect(200);
      expect(read.body.data[0].created_at).toBe('2026-01-01T00:00:00.000Z');
      expect(read.body.data[0].updated_at).toBe('2026-03-02T00:00:00.000Z');
    });

    it('walks in cursor mode across tied created_at values without duplicates or gaps', async () => {
      const owner = await t.invite();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await createCase(owner)).id);
      // Three share one created_at, so the id tie-break decides their order.
      await t.sql(`update cases set created_at = '2026-02-01T00:00:00Z' where id = any($1)`, [ids.slice(0, 3)]);
      await t.sql(`update cases set created_at = '2026-02-02T00:00:00Z' where id = $1`, [ids[3]]);
      await t.sql(`update cases set created_at = '2026-01-31T00:00:00Z' where id = $1`, [ids[4]]);
      const expected = await listIds(owner, '?per_page=100');
      expect(expected[0]).toBe(ids[3]);
      expect(expected[4]).toBe(ids[4]);

      const walked: string[] = [];
      let cursor = '';
      for (let pageNumber = 0; pageNumber < 5; pageNumber++) {
        const res = await t.http().get(`/v1/cases?per_page=2&cursor=${encodeURIComponent(cursor)}`).set(owner.auth).expect(200);
        expect(res.body.meta.total_count).toBeUndefined();
        walked.push(...res.body.data.map((c: { id: string }) => c.id));
        if (!res.body.meta.next_cursor) {
          expect(res.body.meta.has_more).toBe(false);
          break;
        }
        expect(res.body.meta.has_more).toBe(true);
        cursor = res.body.meta.next_cursor;
      }
      expect(walked).toEqual(expected);
    });

    it('carries an ETag and answers 304 to a matching If-None-Match until the list changes', async () => {
      const owner = await t.invite();
      await createCase(owner);
      const first = await t.http().get('/v1/cases').set(owner.auth).expect(200);
      expect(first.headers.etag).toMatch(/^"[^"]+"$/);
      const cached = await t.http().get('/v1/cases').set(owner.auth).set('If-None-Match', first.headers.etag);
      expect(cached.status).toBe(304);
      await createCase(owner);
      const changed = await t.http().get('/v1/cases').set(owner.auth).set('If-None-Match', first.headers.etag);
      expect(changed.status).toBe(200);
      expect(changed.body.data).toHaveLength(2);
    });

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

    it('answers 401 without a token', async () => {
      const res = await t.http().get('/v1/cases');
      expectError(res, 401, 'unauthorized');
      expect(res.headers['www-authenticate']).toBe('Bearer');
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

    it('422 for an enum value outside its set', async () => {
      const owner = await t.invite();
      const res = await t.http().post('/v1/cases').set(owner.auth).send({ progress: 'halfway', estate_value: 'lots' });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res).sort()).toEqual(['estate_value', 'progress']);
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(await t.sql('select 1 from cases where organization_id = $1', [owner.organizationId])).toHaveLength(0);
    });

    it('422 for an unknown or read-only field', async () => {
      const owner = await t.invite();
      const res = await t.http().post('/v1/cases').set(owner.auth).send({ progress: 'no_clue', colour: 'blue', id: UNKNOWN_CASE_ID, pending_searches: ['bank_account'] });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res).sort()).toEqual(['colour', 'id', 'pending_searches']);
      expect(await t.sql('select 1 from cases where organization_id = $1', [owner.organizationId])).toHaveLength(0);
    });

    it('422 for wrong types and malformed date-times', async () => {
      const owner = await t.invite();
      const res = await t.http().post('/v1/cases').set(owner.auth).send({ queue_assignment: 7, terms_accepted_at: '2026-01-05' });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res).sort()).toEqual(['queue_assignment', 'terms_accepted_at']);
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
    it('200 with the case and a strong ETag; If-None-Match gives 304', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, { progress: 'almost_done', queue_assignment: 'team-a' });
      const res = await t.http().get(`/v1/cases/${created.id}`).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(created);
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);

      const again = await t.http().get(`/v1/cases/${created.id}`).set(owner.auth).set('If-None-Match', res.headers.etag);
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(res.headers.etag);
      expect(again.text).toBeFalsy();

      const stale = await t.http().get(`/v1/cases/${created.id}`).set(owner.auth).set('If-None-Match', '"something-else"');
      expect(stale.status).toBe(200);
    });

    it('404 for an unknown case; the client’s X-Request-Id is echoed', async () => {
      const owner = await t.invite();
      const res = await t.http().get(`/v1/cases/${UNKNOWN_CASE_ID}`).set(owner.auth);
      expectError(res, 404, 'not_found');
      expect(res.headers['x-request-id']).toBeTruthy();
      const traced = await t.http().get(`/v1/cases/${UNKNOWN_CASE_ID}`).set(owner.auth).set('X-Request-Id', 'trace-cases-404');
      expectError(traced, 404, 'not_found');
      expect(traced.headers['x-request-id']).toBe('trace-cases-404');
    });

    it('404 for another organization’s case', async () => {
      const owner = await t.invite();
      const stranger = await t.invite();
      const foreign = await createCase(stranger);
      const res = await t.http().get(`/v1/cases/${foreign.id}`).set(owner.auth);
      expectError(res, 404, 'not_found');
      // Indistinguishable from a case that does not exist.
      const unknown = await t.http().get(`/v1/cases/${UNKNOWN_CASE_ID}`).set(owner.auth);
      expect(res.body).toEqual(unknown.body);
    });

    it('404 for a malformed id', async () => {
      const owner = await t.invite();
      for (const id of ['not-a-ulid', '123', `${UNKNOWN_CASE_ID}0`]) {
        const res = await t.http().get(`/v1/cases/${id}`).set(owner.auth);
        expectError(res, 404, 'not_found');
      }
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
    it('changes only the fields sent', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, {
        queue_assignment: 'intake',
        flow_position: 'step-1',
        estate_value: 'under_25k',
        progress: 'just_started',
        possible_dispute: 'no_dispute_expected',
      });
      const res = await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth).send({ progress: 'making_progress', estate_value: 'over_1m' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        ...created,
        progress: 'making_progress',
        estate_value: 'over_1m',
        updated_at: res.body.data.updated_at,
      });
      expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
      const row = await caseRow(created.id);
      expect(row).toMatchObject({
        progress: 'making_progress',
        estate_value: 'over_1m',
        queue_assignment: 'intake',
        flow_position: 'step-1',
        possible_dispute: 'no_dispute_expected',
      });
      const read = await t.http().get(`/v1/cases/${created.id}`).set(owner.auth).expect(200);
      expect(read.body.data).toEqual(res.body.data);
    });

    it('null clears queue_assignment', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, { queue_assignment: 'intake', flow_position: 'step-1' });
      const res = await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth).send({ queue_assignment: null });
      expect(res.status).toBe(200);
      expect(res.body.data.queue_assignment).toBeNull();
      expect(res.body.data.flow_position).toBe('step-1');
      const row = await caseRow(created.id);
      expect(row.queue_assignment).toBeNull();
      expect(row.flow_position).toBe('step-1');
    });

    it('422 with details for read-only fields, and nothing changes', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, { progress: 'just_started' });
      const res = await t
        .http()
        .patch(`/v1/cases/${created.id}`)
        .set(owner.auth)
        .send({ progress: 'completed', id: UNKNOWN_CASE_ID, created_at: '2020-01-01T00:00:00.000Z', pending_searches: [], onboarding_id: 'x', date_of_sign_up: '2020-01-01T00:00:00.000Z' });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res).sort()).toEqual(['created_at', 'date_of_sign_up', 'id', 'onboarding_id', 'pending_searches']);
      const nested = await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth).send({ deceased: { first_name: 'Ada' } });
      expectError(nested, 422, 'validation_error');
      expect(detailFields(nested)).toEqual(['deceased']);
      const row = await caseRow(created.id);
      expect(row.progress).toBe('just_started');
      expect(row.version).toBe(1);
    });

    it('422 for a wrong enum value or type', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, { possible_dispute: 'possible_dispute' });
      const res = await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth).send({ possible_dispute: 'maybe', flow_position: 3 });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res).sort()).toEqual(['flow_position', 'possible_dispute']);
      expect((await caseRow(created.id)).possible_dispute).toBe('possible_dispute');
    });

    it('a PATCH without a body is an empty merge patch: 200, nothing changes (not a 500)', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, { progress: 'just_started', queue_assignment: 'intake' });
      const res = await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ progress: 'just_started', queue_assignment: 'intake' });
      expect(await caseRow(created.id)).toMatchObject({ progress: 'just_started', queue_assignment: 'intake' });
    });

    it('accepts application/merge-patch+json', async () => {
      const owner = await t.invite();
      const created = await createCase(owner);
      const res = await t
        .http()
        .patch(`/v1/cases/${created.id}`)
        .set(owner.auth)
        .set('Content-Type', 'application/merge-patch+json')
        .send(JSON.stringify({ flow_position: 'review' }));
      expect(res.status).toBe(200);
      expect(res.body.data.flow_position).toBe('review');
      expect((await caseRow(created.id)).flow_position).toBe('review');
    });

    it('415 for a text/plain body', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, { flow_position: 'start' });
      const res = await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth).set('Content-Type', 'text/plain').send('flow_position=review');
      expectError(res, 415, 'unsupported_media_type');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect((await caseRow(created.id)).flow_position).toBe('start');
    });

    it('412 when If-Match does not match, and the row is unchanged', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, { progress: 'just_started' });
      const rowBefore = await caseRow(created.id);
      const res = await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth).set('If-Match', '"not-the-etag"').send({ progress: 'completed' });
      expectError(res, 412, 'precondition_failed');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(await caseRow(created.id)).toEqual(rowBefore);
    });

    it('200 when If-Match is current; the ETag changes and the old one then fails', async () => {
      const owner = await t.invite();
      const created = await createCase(owner, { progress: 'just_started' });
      const read = await t.http().get(`/v1/cases/${created.id}`).set(owner.auth).expect(200);
      const etag = read.headers.etag;

      const res = await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth).set('If-Match', etag).send({ progress: 'almost_done' });
      expect(res.status).toBe(200);
      expect(res.body.data.progress).toBe('almost_done');
      expect(res.headers.etag).toBeDefined();
      expect(res.headers.etag).not.toBe(etag);

      const reread = await t.http().get(`/v1/cases/${created.id}`).set(owner.auth).expect(200);
      expect(reread.headers.etag).toBe(res.headers.etag);

      const stale = await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth).set('If-Match', etag).send({ progress: 'completed' });
      expectError(stale, 412, 'precondition_failed');
      expect((await caseRow(created.id)).progress).toBe('almost_done');

      await t.http().patch(`/v1/cases/${created.id}`).set(owner.auth).set('If-Match', '*').send({ progress: 'completed' }).expect(200);
      expect((await caseRow(created.id)).progress).toBe('completed');
    });

    it('404 for another organization’s case (unchanged) and for an unknown case', async () => {
      const owner = await t.invite();
      const stranger = await t.invite();
      const foreign = await createCase(stranger, { progress: 'no_clue' });
      const res = await t.http().patch(`/v1/cases/${foreign.id}`).set(owner.auth).send({ progress: 'completed' });
      expectError(res, 404, 'not_found');
      expect((await caseRow(foreign.id)).progress).toBe('no_clue');

      const unknown = await t.http().patch(`/v1/cases/${UNKNOWN_CASE_ID}`).set(owner.auth).send({ progress: 'completed' });
      expectError(unknown, 404, 'not_found');
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

    it('412 when If-Match does not match (case kept); 204 with the current ETag', async () => {
      const owner = await t.invite();
      const created = await createCase(owner);
      const res = await t.http().delete(`/v1/cases/${created.id}`).set(owner.auth).set('If-Match', '"stale"');
      expectError(res, 412, 'precondition_failed');
      expect((await caseRow(created.id)).deleted_at).toBeNull();
      const read = await t.http().get(`/v1/cases/${created.id}`).set(owner.auth).expect(200);

      await t.http().delete(`/v1/cases/${created.id}`).set(owner.auth).set('If-Match', read.headers.etag).expect(204);
      expect((await caseRow(created.id)).deleted_at).not.toBeNull();
    });
  });
});
