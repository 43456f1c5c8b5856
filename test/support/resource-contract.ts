import { getMetadataStorage } from 'class-validator';
import type { Response, Test } from 'supertest';
import { CaseRecord, CaseResource, representationOf, StandardRoute, toSnakeCase } from '@estate/shared-kernel';
import { detailFields, expectError } from './api-assertions';
import {
  acceptedValue,
  Body,
  expectBadListParameters,
  expectCursorBoundToItsList,
  expectFilteredLists,
  expectListNotModified,
  expectPagedList,
  expectSortedList,
  expectUnknownListParameters,
  FilterCase,
  filterCase,
  filterRow,
  filterRowCount,
  ids,
  InvalidBody,
  ISO_UTC,
  ListRequest,
  masked,
  mergedView,
  PatchStep,
  query,
  Sample,
  SENSITIVE_FIELDS,
  STRONG_ETAG,
  TIMESTAMPS,
  ULID,
  UNKNOWN_ID,
  View,
  viewOfBody,
} from './contract-checks';
import type { TestApp, TestCaller } from './test-app';

/**
 * The generic e2e contract of a case-scoped resource (contract §2–§6), run for any `caseResource({...})`
 * declaration: what the kernel promises every resource is tested once, here, and each resource's own suite then
 * tests only what is its own. Everything the code declares (path, id parameter, routes, filters, sorts, foreign-case
 * answers, parent, erasure on case deletion) is read from the declaration; the spec adds only what a test cannot
 * derive: valid bodies, the response fields, patches and their effect, invalid bodies, sample values.
 *
 *   describeResourceContract({ app: () => t, resource: personResource, fields: [...], create: () => ({...}), ... });
 */

export { UNSET } from './contract-checks';
export type { Body, InvalidBody, PatchStep, Sample } from './contract-checks';

export interface FilterSamples {
  /**
   * Values spread over the rows of the filter test; defaults by kind (enum: its first three values and UNSET). A
   * function when the values are records made in the test's case (the accounts a transfer filter names).
   */
  samples?: readonly Sample[] | ((t: TestApp, caller: TestCaller, place: { caseId: string; collection: string }) => Promise<readonly Sample[]>);
  /** The body fields that give a row a sample; by default `{ [field]: sample }`. */
  body?: (sample: unknown) => Body;
  /**
   * The column that holds the sample when no body can set it (an aggregate's status, moved only by its own rules):
   * the row is created from the plain body, the column set through SQL, and the record read back. Several columns
   * when the aggregate keeps the status more than once (a closure step's written and read status).
   */
  column?: string | readonly string[];
}

export interface ResourceContractSpec<T extends CaseRecord = CaseRecord> {
  /** The running app of the file (one `createTestApp()` per file). */
  app: () => TestApp;
  /** The declaration itself, imported from the code. */
  resource: CaseResource<T>;
  /**
   * Every field of the response, in any order: each is present in every response. By default the declaration's
   * representation (`representationOf`); stated only where a resource presents computed fields its schema lacks.
   */
  fields?: readonly string[];
  /** A minimal valid create body (the required fields); by default the declaration's `examples.minimal`. */
  create?: () => Body;
  /**
   * An alternative valid create body setting every writable field (masked ones in full); by default the declaration's
   * `examples.full`, else `create()`.
   */
  full?: () => Body;
  /** Server defaults of fields left out of the create body, beyond `false` for booleans, `[]` for arrays, `null` for the rest. */
  defaults?: Body;
  /**
   * At least two merge patches applied in turn to a record created from `full()`; each must change what it sends.
   * Optional on the read side, where the first one (if any) only shows a read's ETag following a change.
   */
  patches?: readonly [PatchStep, PatchStep, ...PatchStep[]];
  /**
   * `read` for an aggregate: its writes are its own rules (status moves, what a create needs), tested by its own
   * suite, so the contract runs only what every resource promises on the read side — lists (paging, sorts, filters,
   * bad parameters, 304), reads, the routes it leaves out, masking, foreign, unknown and deleted cases.
   */
  side?: 'all' | 'read';
  /**
   * How a record is made when a plain `POST` of a body cannot (a transfer needs accounts and must end before the
   * next one starts): given the body fields a test wants, it returns the record's view as read back.
   */
  seed?: (t: TestApp, caller: TestCaller, place: { caseId: string; collection: string }, overrides: Body) => Promise<Record<string, any>>;
  /** Invalid create bodies beyond those derived (missing required field, unknown, read-only, wrongly typed boolean). */
  invalidCreates?: readonly InvalidBody[];
  /** Invalid patches beyond those derived (read-only, unknown, `null` on required, wrongly typed boolean). */
  invalidPatches?: readonly InvalidBody[];
  /** Per declared filter, how to give rows different values (optional where the defaults fit). */
  filters?: Record<string, FilterSamples>;
  /**
   * Per declared sort that is not a timestamp, values for seven rows with at least one tie, whose order is the same
   * in PostgreSQL's collation and in JavaScript's `<` (plain ASCII words, numbers, ISO dates).
   */
  sortValues?: Record<string, readonly unknown[]>;
  /**
   * Per sort of a computed field (a business's `interest_value`), the body fields that give a row that value; by
   * default `{ [sort]: value }`.
   */
  sortBodies?: Record<string, (value: unknown) => Body>;
  /**
   * Read-only fields the server recomputes on every write (a bank account's `instant_transfer` with its
   * `evaluated_at`): a patch check takes their value as answered, unless a step's `effect` names them.
   */
  computed?: readonly string[];
  /**
   * Full values of the masked fields (contract §3.2), set on create and checked masked in every response; by default
   * their values in the full body.
   */
  masked?: Record<string, string>;
  /** For a nested resource: creates the parent in the case and returns its id. */
  parent?: { create: (t: TestApp, caller: TestCaller, caseId: string) => Promise<string> };
  /** What a create needs in its case first (a probate case before a filing): made in every case the contract opens. */
  caseNeeds?: (t: TestApp, caller: TestCaller, caseId: string) => Promise<void>;
}

