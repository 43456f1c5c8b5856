import { EntityManager } from '@mikro-orm/postgresql';
import { DETAIL_REASONS } from '@estate/shared-kernel';
import { OperatorEnrolment } from '@estate/people';
import { createTestApp, TestApp } from './support/test-app';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

function expectEnvelope(body: Record<string, any>, code: string): void {
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  for (const key of Object.keys(body.error)) expect(['code', 'message', 'details', 'doc_url']).toContain(key);
  // Every error links to the reference's explanation of its code, on the host the request reached.
  expect(body.error.doc_url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1(:\\d+)?/v1/docs#error-${code}$`));
  for (const detail of body.error.details ?? []) expect(DETAIL_REASONS).toContain(detail.reason);
  expect(JSON.stringify(body)).not.toMatch(/stack|select |insert into|node_modules/i);
}

describe('HTTP contract (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { pro: 5 } });
  });
  afterAll(() => t.close());

  describe('authentication', () => {
    it.each([
      ['no Authorization header', undefined],
      ['another scheme', 'Basic dXNlcjpwYXNz'],
      ['a malformed token', 'Bearer not-a-token'],
      ['an unknown well-formed token', `Bearer edk_${'A'.repeat(43)}`],
    ])('401 unauthorized with WWW-Authenticate for %s', async (_label, header) => {
      const request = t.http().get('/v1/cases');
      const res = await (header ? request.set('Authorization', header) : request);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.headers['x-request-id']).toMatch(ULID);
      expectEnvelope(res.body, 'unauthorized');
    });

    it('a revoked token is refused; tokens are stored only as SHA-256 hashes', async () => {
      const caller = await t.invite();
      await t.http().get('/v1/cases').set(caller.auth).expect(200);
      const [user] = await t.sql<{ email: string }>('select email from users where id = $1', [caller.userId]);
      await new OperatorEnrolment(t.app.get(EntityManager).fork()).revoke(user.email);
      const res = await t.http().get('/v1/cases').set(caller.auth);
      expect(res.status).toBe(401);
      const stored = await t.sql<{ token_hash: string }>('select t.token_hash from access_tokens t where t.user_id = $1', [caller.userId]);
      expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(await t.sql('select * from access_tokens'))).not.toContain(caller.token);
    });
  });

  describe('error envelope and request ids', () => {
    it('unknown route: 404 not_found in the envelope', async () => {
      const caller = await t.invite();
      const res = await t.http().get('/v1/nowhere').set(caller.auth);
      expect(res.status).toBe(404);
      expectEnvelope(res.body, 'not_found');
    });

    it('malformed JSON: 400 bad_request; a body over 1 MiB: 413; text/plain: 415', async () => {
      const caller = await t.invite();
      const malformed = await t.http().post('/v1/cases').set(caller.auth).set('Content-Type', 'application/json').send('{"progress":');
      expect(malformed.status).toBe(400);
      expectEnvelope(malformed.body, 'bad_request');

      const huge = JSON.stringify({ queue_assignment: 'x'.repeat(1024 * 1024 + 10) });
      const tooLarge = await t.http().post('/v1/cases').set(caller.auth).set('Content-Type', 'application/json').send(huge);
      expect(tooLarge.status).toBe(413);
      expectEnvelope(tooLarge.body, 'payload_too_large');

      const plain = await t.http().post('/v1/cases').set(caller.auth).set('Content-Type', 'text/plain').send('progress=just_started');
      expect(plain.status).toBe(415);
      expectEnvelope(plain.body, 'unsupported_media_type');
      expect(await t.sql('select id from cases where organization_id = $1', [caller.organizationId])).toHaveLength(0);
    });

    it('a JSON array body is a 422, not a 500', async () => {
      const caller = await t.invite();
      const res = await t.http().post('/v1/cases').set(caller.auth).send([{ progress: 'just_started' }]);
      expect(res.status).toBe(422);
      expectEnvelope(res.body, 'validation_error');
    });

    it('echoes a valid client X-Request-Id and replaces an invalid one', async () => {
      const caller = await t.invite();
      const echoed = await t.http().get('/v1/cases').set(caller.auth).set('X-Request-Id', 'trace-abc_123');
      expect(echoed.headers['x-request-id']).toBe('trace-abc_123');
      const replaced = await t.http().get('/v1/cases').set(caller.auth).set('X-Request-Id', 'x'.repeat(201));
      expect(replaced.headers['x-request-id']).toMatch(ULID);
    });
  });

  describe('query parameters', () => {
    it.each([
      ['page=0', 'page'],
      ['per_page=101', 'per_page'],
      ['per_page=abc', 'per_page'],
      ['sort_order=up', 'sort_order'],
      ['sort_by=name', 'sort_by'],
      ['progress=bogus', 'progress'],
      ['cursor=%%%garbage', 'cursor'],
    ])('400 bad_request naming the parameter for %s', async (query, field) => {
      const caller = await t.invite();
      const res = await t.http().get(`/v1/cases?${query}`).set(caller.auth);
      expect(res.status).toBe(400);
      expectEnvelope(res.body, 'bad_request');
      expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    });

    it('says what is wrong with each query parameter in words a client can act on, with a stable reason', async () => {
      const caller = await t.invite();
      const reasons = async (query: string) => {
        const res = await t.http().get(`/v1/cases?${query}`).set(caller.auth);
        expect(res.status).toBe(400);
        expectEnvelope(res.body, 'bad_request');
        return res.body.error.details.map((detail: Record<string, string>) => [detail.field, detail.reason, detail.message]);
      };
      expect(await reasons('page=0')).toEqual([['page', 'range', 'page must be an integer of 1 or more']]);
      expect(await reasons('page=first')).toEqual([['page', 'type', 'page must be an integer of 1 or more']]);
      expect(await reasons('per_page=101')).toEqual([['per_page', 'range', 'per_page must be an integer from 1 to 100']]);
      expect(await reasons('sort_order=up')).toEqual([['sort_order', 'enum', 'sort_order must be asc or desc']]);
      expect(await reasons('progress=bogus')).toEqual([['progress', 'enum', expect.stringContaining('progress must be one of: ')]]);
      expect(await reasons('cursor=%25%25garbage')).toEqual([['cursor', 'format', expect.stringContaining('cursor is not valid')]]);
      expect(await reasons('stauts=closed')).toEqual([['stauts', 'unknown_parameter', expect.stringContaining('is not a query parameter of this route')]]);
    });

    it('400 bad_request for an unknown parameter, on lists and on every other route, with the nearest known name', async () => {
      const caller = await t.invite();
      const unknown = await t.http().get('/v1/cases?color=blue&progres=x').set(caller.auth);
      expect(unknown.status).toBe(400);
      expectEnvelope(unknown.body, 'bad_request');
      expect(unknown.body.error.details).toEqual([
        { field: 'color', message: expect.stringContaining('color is not a query parameter of this route; it takes `page`, `per_page`'), reason: 'unknown_parameter' },
        { field: 'progres', message: 'progres is not a query parameter of this route; did you mean `progress`?', reason: 'unknown_parameter' },
      ]);
      const created = await t.http().post('/v1/cases').set(caller.auth).send({});
      const readOne = await t.http().get(`/v1/cases/${created.body.data.id}?expand=deceased`).set(caller.auth);
      expect(readOne.status).toBe(400);
      expect(readOne.body.error.details).toEqual([{ field: 'expand', message: 'expand is not a query parameter of this route, which takes none', reason: 'unknown_parameter' }]);
      const write = await t.http().patch(`/v1/cases/${created.body.data.id}?dry_run=true`).set(caller.auth).send({});
      expect(write.status).toBe(400);
      // Nothing written by a refused write.
      expect((await t.http().get(`/v1/cases/${created.body.data.id}`).set(caller.auth)).body.data.updated_at).toBe(created.body.data.updated_at);
    });

    it('binds a cursor to its list: a persons cursor on the deadlines, an events cursor on transactions, are 400', async () => {
      const caller = await t.invite();
      const caseId = (await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201)).body.data.id;
      for (const last_name of ['A', 'B', 'C']) {
        await t.http().post(`/v1/cases/${caseId}/persons`).set(caller.auth).send({ first_name: 'X', last_name, relationship: 'son' }).expect(201);
        await t.http().post(`/v1/cases/${caseId}/probate/deadlines`).set(caller.auth).send({ title: last_name, type: 'filing', due_date: '2027-01-15' }).expect(201);
      }
      const account = await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(caller.auth).send({ institution_name: 'First Prairie Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789' }).expect(201);
      const transactions = `/v1/cases/${caseId}/bank-accounts/${account.body.data.id}/transactions`;
      await t.http().post(transactions).set(caller.auth).send({ date: '2026-10-01', amount: 10, description: 'deposit' }).expect(201);

      const persons = await t.http().get(`/v1/cases/${caseId}/persons?per_page=1&cursor=`).set(caller.auth).expect(200);
      const events = await t.http().get(`/v1/cases/${caseId}/events?per_page=1&cursor=`).set(caller.auth).expect(200);
      const deadlines = await t.http().get(`/v1/cases/${caseId}/probate/deadlines?per_page=1&cursor=`).set(caller.auth).expect(200);
      for (const [where, cursor] of [
        [`/v1/cases/${caseId}/probate/deadlines`, persons.body.meta.next_cursor],
        [transactions, events.body.meta.next_cursor],
        [`/v1/cases/${caseId}/persons`, deadlines.body.meta.next_cursor],
      ]) {
        expect(typeof cursor).toBe('string');
        const res = await t.http().get(`${where}?per_page=1&cursor=${cursor}`).set(caller.auth);
        expect(res.status).toBe(400);
        expectEnvelope(res.body, 'bad_request');
        expect(res.body.error.details).toEqual([{ field: 'cursor', message: expect.stringContaining('made for another list'), reason: 'conflict' }]);
      }
      // On its own list each cursor pages on.
      expect((await t.http().get(`/v1/cases/${caseId}/persons?per_page=1&cursor=${persons.body.meta.next_cursor}`).set(caller.auth)).status).toBe(200);
      expect((await t.http().get(`/v1/cases/${caseId}/events?per_page=1&cursor=${events.body.meta.next_cursor}`).set(caller.auth)).status).toBe(200);
    });

    it('checks the caller before the query: an unknown parameter without a token is 401; outside /v1 nothing is refused', async () => {
      await t.http().get('/v1/cases?color=blue').expect(401);
      await t.http().get('/healthz?probe=lb-1').expect(200);
    });
  });

  describe('idempotency', () => {
    it('20 concurrent identical POSTs with one key create exactly one case', async () => {
      const caller = await t.invite('enterprise');
      const body = { progress: 'just_started', queue_assignment: 'concurrent' };
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => t.http().post('/v1/cases').set(caller.auth).set('Idempotency-Key', 'same-key').send(body)),
      );
      const statuses = responses.map((res) => res.status);
      for (const status of statuses) expect([201, 409]).toContain(status);
      const created = responses.filter((res) => res.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((res) => res.body.data.id)).size).toBe(1);
      for (const res of responses.filter((r) => r.status === 409)) expectEnvelope(res.body, 'idempotency_conflict');
      const rows = await t.sql('select id from cases where organization_id = $1', [caller.organizationId]);
      expect(rows).toHaveLength(1);
      const replay = await t.http().post('/v1/cases').set(caller.auth).set('Idempotency-Key', 'same-key').send(body);
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body.data.id).toBe(rows[0].id);
    });

    it('a key is scoped to its organization; a bad key is 400; a 422 stores nothing', async () => {
      const a = await t.invite();
      const b = await t.invite();
      const first = await t.http().post('/v1/cases').set(a.auth).set('Idempotency-Key', 'shared').send({}).expect(201);
      const other = await t.http().post('/v1/cases').set(b.auth).set('Idempotency-Key', 'shared').send({}).expect(201);
      expect(other.body.data.id).not.toBe(first.body.data.id);
      expect(other.headers['idempotent-replayed']).toBeUndefined();

      const bad = await t.http().post('/v1/cases').set(a.auth).set('Idempotency-Key', 'has space').send({});
      expect(bad.status).toBe(400);
      expectEnvelope(bad.body, 'bad_request');

      const invalid = await t.http().post('/v1/cases').set(a.auth).set('Idempotency-Key', 'retry-me').send({ progress: 'nope' });
      expect(invalid.status).toBe(422);
      const corrected = await t.http().post('/v1/cases').set(a.auth).set('Idempotency-Key', 'retry-me').send({ progress: 'completed' });
      expect(corrected.status).toBe(201);
      expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    });
  });

  describe('rate limits', () => {
    it('counts per organization, sends the headers, and answers 429 with Retry-After past the limit', async () => {
      const limited = await t.invite('pro');
      const neighbour = await t.invite('pro');
      const remaining: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.http().get('/v1/cases').set(limited.auth).expect(200);
        expect(res.headers['x-ratelimit-limit']).toBe('5');
        const reset = Number(res.headers['x-ratelimit-reset']);
        const now = Date.now() / 1000;
        expect(reset).toBeGreaterThanOrEqual(Math.floor(now));
        expect(reset).toBeLessThanOrEqual(Math.ceil(now) + 61);
        expect(res.headers['ratelimit-policy']).toBe('"minute";q=5;w=60');
        expect(res.headers['ratelimit']).toMatch(/^"minute";r=\d+;t=\d+$/);
        remaining.push(Number(res.headers['x-ratelimit-remaining']));
      }
      expect(remaining).toEqual([4, 3, 2, 1, 0]);
      const refused = await t.http().get('/v1/cases').set(limited.auth);
      expect(refused.status).toBe(429);
      expectEnvelope(refused.body, 'rate_limit_exceeded');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(refused.headers['x-request-id']).toMatch(ULID);
      await t.http().get('/v1/cases').set(neighbour.auth).expect(200);
      const enterprise = await t.invite('enterprise');
      const res = await t.http().get('/v1/cases').set(enterprise.auth).expect(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(t.config.rateLimits.enterprise));
    });
  });

  describe('OpenAPI and health', () => {
    it('serves an OpenAPI 3.1 document of every route with response and error schemas', async () => {
      const res = await t.http().get('/v1/openapi.json').expect(200);
      expect(res.body.openapi).toMatch(/^3\.1\./);
      const expected: Record<string, string[]> = {
        '/v1/cases': ['get', 'post'],
        '/v1/cases/{case_id}': ['get', 'patch', 'delete'],
        '/v1/cases/{case_id}/deceased': ['get', 'put'],
        '/v1/cases/{case_id}/authority': ['get', 'patch', 'put'],
        '/v1/cases/{case_id}/persons': ['get', 'post'],
        '/v1/cases/{case_id}/persons/{person_id}': ['get', 'patch', 'delete'],
      };
      // The case context's routes exactly; the other contexts' routes are checked route by route in test/openapi.
      const paths = Object.keys(res.body.paths);
      expect(paths).toEqual(expect.arrayContaining(Object.keys(expected)));
      // Every other path lies below a case, or is one of the organization-level groups of contract §14 (events, webhooks),
      // or a private calendar address or signed download link (its signed token is its credential), or the shipped probate reference data, forms and federal values (§10.3–§10.4, §17.1).
      for (const path of paths) if (!(path in expected)) expect(path).toMatch(/^\/v1\/(cases\/\{case_id\}\/[a-z]|events(\/|$)|webhook-endpoints(\/|$)|pro-users(\/|$)|me$|invitations\/(accept|decline)$|probate\/(states|forms|federal)(\/|$)|(deadline-feeds|document-downloads)\/\{token\}$)/);
      for (const [path, methods] of Object.entries(expected)) {
        expect(Object.keys(res.body.paths[path]).sort()).toEqual([...methods].sort());
        for (const method of methods) {
          const operation = res.body.paths[path][method];
          const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
          expect(success.length).toBeGreaterThan(0);
          expect(operation.responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorBody');
          if (method === 'patch' || method === 'put' || method === 'post') expect(operation.requestBody).toBeDefined();
        }
      }
      expect(JSON.stringify(res.body)).not.toContain('"nullable"');
      const docs = await t.http().get('/v1/docs/').expect(200);
      expect(docs.headers['content-type']).toContain('text/html');
    });

    it('GET /healthz needs no token', async () => {
      const res = await t.http().get('/healthz').expect(200);
      expect(res.body).toEqual({ status: 'ok', database: 'up', ...(t.config.redisUrl ? { redis: 'up' } : {}) });
    });
  });
});
