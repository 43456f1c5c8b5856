import SwaggerParser from '@apidevtools/swagger-parser';
import { DETAIL_REASONS, IDEMPOTENCY_KEY_PATTERN, MAX_PER_PAGE, ResourceCatalog } from '@estate/shared-kernel';
import { ERROR_STATUS } from '../libs/shared-kernel/src/platform/errors/error-status';
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SIMULATED_EMAIL_OUTCOMES } from '@estate/comms';
import { SIMULATED_RETURNS } from '@estate/transfers';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { runDocument } from './support/run-openapi';
import { REFERENCE_TAG_ORDER } from '../apps/api/src/api-document';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { operationIdProblems, ownDocumentReferences, placeholderProblems, referenceProblems } = require('../scripts/openapi/reference-rules');

/**
 * The OpenAPI document as an integrator meets it at /v1/openapi.json: exact enough for client generators, and
 * agreeing with what the server enforces. Everything is asserted on the served document (generated from the code),
 * for every operation it has, so a route added later is checked without touching this file.
 */

type Node = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Operation {
  path: string;
  method: string;
  op: Node;
}

/** A route that needs no bearer token says so with an empty `security` list. */
const isPublic = (op: Node) => Array.isArray(op.security) && op.security.length === 0;

function operations(doc: Node): Operation[] {
  return Object.entries(doc.paths as Node).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, op: item[method] as Node })),
  );
}

