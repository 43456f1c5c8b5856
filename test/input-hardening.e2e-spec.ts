import type { Response } from 'supertest';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

/**
 * Where input enters the service (issue 6): strings PostgreSQL cannot store, prototype keys, bodies that are JSON but
 * no object, and unrouted methods. Each is solved once for every route, so each is tried on several routes here.
 */

const MINIMAL_DECEASED = { first_name: 'Ada', last_name: 'Lovelace', date_of_death: '2025-11-27' };
const PERSON = { first_name: 'Byron', last_name: 'King', relationship: 'son' };
const AUTHORITY = { level: 'level_1', types: ['executor_in_will'] };

/** Every route that takes a body, with a valid body for it. */
const WRITES: Array<[string, string, string, Record<string, unknown>]> = [
  ['POST /v1/cases', 'post', '/v1/cases', { progress: 'almost_done' }],
  ['PATCH /v1/cases/{id}', 'patch', '/v1/cases/:case', { progress: 'almost_done' }],
  ['PUT /v1/cases/{id}/deceased', 'put', '/v1/cases/:case/deceased', MINIMAL_DECEASED],
  ['PUT /v1/cases/{id}/authority', 'put', '/v1/cases/:case/authority', AUTHORITY],
  ['PATCH /v1/cases/{id}/authority', 'patch', '/v1/cases/:case/authority', { level: 'level_2' }],
  ['POST /v1/cases/{id}/persons', 'post', '/v1/cases/:case/persons', PERSON],
  ['PATCH /v1/cases/{id}/persons/{id}', 'patch', '/v1/cases/:case/persons/:person', { relationship: 'nephew' }],
];

/** The specification's error envelope, and the request id every response carries (contract §6, §7). */
function expectEnvelope(res: Response, status: number, code: string): void {
  expectError(res, status, code);
  expect(Object.keys(res.body)).toEqual(['error']);
  for (const key of Object.keys(res.body.error)) expect(['code', 'message', 'details', 'doc_url']).toContain(key);
  expect(res.headers['x-request-id']).toEqual(expect.any(String));
  expect(JSON.stringify(res.body)).not.toMatch(/stack|select |insert into|node_modules/i);
}

function expectPrototypesClean(): void {
  expect(({} as Record<string, unknown>).admin).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'admin')).toBe(false);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
}

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

