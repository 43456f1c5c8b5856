import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { DETAIL_REASONS } from '@estate/shared-kernel';
import { createDocumentFixtures, DocumentFixtures } from './support/openapi-fixtures';
import { OpenApiResponses } from './support/openapi-responses';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Property-based fuzzing of every route of the served OpenAPI document (fast-check). Each generated request picks an
 * operation and sends a body built from its request schema with hostile mutations (wrong types, huge strings, deep
 * nesting, unicode and control characters, lone surrogates, numbers out of range or with many decimals, null, enum
 * look-alikes, raw bodies with duplicate keys or broken JSON), hostile query strings, headers and path ids.
 * Properties: no 5xx; every response carries X-Request-Id; every error has the specification's envelope; every
 * response agrees with the document (status declared, body validates); no batch made only of refused requests and
 * reads changed a row of any table; and in a batch where valid and refused writes interleave, no more transactions
 * left rows than writes succeeded (a refusal leaves none). Dates span the accepted range (1800–2199) and beyond.
 *
 * FUZZ_RUNS (default 10,000) sets the number of requests, FUZZ_SEED replays a run (the seed is printed).
 * Requests go 8 at a time to one app listening on a port.
 */

type Node = Record<string, any>;
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.FUZZ_SEED);
const IN_FLIGHT = 8;
const REPORT_ALL = process.env.FUZZ_REPORT_ALL === '1';
const METHODS: Method[] = ['get', 'put', 'post', 'delete', 'patch'];
/** Rows these tables hold on a refusal by design: a domain refusal's stored idempotent answer (contract §3.2). */
const WRITTEN_ON_REFUSAL = new Set(['idempotency_keys', 'mikro_orm_migrations']);

interface Operation {
  template: string;
  method: Method;
  op: Node;
}

interface FuzzRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// hostile values

const lookAlikes = (value: string): fc.Arbitrary<string> =>
  fc.constantFrom(value.toUpperCase(), ` ${value}`, `${value} `, `${value}\u0000`, value.replace(/a/g, '\u0430').replace(/o/g, '\u043e'), `${value}\u200b`, value.slice(0, -1), `${value}s`);

const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('', ' ', '\u0000', '\u0000abc', '\ud800', '\udfff', 'a\ud800b', '\u202eevil', '\ufeff', '\u200b', '\r\n', '\\', '"', "'; drop table cases; --", '%00', '../../etc/passwd', '{{7*7}}', '${jndi:x}', '<script>', 'null', 'true', '0', '-1', 'NaN', 'Infinity', '1e400', '9'.repeat(40), '2026-02-30', '2026-13-01', '0000-00-00', '+275760-09-13', '2026-09-01T25:00:00.000Z', '2026-09-01', 'a@b', 'x'.repeat(201), 'x'.repeat(10_001)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: 
  fc.integer({ min: 10_001, max: 120_000 }).map((n) => 'é'.repeat(n)) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, 1e21, 1e15, 999_999_999_999.99, 1_000_000_000_000, -1_000_000_000_000, 0.1 + 0.2, 1.005, 123.456789, -0, 5e-324, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 101, -1),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const deep = fc.integer({ min: 20, max: 2_000 }).chain((depth) =>
  fc.constantFrom('array', 'object').map((kind) => {
    let value: unknown = 1;
    for (let level = 0; level < depth; level++) value = kind === 'array' ? [value] : { a: value };
    return value;
  }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, [], {}, [null], { __proto__: 1 }, { constructor: { prototype: 1 } }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * Dates across the whole range the API accepts (contract §3.1: 1800-01-01 to 2199-12-31), its edges, and beyond it to
 * the ends of what `YYYY-MM-DD` can write (issue 18: 9999-12-31 was a 500 the old 1900–2100 range never sent).
 */
const dateText = (min: string, max: string) => fc.date({ min: new Date(`${min}T00:00:00.000Z`), max: new Date(`${max}T00:00:00.000Z`), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const anyDate: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: dateText('1800-01-01', '2199-12-31') },
  { weight: 1, arbitrary: fc.constantFrom('1800-01-01', '2199-12-31', '1799-12-31', '2200-01-01', '0001-01-01', '9999-12-31', '2199-02-28', '1800-02-28') },
  { weight: 1, arbitrary: dateText('0001-01-01', '9999-12-31') },
);

// ---------------------------------------------------------------------------------------------------------------
// values from the document's schemas

function resolve(doc: Node, schema: Node | undefined): Node {
  let node = schema ?? {};
  for (let hops = 0; typeof node.$ref === 'string' && hops < 10; hops++) node = node.$ref.slice(2).split('/').reduce((at: Node, part: string) => at?.[part], doc);
  if (node.allOf?.length === 1) return { ...resolve(doc, node.allOf[0]), ...node, allOf: undefined };
  return node;
}

const stringEnum = (node: Node): string[] => ((node.enum ?? node.items?.enum ?? []) as unknown[]).filter((value): value is string => typeof value === 'string' && value.length > 0);

/** A value the schema accepts (mostly), with hostile values mixed in at `rate`. */
function fromSchema(doc: Node, schema: Node | undefined, depth = 0, hostile = true): fc.Arbitrary<unknown> {
  const node = resolve(doc, schema);
  const plain = plainFromSchema(doc, node, depth, hostile);
  if (!hostile) return plain;
  return fc.oneof({ weight: 6, arbitrary: plain }, { weight: 1, arbitrary: hostileValue }, ...(stringEnum(node).length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...stringEnum(node)).chain(lookAlikes) }] : []));
}

