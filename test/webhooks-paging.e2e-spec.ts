import { ulid } from 'ulid';
import { detailReasons, expectError } from './support/api-assertions';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/** Nothing is sent: the deliveries stay as written, and the endpoints' URLs need not answer. */
const PAGING_ENV = { WEBHOOK_ALLOWED_TARGETS: '127.0.0.1/32,::1/128,localhost', WEBHOOK_DISPATCHER: 'off' };

type Page = { data: Array<Record<string, any>>; meta: Record<string, unknown> };

/**
 * The two webhook lists (contract §4 on §14.4 and §14.6): page mode with its totals, cursor mode over more rows than a
 * page in both orders, filters, and the 400s of a bad query or of a cursor made for another list.
 */
describe('webhook lists: paging (e2e, contract §4, §14.4, §14.6)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = overrideEnv(PAGING_ENV);
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const get = async (caller: TestCaller, path: string): Promise<Page> => (await t.http().get(path).set(caller.auth).expect(200)).body as Page;
  const createEndpoint = async (caller: TestCaller, name: string) => {
    const res = await t.http().post('/v1/webhook-endpoints').set(caller.auth).send({ url: `http://127.0.0.1:9/${name}`, enabled_events: ['webhook_endpoint.ping'] });
    expect(res.status).toBe(201);
    return res.body.data as { id: string };
  };
  /** Every page of a list in cursor mode, from an empty cursor to the last page: each page's ids, in order. */
  const walk = async (caller: TestCaller, path: string, perPage: number): Promise<string[][]> => {
    const pages: string[][] = [];
    let cursor = '';
    for (;;) {
      const page = await get(caller, `${path}${path.includes('?') ? '&' : '?'}per_page=${perPage}&cursor=${encodeURIComponent(cursor)}`);
      expect(Object.keys(page.meta).sort()).toEqual(['has_more', 'next_cursor', 'page', 'per_page']);
      expect(page.meta).toMatchObject({ page: 1, per_page: perPage });
      pages.push(page.data.map((row) => row.id as string));
      if (!page.meta.has_more) {
        expect(page.meta.next_cursor).toBeNull();
        return pages;
      }
      expect(page.data).toHaveLength(perPage);
      cursor = page.meta.next_cursor as string;
    }
  };
  /** The list's order, as the table holds it: newest first, the id breaking ties. */
  const storedOrder = async (table: 'webhook_endpoints' | 'webhook_deliveries', column: string, value: string, where = '') =>
    (await t.sql<{ id: string }>(`select id from ${table} where ${column} = $1${where} order by created_at desc, id desc`, [value])).map((row) => row.id);
  const nextCursorOf = async (caller: TestCaller, path: string) => {
    const page = await get(caller, `${path}${path.includes('?') ? '&' : '?'}per_page=1&cursor=`);
    expect(page.meta.has_more).toBe(true);
    return encodeURIComponent(page.meta.next_cursor as string);
  };

  describe('endpoints', () => {
    let ids: string[];
    beforeAll(async () => {
      for (let index = 0; index < 12; index++) await createEndpoint(owner, `endpoint-${index}`);
      ids = await storedOrder('webhook_endpoints', 'organization_id', owner.organizationId);
    });

    it('page mode: totals on every page, past the last one too, and the rows in order, as a read shows each', async () => {
      const first = await get(owner, '/v1/webhook-endpoints?per_page=5');
      expect(first.meta).toEqual({ page: 1, per_page: 5, total_count: 12, total_pages: 3, has_more: true, next_cursor: null });
      const last = await get(owner, '/v1/webhook-endpoints?per_page=5&page=3');
      expect(last.meta).toEqual({ page: 3, per_page: 5, total_count: 12, total_pages: 3, has_more: false, next_cursor: null });
      const beyond = await get(owner, '/v1/webhook-endpoints?per_page=5&page=4');
      expect(beyond).toEqual({ data: [], meta: { page: 4, per_page: 5, total_count: 12, total_pages: 3, has_more: false, next_cursor: null } });
      const second = await get(owner, '/v1/webhook-endpoints?per_page=5&page=2');
      expect([...first.data, ...second.data, ...last.data].map((row) => row.id)).toEqual(ids);
      const read = await t.http().get(`/v1/webhook-endpoints/${ids[0]}`).set(owner.auth).expect(200);
      expect(first.data[0]).toEqual(read.body.data);
      expect(first.data[0]).not.toHaveProperty('secret');
    });

    it('cursor mode walks more rows than a page once each, newest first and with sort_order=asc oldest first', async () => {
      const pages = await walk(owner, '/v1/webhook-endpoints', 5);
      expect(pages.map((page) => page.length)).toEqual([5, 5, 2]);
      expect(pages.flat()).toEqual(ids);
      expect((await walk(owner, '/v1/webhook-endpoints?sort_order=asc', 5)).flat()).toEqual([...ids].reverse());
    });
  });

  describe('deliveries', () => {
    let org: TestCaller;
    let endpoint: { id: string };
    let other: { id: string };
    beforeAll(async () => {
      org = await t.invite();
      endpoint = await createEndpoint(org, 'log');
      other = await createEndpoint(org, 'other-log');
      // Seven deliveries written as the API writes them (a ping each), then some of them finished.
      for (let index = 0; index < 7; index++) await t.http().post(`/v1/webhook-endpoints/${endpoint.id}/ping`).set(org.auth).expect(201);
      await t.http().post(`/v1/webhook-endpoints/${other.id}/ping`).set(org.auth).expect(201);
      await t.http().post(`/v1/webhook-endpoints/${other.id}/ping`).set(org.auth).expect(201);
      const [first, second, third] = await storedOrder('webhook_deliveries', 'endpoint_id', endpoint.id);
      await t.sql(`update webhook_deliveries set status = 'succeeded', next_attempt_at = null where id = any($1)`, [[first, second]]);
      await t.sql(`update webhook_deliveries set status = 'failed', next_attempt_at = null where id = $1`, [third]);
    });
    const log = () => `/v1/webhook-endpoints/${endpoint.id}/deliveries`;

    it('are written in whole milliseconds (a ping, an event fanned out, the endpoints too), which the cursor carries exactly', async () => {
      const fanned = await t.invite();
      const everything = await t.http().post('/v1/webhook-endpoints').set(fanned.auth).send({ url: 'http://127.0.0.1:9/everything', enabled_events: ['*'] }).expect(201);
      await createEndpoint(fanned, 'told');
      // Both endpoints' webhook_endpoint.created, fanned out to the first by the events' own statements.
      const written = await t.sql<{ fanned: string }>(`select count(*) as fanned from webhook_deliveries where endpoint_id = $1`, [everything.body.data.id]);
      expect(Number(written[0].fanned)).toBe(2);
      const [row] = await t.sql<{ finer: string }>(
        `select (select count(*) from webhook_deliveries where organization_id = any($1) and created_at <> date_trunc('milliseconds', created_at))
              + (select count(*) from webhook_endpoints where organization_id = any($1) and created_at <> date_trunc('milliseconds', created_at)) as finer`,
        [[org.organizationId, fanned.organizationId]],
      );
      expect(Number(row.finer)).toBe(0);
    });

    it('page mode: totals, filters by status and event_type, and the rows in order', async () => {
      const ids = await storedOrder('webhook_deliveries', 'endpoint_id', endpoint.id);
      expect(ids).toHaveLength(7);
      const first = await get(org, `${log()}?per_page=3`);
      expect(first.meta).toEqual({ page: 1, per_page: 3, total_count: 7, total_pages: 3, has_more: true, next_cursor: null });
      const rest = [await get(org, `${log()}?per_page=3&page=2`), await get(org, `${log()}?per_page=3&page=3`)];
      expect(rest[1].meta).toEqual({ page: 3, per_page: 3, total_count: 7, total_pages: 3, has_more: false, next_cursor: null });
      expect([first, ...rest].flatMap((page) => page.data.map((row) => row.id))).toEqual(ids);
      const read = await t.http().get(`${log()}/${ids[0]}`).set(org.auth).expect(200);
      expect(first.data[0]).toEqual(read.body.data);

      expect((await get(org, `${log()}?status=succeeded`)).meta).toMatchObject({ total_count: 2, total_pages: 1 });
      const finished = await get(org, `${log()}?status=succeeded&status=failed`);
      expect(finished.meta).toMatchObject({ total_count: 3 });
      expect(finished.data.map((row) => row.id)).toEqual(ids.slice(0, 3));
      expect((await get(org, `${log()}?status=pending&event_type=webhook_endpoint.ping`)).meta).toMatchObject({ total_count: 4 });
      expect(await get(org, `${log()}?event_type=case.created`)).toEqual({ data: [], meta: { page: 1, per_page: 25, total_count: 0, total_pages: 0, has_more: false, next_cursor: null } });
    });

    it('cursor mode walks more rows than a page once each, in both orders, and with a filter', async () => {
      const ids = await storedOrder('webhook_deliveries', 'endpoint_id', endpoint.id);
      const pages = await walk(org, log(), 3);
      expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
      expect(pages.flat()).toEqual(ids);
      expect((await walk(org, `${log()}?sort_order=asc`, 2)).flat()).toEqual([...ids].reverse());
      expect((await walk(org, `${log()}?status=pending`, 3)).flat()).toEqual(ids.slice(3));
    });

    it('rows created in the same millisecond are neither skipped nor repeated by the cursor', async () => {
      const same = await createEndpoint(org, 'same-millisecond');
      // Eleven deliveries of one millisecond between two others: only their ids order them.
      const stamps = ['2026-11-23T15:10:00.122Z', ...Array.from({ length: 11 }, () => '2026-11-23T15:10:00.123Z'), '2026-11-23T15:10:00.124Z'];
      for (const stamp of stamps) {
        await t.sql(
          `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, organization_id, status, attempts, next_attempt_at, created_at, updated_at)
           values ($1, $2, $3, 'webhook_endpoint.ping', $4, 'succeeded', '[]', null, $5, $5)`,
          [ulid(), same.id, ulid(), org.organizationId, stamp],
        );
      }
      const ids = await storedOrder('webhook_deliveries', 'endpoint_id', same.id);
      expect(ids).toHaveLength(13);
      const path = `/v1/webhook-endpoints/${same.id}/deliveries`;
      for (const perPage of [1, 2, 5]) {
        expect((await walk(org, path, perPage)).flat()).toEqual(ids);
        expect((await walk(org, `${path}?sort_order=asc`, perPage)).flat()).toEqual([...ids].reverse());
      }
      const paged = [1, 2, 3].map((page) => get(org, `${path}?per_page=5&page=${page}`));
      expect((await Promise.all(paged)).flatMap((page) => page.data.map((row) => row.id))).toEqual(ids);
    });

    it('refuses a cursor made for another list, another endpoint, other filters or another sort (400 naming cursor)', async () => {
      const refused = async (path: string) => {
        const res = await t.http().get(path).set(org.auth);
        expectError(res, 400, 'bad_request');
        expect(detailReasons(res)).toEqual([['cursor', 'conflict']]);
      };
      await refused(`${log()}?cursor=${await nextCursorOf(org, '/v1/webhook-endpoints')}`);
      await refused(`/v1/webhook-endpoints?cursor=${await nextCursorOf(org, log())}`);
      await refused(`/v1/webhook-endpoints/${other.id}/deliveries?cursor=${await nextCursorOf(org, log())}`);
      await refused(`${log()}?cursor=${await nextCursorOf(org, `${log()}?status=pending`)}`);
      await refused(`${log()}?status=failed&cursor=${await nextCursorOf(org, `${log()}?status=pending`)}`);
      await refused(`${log()}?sort_order=asc&cursor=${await nextCursorOf(org, log())}`);
      // Another organization's endpoints list, though its route is the same.
      const stranger = await t.invite();
      for (const name of ['a', 'b']) await createEndpoint(stranger, `stranger-${name}`);
      await refused(`/v1/webhook-endpoints?cursor=${await nextCursorOf(stranger, '/v1/webhook-endpoints')}`);
    });

    it('refuses bad query values with 400 naming each parameter', async () => {
      const refused = async (query: string, expected: Array<[string, string]>) => {
        const res = await t.http().get(`${log()}?${query}`).set(org.auth);
        expectError(res, 400, 'bad_request');
        expect(detailReasons(res)).toEqual(expected);
      };
      await refused('cursor=abc', [['cursor', 'format']]);
      await refused('per_page=0', [['per_page', 'range']]);
      await refused('per_page=101', [['per_page', 'range']]);
      await refused('page=x', [['page', 'type']]);
      await refused('sort_by=id', [['sort_by', 'enum']]);
      await refused('sort_order=up', [['sort_order', 'enum']]);
      await refused('status=sent', [['status', 'enum']]);
      await refused('event_type=', [['event_type', 'range']]);
      const endpoints = await t.http().get('/v1/webhook-endpoints?cursor=abc&per_page=0').set(org.auth);
      expectError(endpoints, 400, 'bad_request');
      expect(detailReasons(endpoints)).toEqual([
        ['per_page', 'range'],
        ['cursor', 'format'],
      ]);
    });
  });
});