/** Every `$ref` string in the document, with where it sits. */
function refs(node: unknown, at = '#'): Array<{ ref: string; at: string }> {
  if (Array.isArray(node)) return node.flatMap((item, index) => refs(item, `${at}/${index}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node as Node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [{ ref: value, at }] : refs(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

function pointer(doc: Node, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Node)[part] : undefined), doc);
}

function resolve(doc: Node, schema: Node): Node {
  let node = schema;
  while (node && typeof node.$ref === 'string') node = pointer(doc, node.$ref) as Node;
  return node;
}

function allowsNull(schema: Node): boolean {
  if (Array.isArray(schema.type)) return schema.type.includes('null');
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((member: Node) => member.type === 'null');
}

/** Every object schema reachable from `schema` (through `$ref`, properties, items, anyOf…), each once. */
function objectSchemas(doc: Node, schema: Node, seen = new Set<Node>()): Node[] {
  const node = resolve(doc, schema);
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const nested = [
    ...Object.values((node.properties ?? {}) as Node),
    ...(node.items ? [node.items] : []),
    ...(node.anyOf ?? []),
    ...(node.oneOf ?? []),
    ...(node.allOf ?? []),
  ] as Node[];
  return [...(node.properties ? [node] : []), ...nested.flatMap((child) => objectSchemas(doc, child, seen))];
}

function mediaOf(content: Node | undefined): Node[] {
  return Object.values(content ?? {}) as Node[];
}

describe('OpenAPI document (e2e)', () => {
  let t: TestApp;
  let doc: Node;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    caller = await t.invite('enterprise');
    doc = (await t.http().get('/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  /** The options the reference page hands Swagger UI, as its served swagger-ui-init.js builds them (run in a sandbox). */
  async function servedUiOptions(): Promise<Node> {
    const init = await t.http().get('/v1/docs/swagger-ui-init.js').expect(200);
    let options: Node | undefined;
    const bundle = Object.assign(
      (given: Node) => {
        options = given;
        return {};
      },
      { presets: { apis: {} }, plugins: { DownloadUrl: {} } },
    );
    const window: Node = { location: { search: '', origin: 'http://127.0.0.1' } };
    runInNewContext(init.text, { window, SwaggerUIBundle: bundle, SwaggerUIStandalonePreset: {}, crypto: globalThis.crypto });
    window.onload();
    if (!options) throw new Error('swagger-ui-init.js did not start Swagger UI');
    return options;
  }

  describe('references', () => {
    it('has no empty $ref and every $ref resolves inside the document', () => {
      const all = refs(doc);
      expect(all.length).toBeGreaterThan(0);
      for (const { ref, at } of all) {
        expect({ at, ref, empty: ref === '#/components/schemas/' }).toEqual({ at, ref, empty: false });
        expect({ at, ref, resolves: pointer(doc, ref) !== undefined }).toEqual({ at, ref, resolves: true });
      }
    });

    it('@apidevtools/swagger-parser validates and dereferences it without error', async () => {
      const api = (await SwaggerParser.dereference(structuredClone(doc) as never)) as Node;
      expect(refs(api)).toEqual([]);
      await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
    });

    it('types the nested deceased, authority and address as their own schemas', () => {
      const bodies = operations(doc)
        .filter(({ op }) => op.requestBody)
        .flatMap(({ op }) => mediaOf(op.requestBody.content).map((media) => resolve(doc, media.schema)));
      const nested = bodies.flatMap((body) => Object.values((body.properties ?? {}) as Node)).filter((property) => property.anyOf);
      expect(nested.length).toBeGreaterThan(0);
      for (const property of nested) {
        const target = (property.anyOf as Node[]).find((member) => member.$ref);
        expect(resolve(doc, target!).properties).toBeDefined();
      }
    });
  });

  describe('the document', () => {
    it('is the document every suite checks its responses against (built once for the run by the global setup)', () => {
      // The served copy names the host the request reached in its examples; the run's copy names the default host.
      const onDefaultHost = JSON.parse(JSON.stringify(doc).replaceAll(new URL(t.http().get('/').url).host, 'localhost:3000'));
      expect(onDefaultHost).toEqual(runDocument());
    });

    it('names the product, has servers and a described top-level tag for every tag used', () => {
      expect(doc.openapi).toMatch(/^3\.1\./);
      expect(doc.info.title).toBe('Estate Desk API');
      expect(doc.servers.length).toBeGreaterThan(0);
      for (const server of doc.servers) expect(typeof server.url).toBe('string');
      const listed = new Map((doc.tags as Node[]).map((tag) => [tag.name, tag]));
      // Each tag says what it groups in a sentence of its own, not which path it starts with.
      for (const tag of listed.values()) expect({ tag: tag.name, description: tag.description }).toEqual({ tag: tag.name, description: expect.stringMatching(/^(?!Operations on )[A-Z].{20,}\./s) });
      for (const { path, method, op } of operations(doc)) {
        expect({ path, method, tags: op.tags?.length ?? 0 }).toEqual({ path, method, tags: expect.any(Number) });
        expect(op.tags.length).toBeGreaterThan(0);
        for (const tag of op.tags) expect(listed.has(tag)).toBe(true);
      }
    });

    it('opens on cases: the tags in the specification\'s order of resources, then the groups it names, then what the API adds', () => {
      const names = (doc.tags as Node[]).map((tag) => tag.name);
      expect(names[0]).toBe('cases');
      // Every tag the application orders is used, and they come first, in that order.
      expect(names.slice(0, REFERENCE_TAG_ORDER.length)).toEqual([...REFERENCE_TAG_ORDER]);
      expect(names.indexOf('events')).toBeGreaterThan(names.indexOf('emails'));
    });

    it('gives every operation a unique operationId a person would write, a grammatical summary and a description', () => {
      const ids = new Set<string>();
      for (const { path, method, op } of operations(doc)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect({ where, id: op.operationId }).toEqual({ where, id: expect.stringMatching(/^[a-z][A-Za-z]*[A-Za-z]$/) });
        expect(ids.has(op.operationId)).toBe(false);
        ids.add(op.operationId);
        expect({ where, summary: typeof op.summary === 'string' && op.summary.length > 3 }).toEqual({ where, summary: true });
        expect({ where, article: /\ba [aeiou]/i.test(op.summary) }).toEqual({ where, article: false });
        expect({ where, description: typeof op.description === 'string' && op.description.length > 10 }).toEqual({ where, description: true });
      }
      const idOf = (method: string, path: string) => doc.paths[path][method].operationId;
      expect(idOf('post', '/v1/cases/{case_id}/transfers/{transfer_id}/cancel')).toBe('cancelTransfer');
      expect(idOf('post', '/v1/cases/{case_id}/probate/deadlines/generate')).toBe('generateDeadlines');
      expect(idOf('get', '/v1/cases/{case_id}/probate/deadlines.ics')).toBe('getDeadlineCalendar');
      expect(idOf('get', '/v1/cases/{case_id}/events')).toBe('listCaseEvents');
      expect(idOf('get', '/v1/cases/{case_id}/transfers/{transfer_id}/events')).toBe('listTransferEvents');
      expect(doc.paths['/v1/cases/{case_id}/institution-contacts'].post.summary).toBe('Create an institution contact');
      expect(doc.paths['/v1/cases/{case_id}/life-insurance'].get.summary).toBe('List life insurance policies');
      expect(doc.paths['/v1/cases/{case_id}/closure/steps'].get.summary).toBe('List closure steps');
    });

    it('stands alone: it cites no contract section or specification route number, even where the code knows the route', () => {
      const catalog = t.app.get(ResourceCatalog);
      // The project's own route checks keep the numbers, as code metadata…
      expect(catalog.specificationRouteOf('post', '/v1/cases/{case_id}/transfers')?.number).toBe(29);
      // …and nothing a client reads repeats them; legal citations (the law the API applies) stay.
      expect(referenceProblems(doc)).toEqual([]);
      expect(JSON.stringify(doc)).not.toMatch(/Specification route|contract §|route #\d/);
      expect(ownDocumentReferences('UPC §3-706 and Cal. Prob. Code §8800(b)')).toEqual([]);
      expect(ownDocumentReferences('an event type of contract §14.2; Specification route #29.')).toHaveLength(3);
      expect(ownDocumentReferences(readFileSync(join(__dirname, '..', 'README.md'), 'utf8'))).toEqual([]);
    });

    it('shows no placeholder example and names no operation with a number (the openapi:check rules)', () => {
      expect(placeholderProblems(doc)).toEqual([]);
      expect(operationIdProblems(doc)).toEqual([]);
      // The rules do catch what they are for.
      const spoiled = structuredClone(doc);
      spoiled.paths['/v1/events'].get.operationId = 'listEvents2';
      spoiled.components.schemas.TransferView.properties.memo.example = 'string';
      delete spoiled.components.schemas.TransferView.properties.case_id.example;
      expect(operationIdProblems(spoiled)).toEqual([expect.stringContaining('"listEvents2" ends in a number')]);
      expect(placeholderProblems(spoiled)).toEqual(
        expect.arrayContaining([expect.stringContaining('TransferView/properties/memo/example: the placeholder "string"'), expect.stringContaining('TransferView.case_id: no example')]),
      );
    });

    it('lists the simulators\' magic values as test values: source account endings under transfers, e-mail local parts under emails', () => {
      const tag = (name: string) => (doc.tags as Node[]).find((candidate) => candidate.name === name)?.description as string;
      for (const [ending, code] of Object.entries(SIMULATED_RETURNS)) expect(tag('transfers')).toMatch(new RegExp(`\`…${ending}\` \\| returned after settlement with \`${code}\``));
      for (const local of Object.keys(SIMULATED_EMAIL_OUTCOMES)) expect(tag('emails')).toContain(`\`${local}@…\``);
      expect(doc.info.description).toMatch(/Test mode/);
    });

    it('gives the domain errors their own examples and consistent success examples', () => {
      const examples = (op: Node, status: string) => Object.values(op.responses[status].content['application/json'].examples as Node).map((example: Node) => example.value.error);
      const transfers = doc.paths['/v1/cases/{case_id}/transfers'].post;
      expect(examples(transfers, '422').map((error) => error.code)).toEqual(['transfer_not_allowed', 'transfer_not_allowed', 'validation_error']);
      expect(examples(transfers, '422')[1].details[0]).toEqual({ field: 'bank_account_id', message: expect.stringContaining('ownership_type is joint_tenants_wros'), reason: 'rule' });
      expect(examples(transfers, '422')[2].details).toEqual([{ field: 'amount', message: 'amount is required', reason: 'required' }]);
      expect(examples(doc.paths['/v1/cases/{case_id}/transfers/{transfer_id}/cancel'].post, '409').map((error) => error.code)).toEqual(['transfer_not_cancellable']);
      expect(examples(doc.paths['/v1/cases/{case_id}/bank-accounts/{account_id}'].delete, '409').map((error) => error.code)).toEqual(['invalid_state']);
      expect(examples(doc.paths['/v1/cases/{case_id}/bank-accounts/{account_id}'].patch, '412').map((error) => error.code)).toEqual(['precondition_failed']);
      // A 422 example names a field of the route's own body, not another resource's.
      const persons = doc.paths['/v1/cases/{case_id}/persons'].post;
      expect(examples(persons, '422')[0].details[0].field).toBe(resolve(doc, persons.requestBody.content['application/json'].schema).required[0]);
      // A transfer as POST answers it: requested, so nothing of settlement or return yet.
      const transfer = resolve(doc, { $ref: '#/components/schemas/TransferView' }).properties;
      expect(transfer.status.enum[0]).toBe('requested');
      for (const field of ['return_code', 'settled_at', 'amount_settled', 'submitted_at']) expect({ field, example: transfer[field].example }).toEqual({ field, example: null });
    });

    it('types every event: EventView.type is the enum of the types that can fire, the webhooks section has one entry each, Event their union', () => {
      const catalog = t.app.get(ResourceCatalog);
      const types = [...catalog.events.types];
      expect(types.length).toBeGreaterThan(40);
      for (const never of ['transfer.updated', 'transfer.deleted', 'transaction.deleted', 'search.deleted', 'email.updated']) expect(types).not.toContain(never);
      expect(doc.components.schemas.EventView.properties.type.enum).toEqual(types);
      expect(Object.keys(doc.webhooks)).toEqual(types);
      const union = doc.components.schemas.Event;
      expect(union.discriminator.propertyName).toBe('type');
      expect(Object.keys(union.discriminator.mapping)).toEqual(types);
      for (const manifest of catalog.manifests) {
        for (const action of manifest.events.actions) {
          const type = `${manifest.events.key}.${action}`;
          const entry = doc.webhooks[type].post;
          const schema = resolve(doc, entry.requestBody.content['application/json'].schema);
          expect(union.discriminator.mapping[type]).toBe(entry.requestBody.content['application/json'].schema.$ref);
          const own = (schema.allOf as Node[]).find((member) => member.properties)!;
          expect({ type, constant: own.properties.type.const, object: own.properties.data.properties.object.$ref }).toEqual({
            type,
            constant: type,
            object: `#/components/schemas/${manifest.viewSchema}`,
          });
          expect(entry.parameters.map((parameter: Node) => resolve(doc, parameter).name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
        }
      }
      // The filter and enabled_events accept exactly these types, their key patterns and `*`.
      const filter = doc.paths['/v1/events'].get.parameters.find((parameter: Node) => parameter.name === 'type').schema.items.enum;
      // (A key served under two parents, as account beneficiaries are, is one pattern.)
      expect(filter).toEqual(['*', ...new Set(catalog.manifests.map((manifest) => `${manifest.events.key}.*`)), ...types]);
      // The reads are typed by `type` too.
      expect(doc.paths['/v1/events/{event_id}'].get.responses['200'].content['application/json'].schema.properties.data.$ref).toBe('#/components/schemas/Event');
    });

    it('shares response headers through components.headers', () => {
      for (const { path, method, op } of operations(doc)) {
        for (const [status, response] of Object.entries(op.responses as Node)) {
          for (const [name, header] of Object.entries((response.headers ?? {}) as Node)) {
            if (name === 'ETag') continue;
            expect({ where: `${method} ${path} ${status} ${name}`, ref: header.$ref }).toEqual({ where: `${method} ${path} ${status} ${name}`, ref: `#/components/headers/${name}` });
          }
        }
      }
    });

    it('declares and describes every path template parameter on each operation', () => {
      for (const { path, method, op } of operations(doc)) {
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          const parameter = ((op.parameters ?? []) as Node[]).find((candidate) => candidate.in === 'path' && candidate.name === name);
          expect({ where: `${method} ${path}`, name, declared: Boolean(parameter?.required && parameter.description) }).toEqual({ where: `${method} ${path}`, name, declared: true });
        }
      }
    });

    it('describes every field of every schema', () => {
      const missing: string[] = [];
      for (const [name, schema] of Object.entries(doc.components.schemas as Node)) {
        for (const [field, property] of Object.entries((schema.properties ?? {}) as Node)) {
          if (!property.description) missing.push(`${name}.${field}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it('serves the reference page branded for the product: its title, its icon and its name in the top bar, not Swagger\'s', async () => {
      const res = await t.http().get('/v1/docs/').expect(200);
      expect(res.text).toContain('<title>Estate Desk API reference</title>');
      expect(res.text).toContain("<link rel='icon' href='data:image/svg+xml,");
      expect(res.text).not.toContain('favicon-32x32.png');
      expect(res.text).toMatch(/\.topbar-wrapper \.link svg[^{]*\{ display: none; \}/);
      expect(res.text).toContain('.topbar-wrapper .link::after { content: "Estate Desk API";');
      const options = await servedUiOptions();
      expect(options).toMatchObject({ filter: true, persistAuthorization: true });
    });

    it('gives no Idempotency-Key an example try-it-out would send, and the page sends a fresh key with each POST left without one', async () => {
      const headers = operations(doc).flatMap(({ op }) => ((op.parameters ?? []) as Node[]).filter((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'));
      expect(headers.length).toBeGreaterThan(10);
      for (const header of headers) expect({ example: header.example, examples: header.examples, schemaExample: header.schema.example }).toEqual({ example: undefined, examples: undefined, schemaExample: undefined });
      const options = await servedUiOptions();
      // The page's own copy of the document has none either.
      expect(JSON.stringify(options.spec.paths['/v1/cases'].post.parameters)).not.toMatch(/"examples?"/);
      const intercept = options.requestInterceptor as (request: Node) => Node;
      const keyOf = (request: Node) => request.headers['Idempotency-Key'];
      const first = keyOf(intercept({ method: 'POST', url: '/v1/cases', headers: { Authorization: 'Bearer x' } }));
      const second = keyOf(intercept({ method: 'POST', url: '/v1/cases', headers: {} }));
      for (const key of [first, second]) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(first).not.toBe(second);
      expect(new RegExp(IDEMPOTENCY_KEY_PATTERN).test(first)).toBe(true);
      // A key the user typed is sent as typed; a read gets none.
      expect(intercept({ method: 'post', headers: { 'idempotency-key': 'mine' } }).headers).toEqual({ 'idempotency-key': 'mine' });
      expect(intercept({ method: 'GET', headers: {} }).headers).toEqual({});
      // Two try-it-out "Create a case" are two cases, not a replay.
      const created = await Promise.all(
        [1, 2].map(() => t.http().post('/v1/cases').set(caller.auth).set(intercept({ method: 'POST', headers: {} }).headers).send({}).expect(201)),
      );
      expect(created[0].body.data.id).not.toBe(created[1].body.data.id);
      expect(created.map((res) => res.headers['idempotent-replayed'])).toEqual([undefined, undefined]);
    });

    it('compresses every answer over 1 KB as the client accepts (brotli or gzip), and leaves small ones alone', async () => {
      // Raw bytes as they travel (supertest would decompress them).
      const port = (t.app.getHttpServer().address() as AddressInfo).port;
      const raw = (path: string, headers: Record<string, string>) =>
        new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
          httpGet({ host: '127.0.0.1', port, path, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
          }).on('error', reject);
        });
      const br = await raw('/v1/openapi.json', { 'accept-encoding': 'br' });
      expect(br).toMatchObject({ status: 200, encoding: 'br' });
      const document = brotliDecompressSync(br.body);
      expect(JSON.parse(document.toString()).openapi).toMatch(/^3\.1/);
      expect(br.body.length).toBeLessThan(document.length / 5);
      const bundle = await raw('/v1/docs/swagger-ui-bundle.js', { 'accept-encoding': 'gzip' });
      expect(bundle).toMatchObject({ status: 200, encoding: 'gzip' });
      expect(gunzipSync(bundle.body).length).toBeGreaterThan(bundle.body.length * 2);
      // An empty list is under 1 KB: not worth compressing.
      const small = await raw('/v1/cases?per_page=100', { ...caller.auth, 'accept-encoding': 'gzip' });
      expect(small).toMatchObject({ status: 200, encoding: undefined });
      expect(small.body.length).toBeLessThan(1024);
      const identity = await raw('/v1/openapi.json', { 'accept-encoding': 'identity' });
      expect(identity).toMatchObject({ status: 200, encoding: undefined });
    });
  });

  describe('request schemas', () => {
    const bodies = () => operations(doc).filter(({ op }) => op.requestBody);

    it('close every request body to unknown fields, nested objects included', () => {
      expect(bodies().length).toBeGreaterThan(0);
      for (const { path, method, op } of bodies()) {
        for (const media of mediaOf(op.requestBody.content)) {
          for (const schema of objectSchemas(doc, media.schema)) {
            expect({ where: `${method} ${path}`, additionalProperties: schema.additionalProperties }).toEqual({
              where: `${method} ${path}`,
              additionalProperties: false,
            });
          }
        }
      }
    });

    it('lists 400, 413, 415 and 422 on every route with a body (PATCH and PUT included)', () => {
      const methods = new Set(bodies().map(({ method }) => method));
      expect(methods).toEqual(new Set(['post', 'patch', 'put']));
      for (const { path, method, op } of bodies()) {
        for (const status of ['400', '413', '415', '422']) expect({ where: `${method} ${path}`, status, listed: Boolean(op.responses[status]) }).toEqual({ where: `${method} ${path}`, status, listed: true });
      }
    });

    it('declares application/merge-patch+json on every PATCH', () => {
      for (const { op } of operations(doc).filter(({ method }) => method === 'patch')) {
        expect(op.requestBody.content['application/merge-patch+json']).toBeDefined();
      }
    });

    it('has a pattern on Idempotency-Key (every POST) that accepts 1–255 visible ASCII characters and nothing else', () => {
      // Routes without Authorization (the invitation codes) ignore the header, so they do not document it.
      const posts = operations(doc).filter(({ method, op }) => method === 'post' && !isPublic(op));
      expect(posts.length).toBeGreaterThan(0);
      for (const { op } of operations(doc).filter(({ method, op }) => method === 'post' && isPublic(op))) {
        expect((op.parameters ?? []).filter((parameter: Node) => parameter.name === 'Idempotency-Key')).toEqual([]);
      }
      for (const { op } of posts) {
        const header = (op.parameters as Node[]).find((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
        expect(header?.schema.pattern).toBe(IDEMPOTENCY_KEY_PATTERN);
        const pattern = new RegExp(header!.schema.pattern);
        expect(pattern.test('a')).toBe(true);
        expect(pattern.test('~'.repeat(255))).toBe(true);
        for (const bad of ['', 'a b', 'é', 'a\tb', 'x'.repeat(256)]) expect(pattern.test(bad)).toBe(false);
      }
    });

    it('gives every request body examples, and the server accepts each of them', async () => {
      // A case as examples assume one: with its deceased (the deadline generator defaults to their date of death).
      const deceased = { first_name: 'Margaret', last_name: 'Okafor', date_of_death: '2026-08-20' };
      const created = await t.http().post('/v1/cases').set(caller.auth).send({ deceased }).expect(201);
      const caseId = created.body.data.id;
      const person = await t.http().post(`/v1/cases/${caseId}/persons`).set(caller.auth).send({ first_name: 'A', last_name: 'B', relationship: 'son' }).expect(201);
      const ids: Record<string, string> = { case_id: caseId, person_id: person.body.data.id };
      let sent = 0;
      // PUTs first: the authority must exist before it is patched, the executor before it is verified.
      const order = ['put', 'post', 'patch'];
      for (const { path, method, op } of bodies().sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method))) {
        const media = op.requestBody.content['application/json'];
        // An upload (contract §11.1) is multipart only: its bytes are no example; the documents suite sends real ones.
        if (!media) {
          expect({ where: `${method} ${path}`, media: Object.keys(op.requestBody.content) }).toEqual({ where: `${method} ${path}`, media: ['multipart/form-data'] });
          continue;
        }
        const examples = Object.values((media.examples ?? {}) as Node);
        expect({ where: `${method} ${path}`, examples: examples.length > 0 }).toEqual({ where: `${method} ${path}`, examples: true });
        const params = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        if (params.some((param) => !ids[param])) continue;
        // A one-time invitation code cannot be an example that works (the pro-users suite sends real ones).
        if (path.startsWith('/v1/invitations/')) continue;
        const url = path.replace(/\{(\w+)\}/g, (_all, param: string) => ids[param]);
        for (const example of examples) {
          // An example naming other records (`institution_contact_id`, `document_ids`) cannot be replayed against a fresh case.
          if (/"\w+_ids?":/.test(JSON.stringify(example.value))) continue;
          const res = await t.http()[method as 'post' | 'put' | 'patch'](url).set(caller.auth).send(example.value);
          expect({ where: `${method} ${path}`, example: example.summary, status: res.status < 300 ? 'accepted' : res.body }).toEqual({
            where: `${method} ${path}`,
            example: example.summary,
            status: 'accepted',
          });
          sent += 1;
        }
      }
      expect(sent).toBeGreaterThanOrEqual(8);
    });
  });

  describe('responses', () => {
    it('answers every error status with the envelope and an example of a code of that status', () => {
      for (const { path, method, op } of operations(doc)) {
        const errors = Object.entries(op.responses as Node).filter(([status]) => Number(status) >= 400);
        // A public route (`security: []`, a private calendar address) has no token to refuse and no organization to count.
        if (isPublic(op)) expect(errors.map(([status]) => status)).not.toContain('401');
        else expect(errors.map(([status]) => status)).toEqual(expect.arrayContaining(['401', '429']));
        for (const [status, response] of errors) {
          // Errors are JSON on every route, a download's and a calendar feed's included: no other media type is declared.
          expect({ where: `${method} ${path} ${status}`, media: Object.keys(response.content) }).toEqual({ where: `${method} ${path} ${status}`, media: ['application/json'] });
          const media = response.content['application/json'];
          expect(media.schema.$ref).toBe('#/components/schemas/ErrorBody');
          const examples = Object.values((media.examples ?? {}) as Node);
          expect(examples.length).toBeGreaterThan(0);
          for (const example of examples) {
            const where = `${method} ${path} ${status}`;
            expect({ where, status: ERROR_STATUS[example.value.error.code] }).toEqual({ where, status: Number(status) });
            expect(typeof example.value.error.message).toBe('string');
            if (example.value.error.code === 'validation_error') expect(example.value.error.details.length).toBeGreaterThan(0);
          }
        }
      }
    });

    it('lists every error code as an enum, explains each under its own anchor, and shows doc_url as real errors do, and reason, in every example', async () => {
      const codes = Object.keys(ERROR_STATUS);
      const errorObject = doc.components.schemas.ErrorObjectBody;
      expect([...errorObject.properties.code.enum].sort()).toEqual([...codes].sort());
      expect(errorObject.required).toEqual(expect.arrayContaining(['code', 'message', 'doc_url']));
      const detail = resolve(doc, doc.components.schemas.ErrorDetailBody.properties.reason.allOf?.[0] ?? doc.components.schemas.ErrorDetailBody.properties.reason);
      expect(detail.enum).toEqual([...DETAIL_REASONS]);
      expect(doc.components.schemas.ErrorDetailBody.required).toEqual(['field', 'message', 'reason']);
      // The reference page renders the description: every code's row carries the anchor its doc_url names.
      for (const code of codes) expect(doc.info.description).toContain(`<a id="error-${code}"></a>\`${code}\` | ${ERROR_STATUS[code]} |`);
      const page = await t.http().get('/v1/docs/').expect(200);
      expect(page.text).toContain("id.indexOf('error-')");
      // A real error's doc_url: the reference on the host the request reached. Examples are written the same way.
      const real = (await t.http().get('/v1/cases').expect(401)).body.error.doc_url as string;
      expect(real).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/docs#error-unauthorized$/);
      const reference = real.slice(0, real.indexOf('#'));
      // Every absolute address an example shows is on this host, as the answers are (a download link's too).
      expect(JSON.stringify(doc).includes('api.example.com')).toBe(false);
      expect(doc.components.schemas.ErrorObjectBody.properties.doc_url.example).toBe(`${reference}#error-validation_error`);
      expect(doc.components.schemas.DownloadLinkView.properties.url.example).toMatch(new RegExp(`^${reference.replace('/v1/docs', '')}/v1/document-downloads/`));
      for (const { op } of operations(doc)) {
        for (const [status, response] of Object.entries(op.responses as Node).filter(([each]) => Number(each) >= 400)) {
          for (const example of Object.values((response.content['application/json'].examples ?? {}) as Node)) {
            const error = example.value.error;
            expect({ status, doc_url: error.doc_url }).toEqual({ status, doc_url: `${reference}#error-${error.code}` });
            for (const each of error.details ?? []) expect(DETAIL_REASONS).toContain(each.reason);
          }
        }
      }
    });

    it('names the expected codes: 401 unauthorized, 404 not_found, 429 rate_limit_exceeded, 422 validation_error', () => {
      const codes = (op: Node, status: string) => Object.values((op.responses[status]?.content['application/json'].examples ?? {}) as Node).map((example) => example.value.error.code);
      for (const { op } of operations(doc)) {
        // Two examples of one code: an unknown token, and a revoked one (whose message says so, contract §9).
        expect(codes(op, '401')).toEqual(isPublic(op) ? [] : ['unauthorized', 'unauthorized']);
        // A public route is limited per address only where it says so (the invitation routes).
        expect(codes(op, '429')).toEqual(isPublic(op) && !op.responses['429'] ? [] : ['rate_limit_exceeded']);
        if (op.responses['404']) expect(codes(op, '404')).toEqual(['not_found']);
        // A body is validated (422 validation_error); a read answers 422 only with a rule of its own (the court
        // accounting's date_of_death_required, accounting_period_invalid).
        if (op.responses['422'] && op.requestBody) expect(codes(op, '422')).toContain('validation_error');
        if (op.responses['422']) expect(codes(op, '422').length).toBeGreaterThan(0);
      }
    });

    it('requires every property of every response schema, except ones documented as absent that cannot be null', () => {
      let checked = 0;
      for (const { path, method, op } of operations(doc)) {
        for (const [status, response] of Object.entries(op.responses as Node)) {
          for (const media of mediaOf(response.content)) {
            for (const schema of objectSchemas(doc, media.schema)) {
              for (const [field, property] of Object.entries(schema.properties as Node)) {
                checked += 1;
                if ((schema.required ?? []).includes(field)) continue;
                const where = `${method} ${path} ${status} ${field}`;
                expect({ where, nullable: allowsNull(resolve(doc, property)), documentedAbsent: /absent/i.test(property.description ?? '') }).toEqual({
                  where,
                  nullable: false,
                  documentedAbsent: true,
                });
              }
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(50);
    });

    it('states nullable fields as 3.1 null types, never `nullable`', () => {
      expect(JSON.stringify(doc)).not.toContain('"nullable"');
      const deceased = doc.components.schemas.DeceasedView ?? {};
      expect(deceased.properties?.middle_name?.type).toEqual(['string', 'null']);
    });

    it('types each answer of the accounting and the inventory by its media type, and a settled accounting by a schema of its own', () => {
      const success = (method: string, path: string) => doc.paths[path][method].responses[method === 'post' ? '201' : '200'].content as Node;
      const live = success('get', '/v1/cases/{case_id}/accounting');
      expect(Object.keys(live)).toEqual(['application/json', 'text/csv', 'application/pdf']);
      expect(live['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/LiveAccountingView' });
      expect(live['text/csv'].schema).toMatchObject({ type: 'string' });
      expect(live['application/pdf'].schema).toMatchObject({ type: 'string', format: 'binary' });
      expect(success('post', '/v1/cases/{case_id}/accountings')['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/SettledAccountingView' });
      const read = success('get', '/v1/cases/{case_id}/accountings/{sequence}');
      expect(read['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/SettledAccountingView' });
      expect(read['application/pdf'].schema).toMatchObject({ type: 'string', format: 'binary' });

      // A settled accounting: an id and a number, never null; settled, never live. A live one: neither, and live.
      const settled = doc.components.schemas.SettledAccountingView;
      expect(settled.properties).toMatchObject({ id: { type: 'string' }, sequence: { type: 'integer', minimum: 1 }, status: { enum: ['settled'] }, created_by: { type: 'string' } });
      expect(settled.required).toEqual(expect.arrayContaining(['id', 'sequence', 'status', 'created_at', 'created_by']));
      expect(settled.properties.computed_at).toBeUndefined();
      const liveView = doc.components.schemas.LiveAccountingView;
      expect(liveView.properties).toMatchObject({ id: { type: 'null' }, sequence: { type: 'null' }, status: { enum: ['live'] }, created_by: { type: 'null' } });
      expect(liveView.required).toEqual(expect.arrayContaining(['id', 'sequence', 'status', 'computed_at']));
      expect(liveView.properties.created_at).toBeUndefined();
      expect(doc.components.schemas.AccountingView).toBeUndefined();

      // The number in the path is an integer from 1.
      for (const method of ['get', 'delete']) {
        const sequence = (doc.paths['/v1/cases/{case_id}/accountings/{sequence}'][method].parameters as Node[]).find((parameter) => parameter.name === 'sequence');
        expect(sequence?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 999_999_999 });
      }

      const inventory = success('get', '/v1/cases/{case_id}/inventory');
      expect(Object.keys(inventory)).toEqual(['application/json', 'text/csv']);
      expect(inventory['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/InventoryView' });
      // An upload's file is binary data (a Blob in a generated client), not text.
      for (const path of ['/v1/cases/{case_id}/documents', '/v1/cases/{case_id}/bank-accounts/{account_id}/statements']) {
        expect(resolve(doc, doc.paths[path].post.requestBody.content['multipart/form-data'].schema).properties.file).toMatchObject({ type: 'string', format: 'binary' });
      }
    });

    it('documents 304 and If-None-Match on every read that carries an ETag', () => {
      for (const { op } of operations(doc).filter(({ method, op }) => method === 'get' && op.responses['200']?.headers?.ETag)) {
        expect(op.responses['304']).toBeDefined();
        expect((op.parameters as Node[]).some((parameter) => parameter.in === 'header' && parameter.name === 'If-None-Match')).toBe(true);
      }
    });
  });

  describe('list query parameters agree with the server', () => {
    const lists = () => operations(doc).filter(({ method, op }) => method === 'get' && op.responses['200']?.content?.['application/json']?.schema.properties?.meta);
    const query = (op: Node) => new Map(((op.parameters ?? []) as Node[]).filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter.schema as Node]));

    it('declares page and per_page as integers with the bounds the server enforces', async () => {
      expect(lists().length).toBeGreaterThan(0);
      const created = await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201);
      for (const { path, op } of lists()) {
        const parameters = query(op);
        expect(parameters.get('page')).toMatchObject({ type: 'integer', minimum: 1 });
        expect(parameters.get('per_page')).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_PER_PAGE });
        const url = path.replace(/\{case_id\}/, created.body.data.id);
        if (/\{/.test(url)) continue;
        const perPage = parameters.get('per_page')!;
        await t.http().get(url).query({ per_page: perPage.maximum }).set(caller.auth).expect(200);
        await t.http().get(url).query({ per_page: perPage.maximum + 1 }).set(caller.auth).expect(400);
        await t.http().get(url).query({ per_page: perPage.minimum - 1 }).set(caller.auth).expect(400);
        await t.http().get(url).query({ page: parameters.get('page')!.minimum - 1 }).set(caller.auth).expect(400);
        await t.http().get(url).query({ page: '1.5' }).set(caller.auth).expect(400);
      }
    });

    it('types each filter as the server parses it: booleans, bounded text, enums', async () => {
      const created = await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201);
      const persons = lists().find(({ path }) => path === '/v1/cases/{case_id}/persons');
      expect(query(persons!.op).get('is_beneficiary')).toEqual({ type: 'boolean' });
      for (const { path, op } of lists()) {
        const url = path.replace(/\{case_id\}/, created.body.data.id);
        if (/\{/.test(url)) continue;
        for (const [name, schema] of query(op)) {
          if (['page', 'per_page', 'cursor'].includes(name)) continue;
          const where = `${path} ${name}`;
          if (schema.type === 'boolean') {
            await t.http().get(url).query({ [name]: 'true' }).set(caller.auth).expect(200);
            expect({ where, status: (await t.http().get(url).query({ [name]: 'yes' }).set(caller.auth)).status }).toEqual({ where, status: 400 });
          } else if (schema.type === 'array' || schema.enum) {
            const values: string[] = schema.enum ?? schema.items.enum;
            expect(values.length).toBeGreaterThan(0);
            await t.http().get(url).query({ [name]: values[0] }).set(caller.auth).expect(200);
            expect({ where, status: (await t.http().get(url).query({ [name]: 'not-a-value' }).set(caller.auth)).status }).toEqual({ where, status: 400 });
          } else if (schema.format === 'date-time') {
            await t.http().get(url).query({ [name]: '2026-01-01T00:00:00Z' }).set(caller.auth).expect(200);
            expect({ where, status: (await t.http().get(url).query({ [name]: 'not-a-date' }).set(caller.auth)).status }).toEqual({ where, status: 400 });
          } else if (schema.pattern) {
            // An identifier filter (a ULID): one of the right form is accepted, anything else is 400.
            await t.http().get(url).query({ [name]: '01BX5ZZKBKACTAV9WEVGEMMVRZ' }).set(caller.auth).expect(200);
            expect({ where, status: (await t.http().get(url).query({ [name]: 'not-a-value' }).set(caller.auth)).status }).toEqual({ where, status: 400 });
          } else {
            expect({ where, schema }).toEqual({ where, schema: { type: 'string', minLength: 1, maxLength: expect.any(Number) } });
            await t.http().get(url).query({ [name]: 'a'.repeat(schema.maxLength) }).set(caller.auth).expect(200);
            expect({ where, status: (await t.http().get(url).query({ [name]: 'a'.repeat(schema.maxLength + 1) }).set(caller.auth)).status }).toEqual({ where, status: 400 });
          }
        }
      }
    });
  });
});