/** A value of the schema; with `hostile`, its members may be hostile (see fromSchema). */
function plainFromSchema(doc: Node, node: Node, depth: number, hostile = true): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  const members = (node.anyOf ?? node.oneOf) as Node[] | undefined;
  if (members) return fc.oneof(...members.map((member) => fromSchema(doc, member, depth + 1, hostile)));
  if (node.enum) return fc.constantFrom(...(node.enum as unknown[]));
  const type = Array.isArray(node.type) ? node.type.filter((t: string) => t !== 'null')[0] : node.type;
  switch (type) {
    case 'string':
      if (node.format === 'date') return anyDate;
      if (node.format === 'date-time') return fc.date({ min: new Date('1800-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
      if (node.format === 'email') return fc.emailAddress();
      if (typeof node.pattern === 'string') return fc.stringMatching(new RegExp(node.pattern)).filter((text) => text.length <= (node.maxLength ?? 200));
      return fc.string({ minLength: node.minLength ?? 0, maxLength: Math.min(node.maxLength ?? 40, 60) });
    case 'integer':
      return fc.integer({ min: Math.max(node.minimum ?? -1000, -1e9), max: Math.min(node.maximum ?? 100_000, 1e9) });
    case 'number':
      return fc.integer({ min: -100_000, max: 100_000 }).map((cents) => Math.min(Math.max(cents / 100, node.minimum ?? -Infinity), node.maximum ?? Infinity));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(doc, node.items, depth + 1, hostile), { minLength: node.minItems ?? 0, maxLength: Math.max(3, node.minItems ?? 0) });
    case 'object':
    default:
      if (!node.properties) return hostile ? fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 2 }) : fc.constant({});
      return objectFromSchema(doc, node, depth, hostile);
  }
}

