import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';
import { BACKFILL_CASE_PENDING_SEARCHES } from '../apps/api/src/database/migrations/Migration20261127120000_case_pending_searches';

/**
 * Searches (`#10`): forward-only status, and the case's `pending_searches` with its ETag. What every resource promises
 * (the DELETE it leaves out among it) is the generated contract's (test/contracts/discovery).
 */
describe('searches (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(() => t.close());

  async function newCase(caller: TestCaller = owner): Promise<string> {
    const res = await t.http().post('/v1/cases').set(caller.auth).send({});
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  async function createSearch(caseId: string, body: Record<string, unknown>): Promise<Record<string, any>> {
    const res = await t.http().post(`/v1/cases/${caseId}/searches`).set(owner.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.data;
  }

  it('#10: writes results_summary, moves status only forward (skipping allowed) and stamps completed_at', async () => {
    const caseId = await newCase();
    const search = await createSearch(caseId, { type: 'bank_account' });
    const url = `/v1/cases/${caseId}/searches/${search.id}`;

    const summary = await t.http().patch(url).set(owner.auth).send({ results_summary: 'Two accounts found.' });
    expect(summary.status).toBe(200);
    expect(summary.body.data).toMatchObject({ results_summary: 'Two accounts found.', status: 'pending', completed_at: null });

    const done = await t.http().patch(url).set(owner.auth).send({ status: 'completed' });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('completed');
    expect(Date.parse(done.body.data.completed_at)).toBeGreaterThan(0);

    const back = await t.http().patch(url).set(owner.auth).send({ status: 'in_progress' });
    expectError(back, 422, 'validation_error');
    expect(detailFields(back)).toEqual(['status']);
    const sideways = await t.http().patch(url).set(owner.auth).send({ status: 'failed' });
    expectError(sideways, 422, 'validation_error');

    // A search always has a status.
    const cleared = await t.http().patch(url).set(owner.auth).send({ status: null });
    expectError(cleared, 422, 'validation_error');
    expect(detailFields(cleared)).toEqual(['status']);

    const failing = await createSearch(caseId, { type: 'debt', status: 'in_progress' });
    const failed = await t.http().patch(`/v1/cases/${caseId}/searches/${failing.id}`).set(owner.auth).send({ status: 'failed' });
    expect(failed.body.data).toMatchObject({ status: 'failed', completed_at: null });
  });

  it("lists the case's pending and in-progress search types in pending_searches, and changes the case's ETag with them", async () => {
    const caseId = await newCase();
    const before = await t.http().get(`/v1/cases/${caseId}`).set(owner.auth);
    expect(before.body.data.pending_searches).toEqual([]);
    const etag = before.headers.etag as string;
    expect((await t.http().get(`/v1/cases/${caseId}`).set(owner.auth).set('If-None-Match', etag)).status).toBe(304);

    const vehicle = await createSearch(caseId, { type: 'vehicle' });
    await createSearch(caseId, { type: 'bank_account', status: 'in_progress' });
    await createSearch(caseId, { type: 'debt', status: 'completed' });
    const after = await t.http().get(`/v1/cases/${caseId}`).set(owner.auth).set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.body.data.pending_searches).toEqual(['bank_account', 'vehicle']);
    expect(after.headers.etag).not.toBe(etag);

    const etag2 = after.headers.etag as string;
    await t.http().patch(`/v1/cases/${caseId}/searches/${vehicle.id}`).set(owner.auth).send({ status: 'failed' }).expect(200);
    const later = await t.http().get(`/v1/cases/${caseId}`).set(owner.auth).set('If-None-Match', etag2);
    expect(later.status).toBe(200);
    expect(later.body.data.pending_searches).toEqual(['bank_account']);

    const listed = await t.http().get('/v1/cases').set(owner.auth);
    expect(listed.body.data.find((c: any) => c.id === caseId).pending_searches).toEqual(['bank_account']);
  });

  /** GET case as the client sees it: its pending searches, and whether `etag` still matches (304) or not (200). */
  async function caseAgainst(caseId: string, etag: string): Promise<{ status: number; pending?: string[]; etag: string }> {
    const res = await t.http().get(`/v1/cases/${caseId}`).set(owner.auth).set('If-None-Match', etag);
    expect([200, 304]).toContain(res.status);
    return { status: res.status, pending: res.body?.data?.pending_searches, etag: res.headers.etag as string };
  }

  it("hands every search write to the case at once: the next GET shows the new pending_searches and a new ETag", async () => {
    const caseId = await newCase();
    const first = await t.http().get(`/v1/cases/${caseId}`).set(owner.auth);
    let etag = first.headers.etag as string;

    // Created.
    const vehicle = await createSearch(caseId, { type: 'vehicle' });
    let seen = await caseAgainst(caseId, etag);
    expect(seen).toMatchObject({ status: 200, pending: ['vehicle'] });
    etag = seen.etag;

    // Moved forward, still open: the types stay, the ETag changes (the search changed).
    const url = `/v1/cases/${caseId}/searches/${vehicle.id}`;
    await t.http().patch(url).set(owner.auth).send({ status: 'in_progress' }).expect(200);
    seen = await caseAgainst(caseId, etag);
    expect(seen).toMatchObject({ status: 200, pending: ['vehicle'] });
    etag = seen.etag;

    // Only the results summary: not a pending change, but a change of the case's searches, so a new ETag as before.
    await t.http().patch(url).set(owner.auth).send({ results_summary: 'One car, registered in Ohio.' }).expect(200);
    seen = await caseAgainst(caseId, etag);
    expect(seen).toMatchObject({ status: 200, pending: ['vehicle'] });
    etag = seen.etag;

    // A patch that changes nothing, a refused move and a refused DELETE leave the case as it was.
    await t.http().patch(url).set(owner.auth).send({ results_summary: 'One car, registered in Ohio.' }).expect(200);
    expectError(await t.http().patch(url).set(owner.auth).send({ status: 'pending' }), 422, 'validation_error');
    expectError(await t.http().delete(url).set(owner.auth), 405, 'method_not_allowed');
    expect((await caseAgainst(caseId, etag)).status).toBe(304);

    // Moved to a final status: no longer pending.
    await t.http().patch(url).set(owner.auth).send({ status: 'completed' }).expect(200);
    seen = await caseAgainst(caseId, etag);
    expect(seen).toMatchObject({ status: 200, pending: [] });
    expect((await caseAgainst(caseId, seen.etag)).status).toBe(304);
  });

  it('lists every search created concurrently on one case', async () => {
    const caseId = await newCase();
    const types = ['business', 'debt', 'bank_account', 'real_estate', 'life_insurance'];
    const created = await Promise.all(types.map((type) => t.http().post(`/v1/cases/${caseId}/searches`).set(owner.auth).send({ type })));
    expect(created.map((res) => res.status)).toEqual(types.map(() => 201));
    const read = await t.http().get(`/v1/cases/${caseId}`).set(owner.auth);
    expect(read.body.data.pending_searches).toEqual(['bank_account', 'life_insurance', 'real_estate', 'debt', 'business']);
  });

  it("is backfilled by the migration exactly as the writes keep it: the same pending_searches and the same ETag", async () => {
    const withSearches = await newCase();
    const done = await createSearch(withSearches, { type: 'vehicle', status: 'in_progress' });
    await t.http().patch(`/v1/cases/${withSearches}/searches/${done.id}`).set(owner.auth).send({ status: 'failed' }).expect(200);
    await createSearch(withSearches, { type: 'debt' });
    await createSearch(withSearches, { type: 'debt', status: 'in_progress' });
    await createSearch(withSearches, { type: 'bank_account' });
    const allFinal = await newCase();
    await createSearch(allFinal, { type: 'retirement', status: 'completed' });
    const none = await newCase();
    const cases = [withSearches, allFinal, none];
    const kept = await Promise.all(cases.map((caseId) => t.http().get(`/v1/cases/${caseId}`).set(owner.auth)));
    expect(kept.map((res) => res.body.data.pending_searches)).toEqual([['bank_account', 'debt'], [], []]);

    // As the columns were before the migration filled them.
    await t.sql(`update cases set pending_searches = '{}', pending_searches_tag = '' where id = any($1)`, [cases]);
    expect((await caseAgainst(withSearches, kept[0].headers.etag)).status).toBe(200);

    await t.sql(BACKFILL_CASE_PENDING_SEARCHES);
    const backfilled = await Promise.all(cases.map((caseId) => t.http().get(`/v1/cases/${caseId}`).set(owner.auth)));
    expect(backfilled.map((res) => res.body.data)).toEqual(kept.map((res) => res.body.data));
    expect(backfilled.map((res) => res.headers.etag)).toEqual(kept.map((res) => res.headers.etag));
  });

  it('leaves no pending searches on the tombstone of an erased case', async () => {
    const caseId = await newCase();
    await createSearch(caseId, { type: 'business' });
    await t.http().delete(`/v1/cases/${caseId}`).set(owner.auth).expect(204);
    expect(await t.sql('select pending_searches, pending_searches_tag from cases where id = $1', [caseId])).toEqual([{ pending_searches: [], pending_searches_tag: '' }]);
  });
});
