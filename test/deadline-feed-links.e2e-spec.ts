import * as ical from 'node-ical';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

const UNKNOWN_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Private calendar addresses of a case's deadlines: made, polled without a header, listed, revoked (issue 20). */
describe('deadline feed links (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(() => t.close());

  async function newCaseWithDeadline(): Promise<string> {
    const res = await t.http().post('/v1/cases').set(owner.auth).send({});
    expect(res.status).toBe(201);
    const caseId: string = res.body.data.id;
    const deadline = await t.http().post(`/v1/cases/${caseId}/probate/deadlines`).set(owner.auth).send({ title: 'File the inventory', type: 'inventory', due_date: '2027-03-15', reminder_days_before: 14 });
    expect(deadline.status).toBe(201);
    return caseId;
  }

  const links = (caseId: string) => `/v1/cases/${caseId}/probate/deadlines/feed-links`;
  /** The address as a calendar application polls it: the path of the absolute URL, no Authorization header. */
  const pathOf = (url: string) => new URL(url).pathname;

  async function makeLink(caseId: string): Promise<{ id: string; url: string; created_at: string }> {
    const res = await t.http().post(links(caseId)).set(owner.auth);
    expect(res.status).toBe(201);
    return res.body.data;
  }

  describe('POST …/probate/deadlines/feed-links', () => {
    it('201 with an absolute, signed address that serves the calendar without a header, whatever parameters the calendar adds', async () => {
      const caseId = await newCaseWithDeadline();
      const res = await t.http().post(links(caseId)).set(owner.auth).set('Host', 'calendar.example.test');
      expect(res.status).toBe(201);
      expect(Object.keys(res.body.data).sort()).toEqual(['created_at', 'id', 'url']);
      const { id, url } = res.body.data;
      expect(id).toMatch(ULID);
      expect(url).toMatch(new RegExp(`^http://calendar\\.example\\.test/v1/deadline-feeds/${id}\\.[A-Za-z0-9_-]{43}\\.ics$`));

      const feed = await t.http().get(pathOf(url));
      expect(feed.status).toBe(200);
      expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
      const events = Object.values(ical.sync.parseICS(feed.text)).filter((entry): entry is ical.VEvent => entry?.type === 'VEVENT');
      expect(events.map((event) => event.summary)).toEqual(['File the inventory']);
      expect(feed.text).toContain('BEGIN:VALARM');
      expect(feed.text).toContain('TRIGGER:-P14D');
      // The same calendar as the bearer route, and the ETag is honoured.
      expect(feed.text).toBe((await t.http().get(`/v1/cases/${caseId}/probate/deadlines.ics`).set(owner.auth)).text);
      expect((await t.http().get(pathOf(url)).set('If-None-Match', feed.headers.etag)).status).toBe(304);
      // Calendar applications add parameters of their own: they are ignored, not refused.
      expect((await t.http().get(`${pathOf(url)}?nocache=1712345&client=outlook`)).status).toBe(200);
    });

    it('401 without a token; 404 for a foreign or unknown case; 422 for a body that is not a JSON object', async () => {
      const caseId = await newCaseWithDeadline();
      expectError(await t.http().post(links(caseId)), 401, 'unauthorized');
      expectError(await t.http().post(links(caseId)).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().post(links(UNKNOWN_ID)).set(owner.auth), 404, 'not_found');
      const notAnObject = await t.http().post(links(caseId)).set(owner.auth).set('Content-Type', 'application/json').send('["Outlook"]');
      expectError(notAnObject, 422, 'validation_error');
      // Nothing was made by the refused requests.
      expect((await t.sql('select id from deadline_feed_links where case_id = $1', [caseId])).length).toBe(0);
    });

    it('replays the first answer for a repeated Idempotency-Key', async () => {
      const caseId = await newCaseWithDeadline();
      const first = await t.http().post(links(caseId)).set(owner.auth).set('Idempotency-Key', 'feed-link-1');
      const again = await t.http().post(links(caseId)).set(owner.auth).set('Idempotency-Key', 'feed-link-1');
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect((await t.sql('select id from deadline_feed_links where case_id = $1', [caseId])).length).toBe(1);
    });
  });

  describe('GET /v1/deadline-feeds/{token}', () => {
    it('404 for a forged, altered or unsigned token, and never asks for a header', async () => {
      const caseId = await newCaseWithDeadline();
      const { id, url } = await makeLink(caseId);
      const path = pathOf(url);
      const signature = path.split('.')[1];
      const forged = [
        `/v1/deadline-feeds/${id}.ics`,
        `/v1/deadline-feeds/${UNKNOWN_ID}.${signature}.ics`,
        path.replace(`.${signature}.`, `.${signature.slice(0, -2)}AA.`),
        '/v1/deadline-feeds/garbage',
      ];
      for (const address of forged) {
        const res = await t.http().get(address);
        expectError(res, 404, 'not_found');
        expect(res.headers['www-authenticate']).toBeUndefined();
      }
      // The token without `.ics` works too (some applications strip it).
      expect((await t.http().get(path.slice(0, -'.ics'.length))).status).toBe(200);
    });

    it('stops working when its case is deleted', async () => {
      const caseId = await newCaseWithDeadline();
      const { url } = await makeLink(caseId);
      await t.http().delete(`/v1/cases/${caseId}`).set(owner.auth).expect(204);
      expectError(await t.http().get(pathOf(url)), 404, 'not_found');
    });
  });

  describe('GET …/probate/deadlines/feed-links', () => {
    it('lists the live addresses without their URLs, newest first, in page and cursor mode', async () => {
      const caseId = await newCaseWithDeadline();
      const made = [await makeLink(caseId), await makeLink(caseId), await makeLink(caseId)];
      const res = await t.http().get(links(caseId)).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(made.reverse().map(({ id, created_at }) => ({ id, created_at })));
      expect(res.body.meta).toMatchObject({ page: 1, per_page: 25, total_count: 3, has_more: false });
      const first = await t.http().get(`${links(caseId)}?cursor=&per_page=2`).set(owner.auth);
      const second = await t.http().get(`${links(caseId)}?cursor=${first.body.meta.next_cursor}&per_page=2`).set(owner.auth);
      expect([...first.body.data, ...second.body.data].map((link: { id: string }) => link.id)).toEqual(made.map((link) => link.id));
      // A cursor of another case's list is refused.
      const other = await newCaseWithDeadline();
      const elsewhere = await t.http().get(`${links(other)}?cursor=${first.body.meta.next_cursor}&per_page=2`).set(owner.auth);
      expectError(elsewhere, 400, 'bad_request');
      expect(detailFields(elsewhere)).toEqual(['cursor']);
    });

    it('401 without a token; 404 for a foreign or unknown case; 400 for an unknown parameter', async () => {
      const caseId = await newCaseWithDeadline();
      expectError(await t.http().get(links(caseId)), 401, 'unauthorized');
      expectError(await t.http().get(links(caseId)).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().get(links(UNKNOWN_ID)).set(owner.auth), 404, 'not_found');
      const unknown = await t.http().get(`${links(caseId)}?per_pages=2`).set(owner.auth);
      expectError(unknown, 400, 'bad_request');
      expect(unknown.body.error.details).toEqual([{ field: 'per_pages', message: expect.stringContaining('did you mean `per_page`?'), reason: 'unknown_parameter' }]);
    });
  });

  describe('DELETE …/probate/deadlines/feed-links/{feed_link_id}', () => {
    it('204 revokes the address: the calendar answers 404 from then on, the list no longer has it', async () => {
      const caseId = await newCaseWithDeadline();
      const kept = await makeLink(caseId);
      const revoked = await makeLink(caseId);
      expect((await t.http().get(pathOf(revoked.url))).status).toBe(200);
      const res = await t.http().delete(`${links(caseId)}/${revoked.id}`).set(owner.auth);
      expect(res.status).toBe(204);
      expect(res.text).toBeFalsy();
      expectError(await t.http().get(pathOf(revoked.url)), 404, 'not_found');
      expect((await t.http().get(pathOf(kept.url))).status).toBe(200);
      expect((await t.http().get(links(caseId)).set(owner.auth)).body.data.map((link: { id: string }) => link.id)).toEqual([kept.id]);
      expectError(await t.http().delete(`${links(caseId)}/${revoked.id}`).set(owner.auth), 404, 'not_found');
    });

    it('401 without a token; 404 for a foreign case, an unknown address or one of another case', async () => {
      const caseId = await newCaseWithDeadline();
      const link = await makeLink(caseId);
      const other = await newCaseWithDeadline();
      expectError(await t.http().delete(`${links(caseId)}/${link.id}`), 401, 'unauthorized');
      expectError(await t.http().delete(`${links(caseId)}/${link.id}`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().delete(`${links(caseId)}/${UNKNOWN_ID}`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().delete(`${links(other)}/${link.id}`).set(owner.auth), 404, 'not_found');
      // Still live after every refusal.
      expect((await t.http().get(pathOf(link.url))).status).toBe(200);
    });
  });
});