function objectFromSchema(doc: Node, node: Node, depth: number, hostile: boolean): fc.Arbitrary<Node> {
  const properties = node.properties as Node;
  const required = new Set<string>(node.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = fromSchema(doc, property, depth + 1, hostile);
  const record = fc.record(model, { requiredKeys: Object.keys(model).filter((key) => required.has(key)) });
  if (!hostile) return record as fc.Arbitrary<Node>;
  return fc
    .tuple(
      record,
      // unknown and read-only-looking fields now and then
      fc.option(fc.dictionary(fc.constantFrom('id', 'case_id', 'created_at', 'unknown_field', '__proto__', 'constructor', 'ssn '), hostileValue, { maxKeys: 2 }), { freq: 8 }),
    )
    .map(([record, extra]) => ({ ...record, ...(extra ?? {}) }));
}

// ---------------------------------------------------------------------------------------------------------------
// whole requests

/** JSON texts that are broken, or valid but no resource, whatever the schema (built once: some are megabytes long). */
const brokenJsonTexts = fc.constantFrom('', '{', '{"a":}', '[', 'nul', '{"a":1,}', "{'a':1}", '\ufeff{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a":1e400}', '{"a":-1e400}', '{"a":0.1e-400}', '{"__proto__":{"x":1}}', '{"a":"\\uZZZZ"}', '"just a string"', '123', 'null', 'true', '[]', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, `{"a":"${'x'.repeat(1_100_000)}"}`);
const binaryText = fc.string({ unit: 'binary', maxLength: 60 });

/** Raw JSON texts no serializer would produce. */
function rawBodies(valid: unknown): fc.Arbitrary<string> {
  const text = JSON.stringify(valid ?? {});
  const key = typeof valid === 'object' && valid && !Array.isArray(valid) ? Object.keys(valid)[0] : undefined;
  return fc.oneof(
    hostileValue.map((value) => (key ? `{"${key}":${JSON.stringify(value) ?? 'null'},${text.slice(1)}` : `{"a":1,"a":${JSON.stringify(value) ?? 'null'}}`)),
    brokenJsonTexts,
    fc.constant(text.replace(/"(\w+)":/, '"$1":null,"$1":')),
    binaryText,
  );
}

const hostileId = fc.oneof(
  fc.constantFrom('0', '-1', 'null', 'undefined', '01JZZZZZZZZZZZZZZZZZZZZZZZ', '01jd8x6q6b7j5v3k2m1n0p9r8s', '00000000-0000-0000-0000-000000000000', '%00', '%ff', '%2F', '%2e%2e', 'a%20b', '%E2%80%AE', "1'or'1'='1", 'x'.repeat(300), '1e3', '{case_id}'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
);

const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), maxLength: 300 });

/** One arbitrary per operation, built once (building them per request costs more than sending it). */
function requestArbitrary(doc: Node, operations: Operation[], fixtures: DocumentFixtures, callers: TestCaller[]): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...operations.map((operation) => operationArbitrary(doc, operation, fixtures, callers)));
}

