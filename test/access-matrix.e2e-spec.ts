import { createDocumentFixtures, DocumentFixtures, missingIds, requestExample, urlOf } from './support/openapi-fixtures';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Broken object level authorization, generated from the served OpenAPI document: organization A creates a case and
 * one record of every resource; organization B's token then tries every (path, method) of the document under
 * `/v1/cases/{case_id}` with A's ids and a valid body. Contract §2: a route whose documented errors include `403`
 * answers `403 forbidden` for another organization's case (and `404` for an unknown one); every other route answers
 * `404 not_found`. Nothing is ever `2xx` or `500`, and afterwards A reads every route back byte for byte, ETags
 * included, and no table gained, lost or changed a row. A route of the document the fixtures cannot fill in fails.
 */

type Node = Record<string, any>;

// Each test walks every route of the document (a hundred and more, each with snapshots): longer than one request's 30 s.
jest.setTimeout(180_000);

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const CASE_SCOPED = '/v1/cases/{case_id}';
/** The probate reference data and forms shipped with the service (contract-extensions §10.3, §10.4): the same for every organization. */
const SHARED_REFERENCE = '/v1/probate/';

describe('access matrix: another organization against every route of the document (e2e)', () => {
  let t: TestApp;
  let doc: Node;
  let a: TestCaller;
  let b: TestCaller;
  let fixtures: DocumentFixtures;
  // No background processor may move a transfer, an email or a webhook delivery while snapshots are compared.
  const quiet = ['TRANSFER_PROCESSOR', 'PROVIDER_PROCESSOR', 'WEBHOOK_DISPATCHER'];
  const saved = Object.fromEntries(quiet.map((name) => [name, process.env[name]]));

  const allOperations = () =>
    Object.entries(doc.paths as Node).flatMap(([template, item]) => METHODS.filter((method) => item[method]).map((method) => ({ template, method, op: item[method] as Node })));
  /** A route with `security: []` is a capability address (the token in its path is the access): not an organization's. */
  const isCapability = (op: Node) => Array.isArray(op.security) && op.security.length === 0;
  const operations = () => allOperations().filter(({ op }) => !isCapability(op));
  const caseScoped = () => operations().filter(({ template }) => template === CASE_SCOPED || template.startsWith(`${CASE_SCOPED}/`));

  /** Every GET of the document A can fill in, as A reads it (status, ETag, body). */
  async function readAll(caller: TestCaller): Promise<Map<string, unknown>> {
    const seen = new Map<string, unknown>();
    for (const { template } of operations().filter(({ method }) => method === 'get')) {
      if (missingIds(template, fixtures).length || template === '/v1/openapi.json') continue;
      const res = await t.http().get(urlOf(template, fixtures)).set(caller.auth);
      // A member's last_seen_at moves with A's own calls (once a minute, as the tables' digest allows): not a change a
      // refusal made, so it and the ETag it enters are left out of the comparison where the body shows it.
      const seenAt = /"last_seen_at":("[^"]*"|null)/g;
      const text = typeof res.text === 'string' ? res.text : Buffer.isBuffer(res.body) ? res.body.toString('base64') : '';
      const moving = seenAt.test(text);
      // A live computation (the court accounting, `Cache-Control: no-store`) says when it was computed: the moment moves.
      const computedAt = /"computed_at":"[^"]*"/g;
      seen.set(template, { status: res.status, etag: moving ? 'moves with last_seen_at' : res.headers.etag, body: text.replace(seenAt, '"last_seen_at":"…"').replace(computedAt, '"computed_at":"…"') });
    }
    return seen;
  }

  /** Row count and a digest of every row of every table of the application's schema. */
  async function tables(): Promise<Record<string, string>> {
    const names = await t.sql<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
    // A user's last_seen_at moves with any authenticated call (at most once a minute): not a change a refusal made.
    const rowsOf = (name: string) => (name === 'users' ? `(select id, organization_id, email, role, status, first_name, last_name, created_at, updated_at, revoked_at from users)` : `"${name}"`);
    const union = names.map(({ name }) => `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${rowsOf(name)} t`).join(' union all ');
    const rows = await t.sql<{ name: string; digest: string }>(union);
    return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
  }

  function send(method: string, url: string, caller: TestCaller, body: unknown) {
    const req = t.http()[method as 'get'](url).set(caller.auth);
    return body === undefined ? req : req.send(body as object);
  }

  /** The valid body A used on this route (or its example): the refusal must come from access, not validation. */
  const bodyFor = (method: string, template: string, op: Node) => (method === 'get' || method === 'delete' ? undefined : fixtures.bodies.get(`${method} ${template}`) ?? requestExample(op) ?? {});

  beforeAll(async () => {
    for (const name of quiet) process.env[name] = 'off';
    t = await createTestApp({ rateLimits: { pro: 100_000, enterprise: 100_000 } });
    a = await t.invite('enterprise');
    b = await t.invite('enterprise');
    doc = (await t.http().get('/v1/openapi.json').expect(200)).body;
    fixtures = await createDocumentFixtures(t, doc, a);
  });
  afterAll(async () => {
    await t.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('knows every capability address of the document (their signed tokens are tested by their own suites)', () => {
    const capabilities = allOperations().filter(({ op }) => isCapability(op)).map(({ method, template }) => `${method.toUpperCase()} ${template}`);
    expect(capabilities).toEqual(['GET /v1/deadline-feeds/{token}', 'GET /v1/document-downloads/{token}', 'POST /v1/invitations/accept', 'POST /v1/invitations/decline']);
  });

  it('has an id for every path parameter of every route of the document (a new route needs a fixture)', () => {
    const missing = operations().flatMap(({ template, method }) => missingIds(template, fixtures).map((param) => `${method.toUpperCase()} ${template}: ${param}`));
    expect(missing).toEqual([]);
    expect(caseScoped().length).toBeGreaterThan(90);
  });

  it("B gets exactly 403 or 404 (as each route's documented x-foreign-case says) on every case route with A's ids; A's data is untouched", async () => {
    const before = await readAll(a);
    const rowsBefore = await tables();
    for (const [, read] of before) expect(read).toMatchObject({ status: 200 });

    const answers: string[] = [];
    const expected: string[] = [];
    for (const { template, method, op } of caseScoped()) {
      const status = op['x-foreign-case'] === 'forbidden' ? 403 : 404;
      const res = await send(method, urlOf(template, fixtures), b, bodyFor(method, template, op));
      const where = `${method.toUpperCase()} ${template}`;
      answers.push(`${where} -> ${res.status} ${res.body?.error?.code ?? ''} ${res.headers['x-request-id'] ? 'id' : 'no-id'}`);
      expected.push(`${where} -> ${status} ${status === 403 ? 'forbidden' : 'not_found'} id`);
    }
    expect(answers).toEqual(expected);
    expect(expected.filter((line) => line.includes('403')).length).toBeGreaterThanOrEqual(6);

    expect(await readAll(a)).toEqual(before);
    expect(await tables()).toEqual(rowsBefore);
  });

  it('an unknown case id is 404 on every case route, the 403 routes included', async () => {
    const unknown: DocumentFixtures = { ids: new Map(fixtures.ids), bodies: fixtures.bodies };
    unknown.ids.set('/v1/cases', '01JZZZZZZZZZZZZZZZZZZZZZZZ');
    const answers: string[] = [];
    for (const { template, method, op } of caseScoped()) {
      const res = await send(method, urlOf(template, unknown), b, bodyFor(method, template, op));
      answers.push(`${method.toUpperCase()} ${template} -> ${res.status} ${res.body?.error?.code}`);
    }
    expect(answers).toEqual(caseScoped().map(({ template, method }) => `${method.toUpperCase()} ${template} -> 404 not_found`));
  });

  it("B's own case with A's sub-resource ids: 404 not_found on every route naming a sub-resource; A's data untouched", async () => {
    const before = await readAll(a);
    const rowsBefore = await tables();
    const own = await t.http().post('/v1/cases').set(b.auth).send({}).expect(201);
    const mixed: DocumentFixtures = { ids: new Map(fixtures.ids), bodies: fixtures.bodies };
    mixed.ids.set('/v1/cases', own.body.data.id);
    const routes = caseScoped().filter(({ template }) => template.split('{').length > 2);
    expect(routes.length).toBeGreaterThan(50);
    const answers: string[] = [];
    for (const { template, method, op } of routes) {
      const res = await send(method, urlOf(template, mixed), b, bodyFor(method, template, op));
      answers.push(`${method.toUpperCase()} ${template} -> ${res.status} ${res.body?.error?.code}`);
    }
    expect(answers).toEqual(routes.map(({ template, method }) => `${method.toUpperCase()} ${template} -> 404 not_found`));
    expect(await readAll(a)).toEqual(before);
    const rowsAfter = await tables();
    // B's own new case is the only change: the cases table (and what a new case writes: its events, its
    // organization's count of live cases) only.
    const changed = Object.keys(rowsAfter).filter((name) => rowsAfter[name] !== rowsBefore[name]);
    expect(changed.filter((name) => !['cases', 'events', 'organization_case_counts'].includes(name))).toEqual([]);
  });

  it("organization-level routes naming A's records (webhook endpoints, events…): B gets 404 on every method; A's data untouched", async () => {
    const before = await readAll(a);
    const rowsBefore = await tables();
    const routes = operations().filter(({ template }) => !template.startsWith('/v1/cases') && !template.startsWith(SHARED_REFERENCE) && template.includes('{'));
    const answers: string[] = [];
    for (const { template, method, op } of routes) {
      const res = await send(method, urlOf(template, fixtures), b, bodyFor(method, template, op));
      answers.push(`${method.toUpperCase()} ${template} -> ${res.status} ${res.body?.error?.code}`);
    }
    expect(answers).toEqual(routes.map(({ template, method }) => `${method.toUpperCase()} ${template} -> 404 not_found`));
    expect(await readAll(a)).toEqual(before);
    expect(await tables()).toEqual(rowsBefore);
  });

  it('organization-level routes by role: a member of A is 403 on every route documenting 403 (owners and admins only), nothing changed; an admin and the owner pass', async () => {
    const member = await t.join(a, 'member');
    const admin = await t.join(a, 'admin');
    // Their first call records last_seen_at (in the background, then not again within the minute): done before the snapshot.
    for (const caller of [member, admin]) await t.http().get('/v1/me').set(caller.auth).expect(200);
    for (let tries = 0; tries < 80; tries++) {
      const [{ n }] = await t.sql<{ n: number }>('select count(*)::int as n from users where id = any($1) and last_seen_at is not null', [[member.userId, admin.userId]]);
      if (n === 2) break;
      await new Promise((tick) => setTimeout(tick, 25));
    }
    const before = await readAll(a);
    const rowsBefore = await tables();
    const orgLevel = operations().filter(({ template }) => template.startsWith('/v1/') && !template.startsWith('/v1/cases') && template !== '/v1/openapi.json');
    const managed = orgLevel.filter(({ op }) => op.responses['403']);
    expect(managed.map(({ method, template }) => `${method.toUpperCase()} ${template}`)).toEqual(
      expect.arrayContaining(['POST /v1/webhook-endpoints', 'GET /v1/webhook-endpoints/{endpoint_id}/deliveries', 'POST /v1/pro-users', 'POST /v1/pro-users/{user_id}/deactivate']),
    );
    const answers: string[] = [];
    for (const { template, method, op } of managed) {
      const res = await send(method, urlOf(template, fixtures), member, bodyFor(method, template, op));
      answers.push(`${method.toUpperCase()} ${template} -> ${res.status} ${res.body?.error?.code}`);
    }
    expect(answers).toEqual(managed.map(({ template, method }) => `${method.toUpperCase()} ${template} -> 403 forbidden`));
    expect(await readAll(a)).toEqual(before);
    expect(await tables()).toEqual(rowsBefore);
    // Every organization-level read: the owner, an admin and (where no 403 is documented) a member get 200.
    for (const { template, op } of orgLevel.filter(({ method }) => method === 'get')) {
      for (const [role, caller] of [['owner', a], ['admin', admin], ['member', member]] as const) {
        const where = `GET ${template} as ${role}`;
        const status = (await t.http().get(urlOf(template, fixtures)).set(caller.auth)).status;
        expect({ where, status }).toEqual({ where, status: role === 'member' && op.responses['403'] ? 403 : 200 });
      }
    }
  });

  it("organization-level routes: B's lists and reads never show A's records", async () => {
    const orgLevel = operations().filter(({ template, method }) => method === 'get' && !template.startsWith(`${CASE_SCOPED}`) && template.startsWith('/v1/') && template !== '/v1/openapi.json');
    expect(orgLevel.map(({ template }) => template)).toContain('/v1/cases');
    // A's records are named by ULIDs; the fixtures' other ids (a state, a county, a day, an accounting's sequence) are no one's.
    const aIds = [...fixtures.ids.values()].filter((id) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id));
    for (const { template } of orgLevel) {
      const res = await t.http().get(urlOf(template, fixtures)).set(b.auth);
      const where = `GET ${template}`;
      // Shared reference data names no organization's record: B reads exactly what A reads.
      if (template.startsWith(SHARED_REFERENCE)) expect({ where, status: res.status, text: res.text }).toEqual({ where, status: 200, text: (await t.http().get(urlOf(template, fixtures)).set(a.auth)).text });
      else if (template.includes('{')) expect({ where, status: res.status }).toEqual({ where, status: 404 });
      else expect({ where, status: res.status, leaked: aIds.filter((id) => res.text.includes(id)) }).toEqual({ where, status: 200, leaked: [] });
    }
    // …while A sees its own case in the same list.
    expect((await t.http().get('/v1/cases').set(a.auth).expect(200)).text).toContain(fixtures.ids.get('/v1/cases'));
  });

  describe("the collaborator roles on A's case (contract-extensions: viewer, editor, collaborator owner)", () => {
    /** Routes a viewer may still write: a download link is a read of the document. */
    const viewerMay = (method: string, template: string) => method === 'post' && /\/documents\/\{[a-z_]+\}\/download-links$/.test(template);
    const managesCollaborators = (template: string) => template.startsWith(`${CASE_SCOPED}/collaborators`);
    const deletesCase = (method: string, template: string) => method === 'delete' && template === CASE_SCOPED;
    const writes = () => caseScoped().filter(({ method }) => method !== 'get');
    let seq = 0;

    /** A user of another organization seated on A's case with this role, accepted (before its first request). */
    async function seat(role: 'viewer' | 'editor' | 'owner'): Promise<TestCaller> {
      const caller = await t.invite('pro');
      await t.sql(
        `insert into collaborators (id, case_id, organization_id, email, role, status, user_id, invitation_expires_at, accepted_at, created_at, updated_at)
         select $1, $2, $3, email, $4, 'accepted', id, now() + interval '7 days', now(), now(), now() from users where id = $5`,
        [`01JMATRIX${String(++seq).padStart(17, '0')}`, fixtures.ids.get('/v1/cases'), a.organizationId, role, caller.userId],
      );
      return caller;
    }

    it('a viewer reads every case route (200) and is 403 on every other method, the download link aside; nothing changed', async () => {
      const viewer = await seat('viewer');
      for (const { template } of caseScoped().filter(({ method }) => method === 'get')) {
        const where = `GET ${template}`;
        expect({ where, status: (await t.http().get(urlOf(template, fixtures)).set(viewer.auth)).status }).toEqual({ where, status: 200 });
      }
      const before = await readAll(a);
      const rowsBefore = await tables();
      const refused = writes().filter(({ method, template }) => !viewerMay(method, template));
      expect(refused.length).toBeGreaterThan(60);
      const answers: string[] = [];
      for (const { template, method, op } of refused) {
        const res = await send(method, urlOf(template, fixtures), viewer, bodyFor(method, template, op));
        answers.push(`${method.toUpperCase()} ${template} -> ${res.status} ${res.body?.error?.code}`);
      }
      expect(answers).toEqual(refused.map(({ method, template }) => `${method.toUpperCase()} ${template} -> 403 forbidden`));
      expect(await readAll(a)).toEqual(before);
      expect(await tables()).toEqual(rowsBefore);
      for (const { template, method, op } of writes().filter(({ method, template }) => viewerMay(method, template))) {
        expect((await send(method, urlOf(template, fixtures), viewer, bodyFor(method, template, op))).status).toBe(201);
      }
    });

    it('an editor is 403 on the collaborators\' writes and on deleting the case, nothing changed; a collaborator owner only on deleting the case', async () => {
      const editor = await seat('editor');
      const owner = await seat('owner');
      const named = writes().filter(({ method, template }) => managesCollaborators(template) || deletesCase(method, template));
      expect(named.length).toBe(5);
      const rowsBefore = await tables();
      for (const [role, caller] of [['editor', editor], ['owner', owner]] as const) {
        const answers: string[] = [];
        const expected: string[] = [];
        for (const { template, method, op } of named) {
          if (role === 'owner' && !deletesCase(method, template)) continue;
          const res = await send(method, urlOf(template, fixtures), caller, bodyFor(method, template, op));
          answers.push(`${role} ${method.toUpperCase()} ${template} -> ${res.status} ${res.body?.error?.code}`);
          expected.push(`${role} ${method.toUpperCase()} ${template} -> 403 forbidden`);
        }
        expect(answers).toEqual(expected);
      }
      expect(await tables()).toEqual(rowsBefore);
    });

    it('an editor is never refused by its role elsewhere, and a collaborator owner manages the collaborators (last: these write)', async () => {
      const editor = await seat('editor');
      const owner = await seat('owner');
      const refusals: string[] = [];
      for (const { template, method, op } of writes().filter(({ method, template }) => !managesCollaborators(template) && !deletesCase(method, template))) {
        const res = await send(method, urlOf(template, fixtures), editor, bodyFor(method, template, op));
        if (res.status === 403) refusals.push(`${method.toUpperCase()} ${template} -> 403 ${res.body?.error?.code}`);
      }
      for (const { template, method, op } of writes().filter(({ template }) => managesCollaborators(template))) {
        const res = await send(method, urlOf(template, fixtures), owner, bodyFor(method, template, op));
        if (res.status === 403) refusals.push(`owner ${method.toUpperCase()} ${template} -> 403 ${res.body?.error?.code}`);
      }
      expect(refusals).toEqual([]);
    });
  });
});