describe('input hardening (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;
  let personId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    const created = await t.http().post('/v1/cases').set(owner.auth).send({ progress: 'just_started', deceased: MINIMAL_DECEASED, authority: AUTHORITY }).expect(201);
    caseId = created.body.data.id;
    personId = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send(PERSON).expect(201)).body.data.id;
  });
  afterAll(() => t.close());

  afterEach(() => {
    expectPrototypesClean();
  });

  /** Everything the owner's organization has stored, to show that a refused request wrote nothing. */
  async function stored(): Promise<string> {
    const cases = await t.sql('select * from cases where organization_id = $1 order by id', [owner.organizationId]);
    const ids = cases.map((row) => row.id);
    const rows: unknown[] = [];
    for (const table of ['deceased', 'authorities', 'persons']) rows.push(await t.sql(`select * from ${table} where case_id = any($1) order by 1`, [ids]));
    const keys = await t.sql('select count(*)::int as n from idempotency_keys');
    return JSON.stringify({ cases, rows, keys });
  }

  /** A path of the table with the shared case's and person's ids filled in. */
  function at(path: string): string {
    return path.replace(':case', caseId).replace(':person', personId);
  }

  function send(method: string, path: string, body: string, contentType = 'application/json') {
    return t.http()[method as 'post'](at(path)).set(owner.auth).set('Content-Type', contentType).send(body);
  }

  describe('strings PostgreSQL cannot store', () => {
    it.each([
      ['GET', '/v1/cases/:case/persons/%00'],
      ['GET', '/v1/cases/%00'],
      ['GET', '/v1/cases/:case/persons/ab%00cd'],
      ['DELETE', '/v1/cases/:case/persons/%00'],
      ['GET', '/v1/cases/%00/deceased'],
    ])('a NUL byte in a path id: %s %s → 400 bad_request, not 500', async (method, path) => {
      const before = await stored();
      const res = await t.http()[method.toLowerCase() as 'get'](at(path)).set(owner.auth);
      expectEnvelope(res, 400, 'bad_request');
      expect(res.body.error.message).toContain('NUL');
      expect(await stored()).toBe(before);
    });

    it('a NUL byte in the path of a write with a valid body: 400, nothing written', async () => {
      const before = await stored();
      expectEnvelope(await t.http().patch('/v1/cases/%00').set(owner.auth).send({ progress: 'completed' }), 400, 'bad_request');
      expectEnvelope(await t.http().post('/v1/cases/%00/persons').set(owner.auth).send(PERSON), 400, 'bad_request');
      expect(await stored()).toBe(before);
    });

    it.each([
      ['/v1/cases/:case/persons/%FF'],
      ['/v1/cases/%FF'],
      ['/v1/cases/%ED%A0%80'],
      ['/v1/cases/%C3'],
    ])('invalid percent-encoded UTF-8 in a path (%s) → 400 bad_request', async (path) => {
      const res = await t.http().get(at(path)).set(owner.auth);
      expectEnvelope(res, 400, 'bad_request');
      expect(res.body.error.message).toContain('UTF-8');
    });

    it.each([
      ['/v1/cases?progress=%00', 'progress'],
      ['/v1/cases?progress=just%00started', 'progress'],
      ['/v1/cases/:case/persons?is_beneficiary=true%00', 'is_beneficiary'],
      ['/v1/cases/:case/persons?cursor=%00', 'cursor'],
      ['/v1/cases?sort=created_at&unknown=%00', 'unknown'],
      ['/v1/cases?progress=%FF', 'progress'],
    ])('a NUL byte or invalid UTF-8 in a query value (%s) → 400 naming the parameter', async (path, field) => {
      const res = await t.http().get(at(path)).set(owner.auth);
      expectEnvelope(res, 400, 'bad_request');
      expect(detailFields(res)).toEqual([field]);
    });

    it('a NUL character in a nested body string (deceased.first_name on POST /v1/cases) → 422 naming it, nothing written', async () => {
      const before = await stored();
      const res = await t.http().post('/v1/cases').set(owner.auth).send({ deceased: { ...MINIMAL_DECEASED, first_name: 'A\u0000da' } });
      expectEnvelope(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['deceased.first_name']);
      expect(await stored()).toBe(before);
    });

    it.each([
      ['POST /v1/cases', 'post', '/v1/cases', '{"queue_assignment":"a\\u0000b"}', 'queue_assignment'],
      ['PATCH /v1/cases/{id}', 'patch', '/v1/cases/:case', '{"queue_assignment":"\\u0000"}', 'queue_assignment'],
      ['PUT deceased', 'put', '/v1/cases/:case/deceased', JSON.stringify({ ...MINIMAL_DECEASED, address: { city: 'a\u0000' } }), 'address.city'],
      ['POST persons', 'post', '/v1/cases/:case/persons', JSON.stringify({ ...PERSON, last_name: 'K\u0000ing' }), 'last_name'],
      ['PATCH persons', 'patch', '/v1/cases/:case/persons/:person', '{"relationship":"x\\u0000"}', 'relationship'],
      ['PUT authority (an array item)', 'put', '/v1/cases/:case/authority', '{"level":"level_1","types":["executor_in_will","\\u0000"]}', 'types.1'],
      ['a NUL in a key', 'patch', '/v1/cases/:case', '{"queue\\u0000assignment":"x"}', 'queue\u0000assignment'],
    ])('a NUL character in the body of %s → 422 naming the field, nothing written', async (_label, method, path, body, field) => {
      const before = await stored();
      const res = await send(method, at(path), body);
      expectEnvelope(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual([field]);
      expect(await stored()).toBe(before);
    });

    it.each([
      ['a lone high surrogate', '{"queue_assignment":"a\\ud800b"}', 'queue_assignment'],
      ['a lone low surrogate', '{"queue_assignment":"\\udc00"}', 'queue_assignment'],
      ['reversed surrogates', '{"deceased":{"first_name":"Ada\\ude00\\ud83d","last_name":"Lovelace","date_of_death":"2025-11-27"}}', 'deceased.first_name'],
    ])('%s in a body string → 422 naming the field, nothing written', async (_label, body, field) => {
      const before = await stored();
      const res = await send('post', '/v1/cases', body);
      expectEnvelope(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual([field]);
      expect(res.body.error.details[0].message).toContain('surrogate');
      expect(await stored()).toBe(before);
    });

    it('a well-formed surrogate pair (an emoji) and other Unicode are stored and read back', async () => {
      const res = await send('patch', `/v1/cases/${caseId}`, '{"queue_assignment":"Zo\\u00eb \\ud83d\\ude00"}').expect(200);
      expect(res.body.data.queue_assignment).toBe('Zoë 😀');
      const [row] = await t.sql<{ queue_assignment: string }>('select queue_assignment from cases where id = $1', [caseId]);
      expect(row.queue_assignment).toBe('Zoë 😀');
    });

    it('a body nested absurdly deep → 422, not a 500', async () => {
      const res = await send('post', '/v1/cases', `{"deceased":${'['.repeat(50_000)}${']'.repeat(50_000)}}`);
      expectEnvelope(res, 422, 'validation_error');
    });
  });

  describe('prototype keys', () => {
    const PROTOTYPE_BODIES: Array<[string, (valid: Record<string, unknown>) => string, string]> = [
      ['__proto__ at the top', (valid) => `{"__proto__":{"admin":true},${JSON.stringify(valid).slice(1)}`, '__proto__'],
      ['constructor at the top', (valid) => `{"constructor":{"prototype":{"admin":true}},${JSON.stringify(valid).slice(1)}`, 'constructor'],
      ['prototype at the top', (valid) => `{"prototype":{"admin":true},${JSON.stringify(valid).slice(1)}`, 'prototype'],
      ['__proto__ nested', (valid) => `{"nested":{"__proto__":{"admin":true}},${JSON.stringify(valid).slice(1)}`, 'nested.__proto__'],
      ['constructor nested in an array', (valid) => `{"list":[{"constructor":{"admin":true}}],${JSON.stringify(valid).slice(1)}`, 'list.0.constructor'],
    ];

    it('PATCH /v1/cases/{id} with {"__proto__":{"admin":true}} → 422 naming __proto__ (it answered 200)', async () => {
      const before = await stored();
      const res = await send('patch', `/v1/cases/${caseId}`, '{"__proto__":{"admin":true}}');
      expectEnvelope(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['__proto__']);
      expect(await stored()).toBe(before);
    });

    describe.each(PROTOTYPE_BODIES)('%s', (_label, bodyOf, field) => {
      it.each(WRITES)('%s → 422 naming the key, nothing written, no prototype touched', async (_route, method, path, valid) => {
        const before = await stored();
        const res = await send(method, path, bodyOf(valid));
        expectEnvelope(res, 422, 'validation_error');
        expect(detailFields(res)).toEqual([field]);
        expect(await stored()).toBe(before);
      });
    });

    it('inside a known nested object: deceased.__proto__ on POST /v1/cases, address.constructor on PUT deceased', async () => {
      const before = await stored();
      const onCase = await send('post', '/v1/cases', `{"deceased":{"__proto__":{"admin":true},${JSON.stringify(MINIMAL_DECEASED).slice(1)}}`);
      expectEnvelope(onCase, 422, 'validation_error');
      expect(detailFields(onCase)).toEqual(['deceased.__proto__']);
      const onDeceased = await send(
        'put',
        `/v1/cases/${caseId}/deceased`,
        JSON.stringify({ ...MINIMAL_DECEASED, address: { city: 'Reno', ['constructor']: { prototype: { admin: true } } } }),
      );
      expectEnvelope(onDeceased, 422, 'validation_error');
      expect(detailFields(onDeceased)).toEqual(['address.constructor']);
      expect(await stored()).toBe(before);
    });

    it('as application/merge-patch+json too', async () => {
      const before = await stored();
      const res = await send('patch', `/v1/cases/${caseId}/persons/${personId}`, '{"relationship":"niece","__proto__":{"admin":true}}', 'application/merge-patch+json');
      expectEnvelope(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['__proto__']);
      expect(await stored()).toBe(before);
    });

    it('in a query string: refused like any unknown parameter, each named, and no prototype is touched', async () => {
      const res = await t.http().get('/v1/cases?__proto__=x&__proto__[admin]=true&constructor[prototype][admin]=1&prototype=1').set(owner.auth);
      expectEnvelope(res, 400, 'bad_request');
      expect(res.body.error.details.map((detail: { field: string; reason: string }) => [detail.field, detail.reason])).toEqual([
        ['__proto__', 'unknown_parameter'],
        ['__proto__[admin]', 'unknown_parameter'],
        ['constructor[prototype][admin]', 'unknown_parameter'],
        ['prototype', 'unknown_parameter'],
      ]);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
      expect((await t.http().get('/v1/cases').set(owner.auth).expect(200)).body.data.map((row: { id: string }) => row.id)).toContain(caseId);
    });

    it('the reserved names are fine as values', async () => {
      const res = await t.http().patch(`/v1/cases/${caseId}/persons/${personId}`).set(owner.auth).send({ relationship: '__proto__' }).expect(200);
      expect(res.body.data.relationship).toBe('__proto__');
    });
  });

  describe('bodies that are JSON but not an object', () => {
    describe.each(['"text"', 'null', '[1]', '42'])('%s', (body) => {
      it.each(WRITES)('%s → 422 validation_error: the body must be a JSON object', async (_route, method, path) => {
        const before = await stored();
        const res = await send(method, path, body);
        expectEnvelope(res, 422, 'validation_error');
        expect(res.body.error.message).toBe('The request body must be a JSON object.');
        expect(detailFields(res)).toEqual(['']);
        expect(await stored()).toBe(before);
      });
    });

    it.each(['true', '[]', '""', '[{"progress":"completed"}]'])('%s too, also as merge-patch+json', async (body) => {
      const res = await send('patch', `/v1/cases/${caseId}`, body, 'application/merge-patch+json');
      expectEnvelope(res, 422, 'validation_error');
      expect(res.body.error.message).toBe('The request body must be a JSON object.');
    });

    it.each(['{"progress":', '{progress: "x"}', "{'a':1}", 'nul', '"unterminated', '{"a":1}}', ' '])('malformed JSON %j stays 400 bad_request on POST, PUT and PATCH', async (body) => {
      for (const [method, path] of [
        ['post', '/v1/cases'],
        ['put', `/v1/cases/${caseId}/deceased`],
        ['patch', `/v1/cases/${caseId}`],
      ]) {
        const res = await send(method, path, body);
        expectEnvelope(res, 400, 'bad_request');
        expect(res.body.error.message).toBe('The request body is not valid JSON.');
      }
    });

    it('no body at all still reads as {} (a PATCH that changes nothing)', async () => {
      const res = await t.http().patch(`/v1/cases/${caseId}/persons/${personId}`).set(owner.auth);
      expect(res.status).toBe(200);
    });
  });

  describe('405 method_not_allowed', () => {
    it.each([
      ['PUT', '/v1/cases/:case/persons', 'GET, HEAD, POST'],
      ['DELETE', '/v1/openapi.json', 'GET, HEAD'],
      ['POST', '/v1/cases/:case', 'GET, HEAD, PATCH, DELETE'],
      ['PUT', '/v1/cases', 'GET, HEAD, POST'],
      ['DELETE', '/v1/cases/:case/deceased', 'GET, HEAD, PUT'],
      ['POST', '/v1/cases/:case/authority', 'GET, HEAD, PUT, PATCH'],
      ['PUT', '/v1/cases/:case/persons/:person', 'GET, HEAD, PATCH, DELETE'],
      ['PATCH', '/healthz', 'GET, HEAD'],
      ['POST', '/v1/docs', 'GET, HEAD'],
      ['OPTIONS', '/v1/cases', 'GET, HEAD, POST'],
      ['PUT', '/v1/cases/', 'GET, HEAD, POST'],
    ])('%s %s → 405 with Allow: %s', async (method, path, allow) => {
      const before = await stored();
      const res = await t.http()[method.toLowerCase() as 'get'](at(path)).set(owner.auth);
      expectEnvelope(res, 405, 'method_not_allowed');
      expect(res.headers.allow).toBe(allow);
      expect(res.body.error.message).toContain(allow);
      expect(await stored()).toBe(before);
    });

    it('comes before authentication, like a 404 for an unknown route', async () => {
      const res = await t.http().put(`/v1/cases/${caseId}/persons`);
      expectEnvelope(res, 405, 'method_not_allowed');
      expect(res.headers.allow).toBe('GET, HEAD, POST');
    });

    it('HEAD is allowed where GET is', async () => {
      const res = await t.http().head(`/v1/cases/${caseId}`).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.headers.etag).toEqual(expect.any(String));
    });

    it.each([
      ['GET', '/v1/nowhere'],
      ['DELETE', '/v1/nowhere'],
      ['GET', '/v1/cases/x/persons/y/extra'],
      ['PATCH', '/v2/cases'],
    ])('a path no route matches stays 404 without Allow: %s %s', async (method, path) => {
      const res = await t.http()[method.toLowerCase() as 'get'](path).set(owner.auth);
      expectEnvelope(res, 404, 'not_found');
      expect(res.headers.allow).toBeUndefined();
    });

    it('a routed method still works', async () => {
      const res = await t.http().get(`/v1/cases/${caseId}/persons`).set(owner.auth).expect(200);
      expect(res.body.data.map((row: { id: string }) => row.id)).toContain(personId);
      await t.http().get('/v1/openapi.json').expect(200);
    });
  });
});