function operationArbitrary(doc: Node, { template, method, op }: Operation, fixtures: DocumentFixtures, callers: TestCaller[]): fc.Arbitrary<FuzzRequest> {
  {
    const parameters = (op.parameters ?? []) as Node[];
    const queryParams = parameters.filter((parameter) => parameter.in === 'query');
    const media = (op.requestBody?.content ?? {}) as Node;
    const bodySchema = (media['application/json'] ?? media['application/merge-patch+json'])?.schema as Node | undefined;
    const segments = template.split('/').filter((segment) => /^\{.+\}$/.test(segment));

    const url = fc
      .tuple(
        // One id in five is hostile: most requests should get past the lookup to the route's own checks.
        fc.array(fc.nat(4).map((n) => n === 0), { minLength: segments.length, maxLength: segments.length }),
        fc.array(hostileId, { minLength: segments.length, maxLength: segments.length }),
      )
      .map(([mutate, ids]) => {
        let at = 0;
        return template
          .split('/')
          .map((segment, position, all) => {
            if (!/^\{.+\}$/.test(segment)) return segment;
            const i = at++;
            if (mutate[i]) return ids[i];
            return fixtures.ids.get(all.slice(0, position).join('/')) ?? ids[i];
          })
          .join('/');
      });

    const declared = fc.record(
      Object.fromEntries(
        queryParams.map((parameter) => [
          parameter.name as string,
          fc.oneof({ weight: 3, arbitrary: fromSchema(doc, parameter.schema) }, { weight: 1, arbitrary: fc.array(fromSchema(doc, parameter.schema?.items ?? parameter.schema), { minLength: 2, maxLength: 3 }) }),
        ]),
      ),
      { requiredKeys: [] },
    );
    const query = fc
      .tuple(
        declared,
        fc.array(fc.tuple(fc.constantFrom('page', 'per_page', 'cursor', 'sort_by', 'sort_order', 'format', 'unknown', 'status[]', 'a[b]', '__proto__'), hostileString.filter((s) => s.length < 500)), { maxLength: 2 }),
      )
      .map(([chosen, extra]) => {
        const search = new URLSearchParams();
        for (const [name, value] of [...Object.entries(chosen), ...extra] as Array<[string, unknown]>) {
          for (const one of Array.isArray(value) ? value : [value]) search.append(name, (typeof one === 'string' ? one : JSON.stringify(one) ?? '').slice(0, 1_000));
        }
        return search.toString();
      });

    const body: fc.Arbitrary<string | undefined> = bodySchema
      ? fc.oneof(
          { weight: 3, arbitrary: fromSchema(doc, bodySchema).map((value) => JSON.stringify(value)) },
          // Valid bodies reach the domain rules; one hostile field among valid ones finds the check that is missing.
          { weight: 3, arbitrary: fromSchema(doc, bodySchema, 0, false).map((value) => JSON.stringify(value)) },
          {
            weight: 2,
            arbitrary: fc
              .tuple(fromSchema(doc, bodySchema, 0, false), fc.constantFrom(...fieldsOrAny(resolve(doc, bodySchema))), hostileValue)
              .map(([value, key, bad]) => JSON.stringify({ ...(value as Node), [key]: bad })),
          },
          { weight: 2, arbitrary: plainFromSchema(doc, resolve(doc, bodySchema), 0).chain(rawBodies) },
          { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null') },
          { weight: 1, arbitrary: fc.constant(undefined) },
        )
      : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawBodies({}) });

    const contentType = bodySchema
      ? fc.oneof(
          { weight: 8, arbitrary: fc.constant(method === 'patch' ? 'application/merge-patch+json' : 'application/json') },
          { weight: 1, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json-patch+json', 'APPLICATION/JSON', '') },
        )
      : fc.constantFrom('application/json', 'text/plain', '');

    // Each header is sent one time in five (a random If-Match would otherwise stop most valid writes at 412).
    const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
    const headers = fc
      .record(
        {
          'If-Match': fc.oneof(fc.constantFrom('*', '"stale"', 'W/"1"', '""', '"1", "2"'), headerText),
          'If-None-Match': fc.oneof(fc.constantFrom('*', '"stale"', 'W/"1"'), headerText),
          'Idempotency-Key': fc.oneof(fc.uuid(), headerText),
          'X-Request-Id': headerText,
          Accept: fc.constantFrom('application/json', 'text/csv', 'text/calendar', '*/*', 'text/html', 'application/xml'),
          Authorization: fc.constantFrom('Bearer', 'Bearer ', 'Basic abc', 'Bearer edk_x', 'bearer x'),
        },
        { requiredKeys: [] },
      )
      .chain((chosen) => fc.record(Object.fromEntries(Object.entries(chosen).map(([name, value]) => [name, sometimes(fc.constant(value))]))))
      .map((chosen) => Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined)) as Record<string, string>);

    return fc
      .record({ caller: fc.integer({ min: 0, max: callers.length - 1 }), url, query, body, contentType, headers, rareAuth: fc.integer({ min: 0, max: 19 }) })
      .map(({ caller, url: path, query: search, body: text, contentType: type, headers: extra, rareAuth }) => {
        const all: Record<string, string> = { ...extra, Authorization: rareAuth === 0 && extra.Authorization ? extra.Authorization : `Bearer ${callers[caller].token}` };
        // No DELETE may succeed (the rest of the run needs the fixtures, and `…/persons/%2e%2e` is the case itself once
        // the URL is resolved): every DELETE carries an If-Match that matches nothing.
        if (method === 'delete' && (!all['If-Match'] || all['If-Match'].includes('*'))) all['If-Match'] = '"stale"';
        // fetch cannot send a body with GET.
        const sentBody = method === 'get' ? undefined : text;
        if (sentBody !== undefined && type) all['Content-Type'] = type;
        // The URL as it goes on the wire (`%2e%2e` is resolved by the URL parser), its query kept under Node's 16 KB
        // header limit (past it the HTTP parser answers 431 before the application sees the request).
        const wire = new URL(`http://host${path}`);
        let query = search;
        while (query.length > 4_000) query = query.slice(0, query.lastIndexOf('&') > 0 ? query.lastIndexOf('&') : 4_000);
        return { method, url: `${wire.pathname}${query ? `?${query}` : ''}`, headers: all, body: sentBody };
      });
  }
}