/** A well-formed ULID that names no case. */
const UNKNOWN_CASE_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const ALL_ROUTES: readonly StandardRoute[] = ['list', 'create', 'read', 'patch', 'delete'];
const COLLECTION_ROUTES: readonly StandardRoute[] = ['list', 'create'];
const METHOD: Record<StandardRoute, 'get' | 'post' | 'patch' | 'delete'> = { list: 'get', create: 'post', read: 'get', patch: 'patch', delete: 'delete' };

/** A spec completed from its declaration's examples: the bodies, and the full values of the masked fields. */
function withDeclaredExamples<T extends CaseRecord>(spec: ResourceContractSpec<T>): ResourceContractSpec<T> & { create: () => Body } {
  const examples = spec.resource.examples;
  const create = spec.create ?? (examples ? () => ({ ...examples.minimal }) : undefined);
  if (!create) throw new Error(`${spec.resource.name}: spec.create is required where the declaration has no examples`);
  const full = spec.full ?? (examples ? () => ({ ...examples.full }) : create);
  const masked =
    spec.masked ??
    (full ? Object.fromEntries([...spec.resource.masked].filter((field) => typeof full()[field] === 'string').map((field) => [field, full()[field] as string])) : undefined);
  return { ...spec, create, full, masked };
}

/** Class-validator metadata of a DTO: fields without a conditional validation are required (`StringField({required})`). */
function validationOf(dto: new () => object): Map<string, Set<string>> {
  const byField = new Map<string, Set<string>>();
  for (const entry of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    const kinds = byField.get(entry.propertyName) ?? new Set<string>();
    kinds.add(entry.type === 'conditionalValidation' ? 'optional' : (entry.name ?? entry.type));
    byField.set(entry.propertyName, kinds);
  }
  return byField;
}