/** A body schema's fields, for a hostile value among valid ones; `x` for a body of no fields (an action route's). */
function fieldsOrAny(schema: Node): string[] {
  const fields = Object.keys(schema.properties ?? {});
  return fields.length > 0 ? fields : ['x'];
}

/** One request in a line of reasonable length. */
function show(request: FuzzRequest): string {
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);
  return `${request.method.toUpperCase()} ${cut(request.url, 160)} headers ${cut(JSON.stringify(request.headers), 240)} body ${request.body === undefined ? 'none' : cut(JSON.stringify(request.body), 240)}`;
}

// ---------------------------------------------------------------------------------------------------------------

describe('fuzz: every route of the OpenAPI document under hostile input (e2e)', () => {
  let t: TestApp;
  let doc: Node;
  let checker: OpenApiResponses;
  let fixtures: DocumentFixtures;
  let callers: TestCaller[];
  let base: string;
  let tableNames: string[];
  // No background processor may move a transfer, an email or a webhook delivery while snapshots are compared, and no
  // cron job may run: the deadline scheduler's tick (every ten minutes by the clock) writes `deadline.overdue` for the
  // past-due deadlines earlier batches created, which would read as a write by whichever batch it fell in.
  const quiet = ['TRANSFER_PROCESSOR', 'PROVIDER_PROCESSOR', 'WEBHOOK_DISPATCHER', 'SCHEDULER'];
  const saved = Object.fromEntries(quiet.map((name) => [name, process.env[name]]));

  beforeAll(async () => {
    for (const name of quiet) process.env[name] = 'off';
    t = await createTestApp({ rateLimits: { pro: 1_000_000, enterprise: 1_000_000 } });
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const owner = await t.invite('enterprise');
    // One request in eight comes from another organization (pro tier) with the owner's ids.
    callers = [...Array(7).fill(owner), await t.invite('pro')];
    doc = (await t.http().get('/v1/openapi.json').expect(200)).body;
    checker = new OpenApiResponses(doc);
    fixtures = await createDocumentFixtures(t, doc, owner);
    tableNames = (await t.sql<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`))
      .map(({ name }) => name)
      .filter((name) => !WRITTEN_ON_REFUSAL.has(name));
  });
  afterAll(async () => {
    await t.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  interface Snapshot {
    /** Every table's row count and newest row version (an insert, update or delete changes it), by table. */
    tables: Map<string, string>;
    /** The transaction id the next writing transaction will get. */
    next: number;
    /** The database clock when it was taken (ISO 8601). */
    at: string;
  }

  const NEXT_XID = `select '~next' as name, (pg_snapshot_xmax(pg_current_snapshot())::text::bigint % 4294967296)::text as v union all select '~at', to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

  /** One scan of every table (and the next transaction id), in one round trip without parameters. */
  async function snapshot(): Promise<Snapshot> {
    // A user's last_seen_at is written by any authenticated call (at most once a minute, by design): users are compared
    // on every other column.
    const stateOf = (name: string) =>
      name === 'users'
        ? `count(*) || ':' || coalesce(md5(string_agg(concat_ws(',', id, role, status, first_name, last_name, updated_at, revoked_at), '|' order by id)), '')`
        : `count(*) || ':' || coalesce(max(xmin::text::bigint), 0)`;
    const union = tableNames.map((name) => `select '${name}' as name, ${stateOf(name)} as v from "${name}"`).join(' union all ');
    const rows = await t.sql<{ name: string; v: string }>(`${union} union all ${NEXT_XID}`);
    const tables = new Map(rows.map(({ name, v }) => [name, v]));
    const next = Number(tables.get('~next'));
    const at = tables.get('~at') as string;
    tables.delete('~next');
    tables.delete('~at');
    return { tables, next, at };
  }

  const changedTables = (before: Snapshot, after: Snapshot) => [...after.tables.keys()].filter((name) => after.tables.get(name) !== before.tables.get(name));
  const describeTables = (snap: Snapshot, names: string[]) => names.map((name) => `${name}:${snap.tables.get(name)}`).join(',');

  /**
   * The transactions, committed since `before`, whose rows are there now, read from the tables that changed only.
   * A refused request rolls back, so its transaction leaves no row behind; a write that succeeded leaves its one
   * transaction. More writing transactions than successful writes means a refusal wrote.
   */
  async function writersSince(before: Snapshot, tables: string[]): Promise<number[]> {
    if (tables.length === 0) return [];
    // A user's last_seen_at touch (any authenticated call, by design) is a transaction of its own that changes no other
    // column: a users row counts as written only when its updated_at moved too.
    const since = (name: string) => (name === 'users' ? ` and updated_at >= '${before.at}'` : '');
    const union = tables.map((name) => `select distinct xmin::text::bigint as x from "${name}" where xmin::text::bigint >= ${before.next}${since(name)}`).join(' union ');
    return (await t.sql<{ x: string }>(union)).map(({ x }) => Number(x));
  }

  async function send(request: FuzzRequest): Promise<{ status: number; headers: Headers; text: string }> {
    const res = await fetch(`${base}${request.url}`, { method: request.method.toUpperCase(), headers: request.headers, body: request.body, redirect: 'manual' });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  function problemsOf(request: FuzzRequest, res: { status: number; headers: Headers; text: string }): string[] {
    const problems: string[] = [];
    if (res.status >= 500) problems.push(`status ${res.status}: ${res.text.slice(0, 300)}`);
    if (!res.headers.get('x-request-id')) problems.push('no X-Request-Id');
    if (res.status >= 400) {
      let body: Node | undefined;
      try {
        body = JSON.parse(res.text);
      } catch {
        problems.push(`error body is not JSON: ${res.text.slice(0, 100)}`);
      }
      const error = body?.error as Node | undefined;
      const envelope =
        body &&
        Object.keys(body).length === 1 &&
        error &&
        typeof error.code === 'string' &&
        /^[a-z_]+$/.test(error.code) &&
        typeof error.message === 'string' &&
        Object.keys(error).every((key) => ['code', 'message', 'details', 'doc_url'].includes(key)) &&
        typeof error.doc_url === 'string' &&
        error.doc_url.endsWith(`/v1/docs#error-${error.code}`) &&
        (error.details === undefined ||
          (Array.isArray(error.details) &&
            error.details.length > 0 &&
            error.details.every((d: Node) => typeof d.field === 'string' && typeof d.message === 'string' && (DETAIL_REASONS as readonly string[]).includes(d.reason))));
      if (body && !envelope) problems.push(`error body is not the envelope: ${res.text.slice(0, 200)}`);
    }
    const path = request.url.split('?')[0];
    if (checker.templateOf(path)) {
      for (const violation of checker.check(request.method, request.url, res.status, res.headers.get('content-type') ?? undefined, res.text)) problems.push(`document: ${violation.problem}`);
    }
    return problems;
  }

  it(`${RUNS} generated requests: no 5xx, the envelope and X-Request-Id on every error, 2xx bodies as documented, no write left by a refusal`, async () => {
    const operations: Operation[] = Object.entries(doc.paths as Node).flatMap(([template, item]) => METHODS.filter((method) => item[method]).map((method) => ({ template, method, op: item[method] as Node })));
    expect(operations.length).toBeGreaterThan(90);
    const statuses = new Map<number, number>();
    let sent = 0;
    let checkedBatches = 0;
    let mixedBatches = 0;
    let writersSeen = 0;
    const spent = { snapshot: 0, requests: 0 };
    // eslint-disable-next-line no-console
    console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (replay with FUZZ_SEED=${SEED})`);
    const started = Date.now();
    const found: string[] = [];
    // Batches run one after another and nothing else writes meanwhile: each batch's "after" is the next one's "before".
    let before: Snapshot | undefined;
    const details = await fc.check(
      fc.asyncProperty(fc.array(requestArbitrary(doc, operations, fixtures, callers), { minLength: IN_FLIGHT, maxLength: IN_FLIGHT }), async (batch) => {
        let clock = Date.now();
        before ??= await snapshot();
        spent.snapshot += Date.now() - clock;
        clock = Date.now();
        const answers = await Promise.all(batch.map(send));
        spent.requests += Date.now() - clock;
        sent += batch.length;
        const problems = batch.flatMap((request, i) => problemsOf(request, answers[i]).map((problem) => `${show(request)} -> ${answers[i].status}: ${problem}`));
        for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
        clock = Date.now();
        const after = await snapshot();
        const changed = changedTables(before, after);
        spent.snapshot += Date.now() - clock;
        const listed = () => batch.map((r, i) => `${show(r)} -> ${answers[i].status}`).join('\n  ');
        const writes = batch.filter((request, i) => request.method !== 'get' && answers[i].status < 400).length;
        const refusals = answers.filter((answer) => answer.status >= 400).length;
        if (writes === 0) {
          checkedBatches += 1;
          if (changed.length > 0) problems.push(`a batch of refusals and reads changed rows: ${listed()}\nbefore ${describeTables(before, changed)}\nafter  ${describeTables(after, changed)}`);
        } else {
          // Valid and refused writes interleaved: the refused ones must leave no transaction behind.
          clock = Date.now();
          const writers = await writersSince(before, changed);
          spent.snapshot += Date.now() - clock;
          if (refusals > 0) mixedBatches += 1;
          writersSeen += writers.length;
          if (writers.length > writes) problems.push(`${writers.length} transactions wrote rows (${changed.join(', ')}) for ${writes} successful write(s): a refusal wrote: ${listed()}`);
        }
        before = after;
        found.push(...problems);
        // FUZZ_REPORT_ALL=1 keeps going to list every problem of the run; by default the first batch with one stops it.
        return problems.length === 0 || REPORT_ALL;
      }),
      { seed: SEED, numRuns: Math.ceil(RUNS / IN_FLIGHT), endOnFailure: true },
    );
    // fast-check's own report would print the whole batch (bodies of a megabyte); ours is short and names the seed.
    if (details.failed || found.length > 0) {
      throw new Error(`fuzz found ${found.length} problem(s) — replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}:\n${[...new Set(found)].slice(0, 40).join('\n')}${details.errorInstance ? `\n${String(details.errorInstance)}` : ''}`);
    }
    const seconds = (Date.now() - started) / 1000;
    // eslint-disable-next-line no-console
    console.log(`fuzz: ${sent} requests in ${seconds.toFixed(1)} s; ${checkedBatches} batches of refusals and reads checked for no write, ${mixedBatches} mixed batches for no write by a refusal; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ms in snapshots ${spent.snapshot}, in requests ${spent.requests}`);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect(checkedBatches).toBeGreaterThan(0);
    expect(mixedBatches).toBeGreaterThan(0);
    // The writing transactions are seen at all (else the mixed-batch check could never fail).
    expect(writersSeen).toBeGreaterThan(0);
    // The generator reaches the server's logic, not only its gates.
    for (const status of [200, 201, 400, 404, 412, 415, 422]) expect({ status, seen: (statuses.get(status) ?? 0) > 0 }).toEqual({ status, seen: true });
  }, 600_000);
});