export function describeResourceContract<T extends CaseRecord>(given: ResourceContractSpec<T>): void {
  const spec = withDeclaredExamples(given);
  const resource = spec.resource;
  const table = (resource.schema.meta as { tableName?: string; collection?: string }).tableName ?? resource.schema.meta.collection;
  const validation = validationOf(resource.create);
  const createFields = resource.createFields;
  const required = createFields.filter((field) => !validation.get(field)?.has('optional'));
  const booleans = createFields.filter((field) => validation.get(field)?.has('isBoolean'));
  const arrays = createFields.filter((field) => validation.get(field)?.has('isArray'));
  /** The writable set of a PATCH: only these may be cleared or mistyped there (anything else is read-only). */
  const patchable = resource.patch ? [...validationOf(resource.patch).keys()] : [];
  const has = (route: StandardRoute) => resource.routes.has(route);
  const responseFields = spec.fields ?? representationOf(resource);
  const fieldList = [...responseFields].sort();
  const sensitive = createFields.filter((field) => SENSITIVE_FIELDS.includes(field));
  const nested = resource.parent !== undefined;
  const writes = (spec.side ?? 'all') === 'all';
  const full = spec.full ?? spec.create;
  // Present whenever a PATCH is tested (checked below); the read side sends the first one only if there is one.
  const patches = (spec.patches ?? []) as unknown as readonly [PatchStep, PatchStep, ...PatchStep[]];

  // A spec that forgets what its declaration needs fails at once, not silently skipping a check.
  for (const field of sensitive) if (!spec.masked?.[field]) throw new Error(`${resource.name}: spec.masked needs a full value for ${field}`);
  if (writes && patchable.length > 0 && patches.length < 2) throw new Error(`${resource.name}: spec.patches needs at least two steps`);
  if (nested && !spec.parent) throw new Error(`${resource.name} is nested under ${resource.parent?.param}: spec.parent.create is required`);
  if ((resource.path.match(/:[a-z_]+/g) ?? []).length > (nested ? 1 : 0)) throw new Error(`${resource.name}: only one parent level is supported`);

  describe(`${resource.path} — the resource contract (${resource.name})`, () => {
    let t: TestApp;
    let owner: TestCaller;
    let stranger: TestCaller;
    /** One case of the owner's organization for tests that need no list of their own. */
    let home: Place;
    /** Another case of the same organization. */
    let elsewhere: Place;

    interface Place {
      caseId: string;
      parentId?: string;
      collection: string;
    }

    const item = (place: Place, id: string) => `${place.collection}/${id}`;

    function placeOf(caseId: string, parentId?: string): Place {
      const path = resource.parent && parentId ? resource.path.replace(`:${resource.parent.param}`, parentId) : resource.path;
      return { caseId, parentId, collection: `/v1/cases/${caseId}/${path}` };
    }

    async function newCase(caller: TestCaller): Promise<Place> {
      const res = await t.http().post('/v1/cases').set(caller.auth).send({});
      expect(res.status).toBe(201);
      const caseId: string = res.body.data.id;
      await spec.caseNeeds?.(t, caller, caseId);
      return placeOf(caseId, spec.parent ? await spec.parent.create(t, caller, caseId) : undefined);
    }

    async function add(place: Place, body: Body = spec.create(), caller: TestCaller = owner): Promise<View> {
      if (spec.seed) return spec.seed(t, caller, place, body);
      const res = await t.http().post(place.collection).set(caller.auth).send(body);
      // Shows the error's details when a spec's body is not valid.
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      return res.body.data;
    }

    function call(route: StandardRoute, place: Place, id: string, caller: TestCaller = owner): Test {
      const url = COLLECTION_ROUTES.includes(route) ? place.collection : item(place, id);
      const request = t.http()[METHOD[route]](url).set(caller.auth);
      if (route === 'create') return request.send(spec.create());
      if (route === 'patch') return request.send((patches as readonly PatchStep[])[0]?.body ?? {});
      return request;
    }

    async function row(id: string): Promise<View | undefined> {
      return (await t.sql(`select * from ${table} where id = $1`, [id]))[0];
    }

    async function rowsOf(caseId: string): Promise<string[]> {
      return (await t.sql<{ id: string }>(`select id from ${table} where case_id = $1 order by id`, [caseId])).map((r) => r.id);
    }

    /** The columns of a JSON field: its property's column(s), or columns of an embedded object. */
    function columnsOf(field: string, sample: View): string[] {
      const property = Object.entries(resource.schema.meta.properties).find(([name]) => toSnakeCase(name) === field)?.[1] as
        | { fieldNames?: string[]; fieldName?: string }
        | undefined;
      const named = property?.fieldNames ?? (property?.fieldName ? [property.fieldName] : [field]);
      // Prefixed columns of an embedded object (`address_city`, `instant_transfer_evaluated_at`), but not another response
      // field's own column (`disposition` is not `disposition_details`).
      const otherFields = new Set(responseFields.filter((other) => other !== field));
      return Object.keys(sample).filter((column) => named.includes(column) || (column.startsWith(`${field}_`) && !otherFields.has(column)));
    }

    /** The row changed only in the columns of the fields sent (and its timestamps and version). */
    async function expectRowChangedOnly(before: View, id: string, fieldsSent: string[]): Promise<void> {
      const after = (await row(id)) as View;
      const allowed = new Set(['updated_at', 'version', ...[...fieldsSent, ...(spec.computed ?? [])].flatMap((field) => columnsOf(field, before))]);
      const changed = Object.keys(before).filter((column) => JSON.stringify(before[column]) !== JSON.stringify(after[column]));
      expect(changed.filter((column) => !allowed.has(column))).toEqual([]);
      for (const field of fieldsSent) {
        const columns = columnsOf(field, before);
        if (columns.length > 0) expect(columns.some((column) => changed.includes(column))).toBe(true);
      }
    }

    /** The answered values of the recomputed fields a patch step does not predict. */
    function recomputed(res: Response, effect: Body = {}): View {
      return Object.fromEntries((spec.computed ?? []).filter((field) => !(field in effect)).map((field) => [field, res.body.data[field]]));
    }

    /** What a create body reads back as: the body (masked), the defaults for what it leaves out. */
    function expectedCreated(body: Body): View {
      const expected: View = {};
      for (const field of createFields) {
        if (field in body) expected[field] = (viewOfBody({ [field]: body[field] }) as View)[field];
        else if (spec.defaults && field in spec.defaults) expected[field] = spec.defaults[field];
        else expected[field] = booleans.includes(field) ? false : arrays.includes(field) ? [] : null;
      }
      return expected;
    }

    /** The place's list, as the owner asks for it. */
    const listOf =
      (place: Place): ListRequest =>
      (params) =>
        t.http().get(`${place.collection}?${query(params)}`).set(owner.auth);

    async function listIds(place: Place, params: Array<[string, string]>): Promise<Response> {
      const res = await listOf(place)(params);
      expect(res.status).toBe(200);
      return res;
    }

    beforeAll(async () => {
      t = spec.app();
      [owner, stranger] = [await t.invite(), await t.invite()];
      home = await newCase(owner);
      elsewhere = await newCase(owner);
    });

    if (has('list')) {
      describe(`GET …/${resource.path}`, () => {
        it('page mode: only the case’s rows, newest first by default, exact meta, every field on every row', async () => {
          const place = await newCase(owner);
          const created: string[] = [];
          for (let i = 0; i < 5; i++) created.push((await add(place)).id);
          await add(await newCase(owner));
          if (spec.parent) await add(placeOf(place.caseId, await spec.parent.create(t, owner, place.caseId)));
          // Distinct creation times, so the default order (created_at desc) is known.
          for (let i = 0; i < 5; i++) await t.sql(`update ${table} set created_at = $2 where id = $1`, [created[i], `2026-01-0${i + 1}T00:00:00Z`]);
          await expectPagedList(listOf(place), [...created].reverse(), fieldList);
        });

        for (const sort of resource.sorts) {
          it(`sort_by=${sort}: asc and desc, ties on id, in page and cursor mode; a cursor is bound to its sort`, async () => {
            const place = await newCase(owner);
            const values = spec.sortValues?.[sort] ?? (sort.endsWith('_at') ? TIMESTAMPS : undefined);
            if (!values) throw new Error(`${resource.name}: spec.sortValues needs values for sort ${sort}`);
            // The check is only worth something with a tie to break.
            expect(new Set(values.map(String)).size).toBeLessThan(values.length);
            const rows: Array<{ id: string; value: unknown }> = [];
            // A field no body writes (derived on save) gets its values through SQL, as timestamps do.
            const bodySet = spec.sortValues?.[sort] !== undefined && (createFields.includes(sort) || spec.sortBodies?.[sort] !== undefined);
            for (const value of values) {
              if (bodySet) {
                const view = await add(place, { ...spec.create(), ...(spec.sortBodies?.[sort]?.(value) ?? { [sort]: value }) });
                rows.push({ id: view.id, value: view[sort] });
              } else {
                const id = (await add(place)).id;
                await t.sql(`update ${table} set ${sort} = $2 where id = $1`, [id, value]);
                rows.push({ id, value });
              }
            }
            // The rows carry the sorted values (timestamps set through SQL read back in ISO UTC).
            const readAs = (value: unknown) => (bodySet || !sort.endsWith('_at') ? value : new Date(String(value)).toISOString());
            await expectSortedList(listOf(place), sort, rows, { readAs, otherSort: resource.sorts.find((other) => other !== sort) });
          });
        }

        const filterNames = Object.keys(resource.filters);
        if (filterNames.length > 0) {
          it(`filters ${filterNames.join(', ')}: single and repeated values, combined, with exact counts`, async () => {
            const place = await newCase(owner);
            const filters: FilterCase[] = [];
            for (const name of filterNames) {
              const own = spec.filters?.[name];
              const samples = typeof own?.samples === 'function' ? await own.samples(t, owner, place) : own?.samples;
              filters.push(filterCase(name, resource.filters[name], { ...own, samples }));
            }
            const rows: View[] = [];
            for (let i = 0; i < filterRowCount(filters); i++) {
              const { body, columns } = filterRow(filters, i, spec.create());
              const view = await add(place, body);
              if (columns.length === 0) rows.push(view);
              else {
                const sets = columns.map(([column], index) => `${column} = $${index + 2}`).join(', ');
                await t.sql(`update ${table} set ${sets} where id = $1`, [view.id, ...columns.map(([, value]) => value)]);
                rows.push((await t.http().get(item(place, view.id)).set(owner.auth).expect(200)).body.data);
              }
            }
            await add(elsewhere);
            await expectFilteredLists(listOf(place), filters, rows);
          });
        }

        it('400 bad_request naming the parameter: cursor, sort_by, sort_order, page, per_page, each filter', async () => {
          await expectBadListParameters(listOf(home), resource, createFields);
        });

        it('400 bad_request for an unknown query parameter, naming each and the known one it most likely meant', async () => {
          await expectUnknownListParameters(listOf(home), resource.filters);
        });

        it('a cursor is bound to its list: on another case, or with other filters, it is 400 bad_request naming the cursor', async () => {
          const place = await newCase(owner);
          for (let i = 0; i < 3; i++) await add(place);
          const other = await newCase(owner);
          await add(other);
          const first = await listIds(place, [['per_page', '1'], ['cursor', '']]);
          const cursor: string = first.body.meta.next_cursor;
          expect(typeof cursor).toBe('string');
          expect((await listIds(place, [['per_page', '1'], ['cursor', cursor]])).body.data).toHaveLength(1);
          const misuses: Array<[ListRequest, Array<[string, string]>]> = [[listOf(other), []]];
          const [filterName, filter] = Object.entries(resource.filters)[0] ?? [];
          if (filterName && filter) misuses.push([listOf(place), [[filterName, acceptedValue(filter)]]]);
          await expectCursorBoundToItsList(cursor, misuses);
        });

        it('answers 304 for a matching If-None-Match on the list, 200 once it changed', async () => {
          const place = await newCase(owner);
          await add(place);
          await expectListNotModified(listOf(place), () => add(place), 2);
        });
      });
    }

    if (writes && has('create')) {
      describe(`POST …/${resource.path}`, () => {
        it('201 with defaults: booleans false, arrays empty, unset fields null, every field present; the row is stored', async () => {
          const place = await newCase(owner);
          const body = spec.create();
          const res = await t.http().post(place.collection).set(owner.auth).send(body);
          expect(res.status).toBe(201);
          expect(res.headers.etag).toMatch(STRONG_ETAG);
          const data: View = res.body.data;
          expect(Object.keys(data).sort()).toEqual(fieldList);
          expect(data.id).toMatch(ULID);
          expect(data).toMatchObject(expectedCreated(body));
          expect(data.created_at).toMatch(ISO_UTC);
          expect(data.updated_at).toMatch(ISO_UTC);
          const stored = (await row(data.id)) as View;
          expect(stored).toBeDefined();
          expect(stored.case_id).toBe(place.caseId);
          if (resource.parent) expect(stored[toSnakeCase(resource.parent.property)]).toBe(place.parentId);
          // Plain columns hold what the response says (masked and computed fields aside).
          for (const [field, value] of Object.entries(expectedCreated(body))) {
            if (sensitive.includes(field) || !(field in stored)) continue;
            if (value === null || typeof value === 'boolean' || (typeof value === 'string' && typeof stored[field] === 'string')) expect([field, stored[field]]).toEqual([field, value]);
          }
          expect(await rowsOf(place.caseId)).toEqual([data.id]);
        });

        it('201 with every field set; reading it back gives the same', async () => {
          const body = full();
          const res = await t.http().post(home.collection).set(owner.auth).send(body);
          expect(res.status).toBe(201);
          expect(res.body.data).toMatchObject(expectedCreated(body));
          expect(Object.keys(res.body.data).sort()).toEqual(fieldList);
          if (has('read')) {
            const read = await t.http().get(item(home, res.body.data.id)).set(owner.auth).expect(200);
            expect(read.body.data).toEqual(res.body.data);
          }
        });

        it('422 validation_error with details for missing, unknown, read-only and wrongly typed fields; nothing written', async () => {
          const place = await newCase(owner);
          const base = spec.create();
          const invalid: InvalidBody[] = [
            ...required.map((field) => {
              const { [field]: _left, ...rest } = base;
              return { body: rest, fields: [field], reason: 'required' };
            }),
            ...required.map((field) => ({ body: { ...base, [field]: null }, fields: [field], reason: 'required' })),
            { body: { ...base, favourite_colour: 'green' }, fields: ['favourite_colour'], reason: 'unknown_field' },
            { body: { ...base, id: UNKNOWN_ID, case_id: place.caseId }, fields: ['case_id', 'id'], reason: 'unknown_field' },
            { body: { ...base, created_at: '2020-01-01T00:00:00.000Z' }, fields: ['created_at'], reason: 'unknown_field' },
            ...booleans.map((field) => ({ body: { ...base, [field]: 'yes' }, fields: [field], reason: 'type' })),
            ...(spec.invalidCreates ?? []),
          ];
          for (const { body, fields, reason } of invalid) {
            const res = await t.http().post(place.collection).set(owner.auth).send(body);
            expectError(res, 422, 'validation_error');
            expect(detailFields(res).sort()).toEqual([...fields].sort());
            // A missing field says that it is required, not what type it would have had.
            if (reason === 'required') expect(res.body.error.details[0].message).toMatch(new RegExp(`^${fields[0]} is required`));
            if (reason) for (const detail of res.body.error.details) expect({ body, reason: detail.reason }).toEqual({ body, reason });
            expect(res.headers['x-request-id']).toBeTruthy();
          }
          expect(await rowsOf(place.caseId)).toEqual([]);
        });
      });
    }

    if (has('read')) {
      describe(`GET …/${resource.path}/{${resource.idParam}}`, () => {
        it('200 with the record and a strong ETag; 304 for a matching If-None-Match or *; 200 once it changed', async () => {
          const created = await add(home, full());
          const res = await t.http().get(item(home, created.id)).set(owner.auth);
          expect(res.status).toBe(200);
          expect(res.body.data).toEqual(created);
          expect(res.headers.etag).toMatch(STRONG_ETAG);
          for (const tag of [res.headers.etag, '*']) {
            const cached = await t.http().get(item(home, created.id)).set(owner.auth).set('If-None-Match', tag);
            expect(cached.status).toBe(304);
            expect(cached.headers.etag).toBe(res.headers.etag);
            expect(cached.text).toBeFalsy();
          }
          if (has('patch') && (patches as readonly PatchStep[]).length > 0) {
            await t.http().patch(item(home, created.id)).set(owner.auth).send(patches[0].body).expect(200);
            const changed = await t.http().get(item(home, created.id)).set(owner.auth).set('If-None-Match', res.headers.etag);
            expect(changed.status).toBe(200);
            expect(changed.headers.etag).not.toBe(res.headers.etag);
          }
        });

        it('404 for an unknown id, a malformed id, and a record of another case of the same organization', async () => {
          const other = await add(elsewhere);
          const unknown = await t.http().get(item(home, UNKNOWN_ID)).set(owner.auth);
          expectError(unknown, 404, 'not_found');
          expect(unknown.headers['x-request-id']).toBeTruthy();
          expectError(await t.http().get(item(home, 'not-an-id')).set(owner.auth), 404, 'not_found');
          expectError(await t.http().get(item(home, other.id)).set(owner.auth), 404, 'not_found');
          await t.http().get(item(elsewhere, other.id)).set(owner.auth).expect(200);
        });
      });
    }

    if (writes && has('patch')) {
      describe(`PATCH …/${resource.path}/{${resource.idParam}}`, () => {
        it('merge patch (application/json, then application/merge-patch+json): only the fields sent change', async () => {
          const created = await add(home, full());
          let current: View = created;
          let etag = (await t.http().get(item(home, created.id)).set(owner.auth).expect(200)).headers.etag as string;
          for (const [index, step] of patches.entries()) {
            const expected = mergedView(current, step.effect ?? step.body) as View;
            // Each step must change something it sends, or it proves nothing.
            expect(Object.keys(step.body).some((field) => JSON.stringify(expected[field]) !== JSON.stringify(current[field]))).toBe(true);
            const before = (await row(created.id)) as View;
            const request = t.http().patch(item(home, created.id)).set(owner.auth);
            const res =
              index === 0
                ? await request.send(step.body)
                : await request.set('Content-Type', 'application/merge-patch+json').send(JSON.stringify(step.body));
            expect(res.status).toBe(200);
            expect(res.body.data).toEqual({ ...expected, ...recomputed(res, step.effect), updated_at: res.body.data.updated_at });
            expect(res.body.data.updated_at).toMatch(ISO_UTC);
            expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(current.updated_at));
            expect(res.headers.etag).toMatch(STRONG_ETAG);
            expect(res.headers.etag).not.toBe(etag);
            await expectRowChangedOnly(before, created.id, Object.keys(step.body));
            const read = await t.http().get(item(home, created.id)).set(owner.auth).expect(200);
            expect(read.body.data).toEqual(res.body.data);
            [current, etag] = [res.body.data, res.headers.etag];
          }
        });

        const clearable = patchable.filter((field) => !required.includes(field) && expectedCreated({})[field] === null);
        it(`null clears an optional field (${clearable.join(', ') || 'none'}); null on a required one is a 422, row unchanged`, async () => {
          const created = await add(home, full());
          let current: View = created;
          for (const field of clearable) {
            if (current[field] === null) continue;
            const before = (await row(created.id)) as View;
            const res = await t.http().patch(item(home, created.id)).set(owner.auth).send({ [field]: null });
            expect(res.status).toBe(200);
            expect(res.body.data).toEqual({ ...current, ...recomputed(res), [field]: null, updated_at: res.body.data.updated_at });
            await expectRowChangedOnly(before, created.id, [field]);
            for (const column of columnsOf(field, before)) expect(((await row(created.id)) as View)[column]).toBeNull();
            current = res.body.data;
          }
          const before = await row(created.id);
          for (const field of required) {
            const refused = await t.http().patch(item(home, created.id)).set(owner.auth).send({ [field]: null });
            expectError(refused, 422, 'validation_error');
            expect(detailFields(refused)).toEqual([field]);
            // A required field a patch may change says it is required (null clears, so it would be missing); one fixed at
            // creation is not writable at all.
            if (patchable.includes(field)) expect(refused.body.error.details[0]).toMatchObject({ message: expect.stringMatching(new RegExp(`^${field} is required`)), reason: 'required' });
            else expect(refused.body.error.details[0]).toMatchObject({ message: `${field} is not a writable field of this resource`, reason: 'unknown_field' });
          }
          expect(await row(created.id)).toEqual(before);
        });

        it('422 with details for read-only, unknown and wrongly typed fields; the row is unchanged', async () => {
          const created = await add(home);
          const before = await row(created.id);
          const [firstField, firstValue] = Object.entries(patches[0].body)[0];
          const invalid: InvalidBody[] = [
            { body: { id: UNKNOWN_ID }, fields: ['id'] },
            { body: { case_id: elsewhere.caseId }, fields: ['case_id'] },
            { body: { created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z' }, fields: ['created_at', 'updated_at'] },
            { body: { [firstField]: firstValue, nickname: 'P' }, fields: ['nickname'] },
            ...booleans.filter((field) => patchable.includes(field)).map((field) => ({ body: { [field]: 'no' }, fields: [field] })),
            ...(spec.invalidPatches ?? []),
          ];
          for (const { body, fields } of invalid) {
            const res = await t.http().patch(item(home, created.id)).set(owner.auth).send(body);
            expectError(res, 422, 'validation_error');
            expect(detailFields(res).sort()).toEqual([...fields].sort());
          }
          expect(await row(created.id)).toEqual(before);
        });

        it('412 for a stale If-Match (row unchanged); 200 with the current one or *, and the ETag changes', async () => {
          const created = await add(home, full());
          const read = await t.http().get(item(home, created.id)).set(owner.auth).expect(200);
          const before = await row(created.id);
          const [first, second] = patches;

          const stale = await t.http().patch(item(home, created.id)).set(owner.auth).set('If-Match', '"stale"').send(first.body);
          expectError(stale, 412, 'precondition_failed');
          expect(stale.headers['x-request-id']).toBeTruthy();
          expect(await row(created.id)).toEqual(before);

          const ok = await t.http().patch(item(home, created.id)).set(owner.auth).set('If-Match', read.headers.etag).send(first.body);
          expect(ok.status).toBe(200);
          expect(ok.headers.etag).not.toBe(read.headers.etag);
          const afterOk = await row(created.id);

          const again = await t.http().patch(item(home, created.id)).set(owner.auth).set('If-Match', read.headers.etag).send(second.body);
          expectError(again, 412, 'precondition_failed');
          expect(await row(created.id)).toEqual(afterOk);

          const any = await t.http().patch(item(home, created.id)).set(owner.auth).set('If-Match', '*').send(second.body);
          expect(any.status).toBe(200);
          expect(any.headers.etag).not.toBe(ok.headers.etag);
        });

        it('404 for an unknown id and for a record of another case (row unchanged); 415 for text/plain', async () => {
          const other = await add(elsewhere);
          const before = await row(other.id);
          expectError(await t.http().patch(item(home, UNKNOWN_ID)).set(owner.auth).send(patches[0].body), 404, 'not_found');
          expectError(await t.http().patch(item(home, other.id)).set(owner.auth).send(patches[0].body), 404, 'not_found');
          expect(await row(other.id)).toEqual(before);

          const own = await add(home);
          const ownBefore = await row(own.id);
          const plain = await t.http().patch(item(home, own.id)).set(owner.auth).set('Content-Type', 'text/plain').send('field=X');
          expectError(plain, 415, 'unsupported_media_type');
          expect(await row(own.id)).toEqual(ownBefore);
        });
      });
    }

    if (writes && has('delete')) {
      describe(`DELETE …/${resource.path}/{${resource.idParam}}`, () => {
        it('204 with no body, then the record is gone (404 on read and delete, absent from the list)', async () => {
          const place = await newCase(owner);
          const doomed = await add(place);
          const kept = await add(place);
          const res = await t.http().delete(item(place, doomed.id)).set(owner.auth);
          expect(res.status).toBe(204);
          expect(res.text).toBeFalsy();
          expect(await row(doomed.id)).toBeUndefined();
          if (has('read')) expectError(await t.http().get(item(place, doomed.id)).set(owner.auth), 404, 'not_found');
          expectError(await t.http().delete(item(place, doomed.id)).set(owner.auth), 404, 'not_found');
          if (has('list')) expect(ids(await listIds(place, []))).toEqual([kept.id]);
          expect(await rowsOf(place.caseId)).toEqual([kept.id]);
        });

        it('412 for a stale If-Match (record kept); 204 with the current ETag', async () => {
          const record = await add(home);
          const stale = await t.http().delete(item(home, record.id)).set(owner.auth).set('If-Match', '"stale"');
          expectError(stale, 412, 'precondition_failed');
          expect(await row(record.id)).toBeDefined();
          const read = await t.http().get(item(home, record.id)).set(owner.auth).expect(200);
          await t.http().delete(item(home, record.id)).set(owner.auth).set('If-Match', read.headers.etag).expect(204);
          expect(await row(record.id)).toBeUndefined();
        });

        it('404 for an unknown id and for a record of another case of the same organization (kept)', async () => {
          const other = await add(elsewhere);
          expectError(await t.http().delete(item(home, UNKNOWN_ID)).set(owner.auth), 404, 'not_found');
          expectError(await t.http().delete(item(home, other.id)).set(owner.auth), 404, 'not_found');
          expect(await row(other.id)).toBeDefined();
        });
      });
    }

    const absent = ALL_ROUTES.filter((route) => !has(route));
    // A left-out route answers 405 where its path serves another method; a path with no route at all is a 404.
    const refused = absent.filter((route) => ALL_ROUTES.some((other) => has(other) && COLLECTION_ROUTES.includes(other) === COLLECTION_ROUTES.includes(route)));
    if (refused.length > 0) {
      it(`405 method_not_allowed with Allow for the routes it leaves out (${refused.join(', ')}); nothing written`, async () => {
        const record = has('create') ? await add(home) : undefined;
        const before = record ? await row(record.id) : undefined;
        const count = (await rowsOf(home.caseId)).length;
        for (const route of refused) {
          const res = await call(route, home, record?.id ?? UNKNOWN_ID);
          expectError(res, 405, 'method_not_allowed');
          const allowed = ALL_ROUTES.filter((other) => has(other) && COLLECTION_ROUTES.includes(other) === COLLECTION_ROUTES.includes(route));
          for (const other of allowed) expect(String(res.headers.allow).toUpperCase()).toContain(METHOD[other].toUpperCase());
        }
        if (record) expect(await row(record.id)).toEqual(before);
        expect((await rowsOf(home.caseId)).length).toBe(count);
      });
    }

    if (spec.masked && Object.keys(spec.masked).length > 0) {
      const full = spec.masked;
      it(`masks ${Object.keys(full).join(', ')} in every response (create, read, list, patch)`, async () => {
        const place = await newCase(owner);
        const expectMasked = (res: Response, values: Record<string, string>) => {
          for (const [field, value] of Object.entries(values)) {
            const views: View[] = Array.isArray(res.body.data) ? res.body.data : [res.body.data];
            for (const view of views) expect(view[field]).toBe(masked(value));
            expect(res.text).not.toContain(value);
          }
        };
        const created = await t.http().post(place.collection).set(owner.auth).send({ ...spec.create(), ...full });
        expect(created.status).toBe(201);
        expectMasked(created, full);
        const id: string = created.body.data.id;
        if (has('read')) expectMasked(await t.http().get(item(place, id)).set(owner.auth).expect(200), full);
        if (has('list')) expectMasked(await listIds(place, []), full);
        if (writes && has('patch')) {
          const changed = Object.fromEntries(Object.entries(full).map(([field, value]) => [field, `${value.slice(0, -4)}9876`]));
          expectMasked(await t.http().patch(item(place, id)).set(owner.auth).send(changed).expect(200), changed);
          if (has('read')) expectMasked(await t.http().get(item(place, id)).set(owner.auth).expect(200), changed);
        }
      });
    }

    describe('foreign, unknown and deleted cases; parents', () => {
      it(`another organization’s case: ${[...resource.forbiddenForForeignCase].join(', ') || 'no route'} 403, the others 404; nothing touched or leaked`, async () => {
        const foreign = await newCase(stranger);
        const secret = await add(foreign, full(), stranger);
        const before = await row(secret.id);
        const secrets = Object.values(viewOfBody(full()) as View).filter((value): value is string => typeof value === 'string' && value.length >= 4);
        for (const route of ALL_ROUTES.filter(has)) {
          const res = await call(route, foreign, secret.id);
          if (resource.forbiddenForForeignCase.has(route)) expectError(res, 403, 'forbidden');
          else expectError(res, 404, 'not_found');
          for (const value of secrets) expect(res.text).not.toContain(value);
        }
        expect(await row(secret.id)).toEqual(before);
        expect(await rowsOf(foreign.caseId)).toEqual([secret.id]);
        // The owner still sees it.
        if (has('read')) await t.http().get(item(foreign, secret.id)).set(stranger.auth).expect(200);
      });

      it('an unknown or malformed case id: every route 404', async () => {
        for (const caseId of [UNKNOWN_CASE_ID, 'not-a-case']) {
          const place = placeOf(caseId, spec.parent ? UNKNOWN_ID : undefined);
          for (const route of ALL_ROUTES.filter(has)) expectError(await call(route, place, UNKNOWN_ID), 404, 'not_found');
        }
      });

      if (spec.parent && resource.parent) {
        const parentName = resource.parent.resource().name;
        it(`a ${parentName} of another case of the same organization, or an unknown one: every route 404, nothing written`, async () => {
          const other = await add(elsewhere);
          const before = await row(other.id);
          const own = await add(home);
          const counts = [(await rowsOf(home.caseId)).length, (await rowsOf(elsewhere.caseId)).length];
          // The other case's parent under this case's id, and an unknown parent in this case.
          for (const place of [placeOf(home.caseId, elsewhere.parentId), placeOf(home.caseId, UNKNOWN_ID)]) {
            for (const route of ALL_ROUTES.filter(has)) {
              for (const id of [other.id, own.id]) expectError(await call(route, place, id), 404, 'not_found');
            }
          }
          expect(await row(other.id)).toEqual(before);
          expect([(await rowsOf(home.caseId)).length, (await rowsOf(elsewhere.caseId)).length]).toEqual(counts);

          // Another parent of the same case exists, but the record is not its own.
          const sibling = placeOf(home.caseId, await spec.parent!.create(t, owner, home.caseId));
          const ownBefore = await row(own.id);
          for (const route of ALL_ROUTES.filter((route) => has(route) && !COLLECTION_ROUTES.includes(route))) {
            expectError(await call(route, sibling, own.id), 404, 'not_found');
          }
          if (has('list')) expect(ids(await listIds(sibling, []))).not.toContain(own.id);
          expect(await row(own.id)).toEqual(ownBefore);
        });
      }

      it(`deleting the case ${resource.keptWhenCaseDeleted ? 'keeps the rows (audit records) but' : 'erases the rows and'} answers 404 on every route`, async () => {
        const place = await newCase(owner);
        const records = has('create') ? [await add(place), await add(place, full())] : [];
        await t.http().delete(`/v1/cases/${place.caseId}`).set(owner.auth).expect(204);
        for (const route of ALL_ROUTES.filter(has)) expectError(await call(route, place, records[0]?.id ?? UNKNOWN_ID), 404, 'not_found');
        expect(await rowsOf(place.caseId)).toEqual(resource.keptWhenCaseDeleted ? records.map((r) => r.id).sort() : []);
      });

      if (has('create') && !spec.seed && !resource.keptWhenCaseDeleted) {
        it('a create racing the case DELETE never leaves a row on the deleted case', async () => {
          for (let round = 0; round < 8; round++) {
            const place = await newCase(owner);
            const post = () =>
              t
                .http()
                .post(place.collection)
                .set(owner.auth)
                .send(spec.create())
                .then((res) => res.status);
            const statuses = await Promise.all([post(), post(), t.http().delete(`/v1/cases/${place.caseId}`).set(owner.auth).then((res) => res.status), post(), post()]);
            expect(statuses[2]).toBe(204);
            for (const status of [...statuses.slice(0, 2), ...statuses.slice(3)]) expect([201, 404]).toContain(status);
            // Deleting a case erases its rows: none may be written after (or around) the deletion.
            expect(await rowsOf(place.caseId)).toEqual([]);
          }
        });
      }
    });
  });
}
