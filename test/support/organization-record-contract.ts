import type { Test } from 'supertest';
import { OwnRecordShape, representationOf, StandardRoute, toSnakeCase } from '@estate/shared-kernel';
import { expectError } from './api-assertions';
import {
  acceptedValue,
  ALL_ROUTES,
  Body,
  callerCollection,
  Collection,
  COLLECTION_ROUTES,
  expectBadListParameters,
  expectCreated,
  expectCursorBoundToItsList,
  expectFilteredLists,
  expectInvalidCreates,
  expectInvalidPatches,
  expectListNotModified,
  expectMaskedEverywhere,
  expectMergePatches,
  expectNullClears,
  expectPagedList,
  expectPatchIfMatch,
  expectPatchNotFoundOrUnsupported,
  expectReadWithETag,
  expectRoutesNotAllowed,
  expectSortOf,
  expectStoredAsAnswered,
  expectUnknownListParameters,
  FilterCase,
  filterCase,
  filterRow,
  FilterRows,
  filterRowsOf,
  ids,
  InvalidBody,
  invalidCreatesOf,
  ListRequest,
  METHOD,
  OwnFilterValues,
  PatchStep,
  recordViews,
  routesNotAllowed,
  SENSITIVE_FIELDS,
  storedRow,
  UNKNOWN_ID,
  View,
  viewOfBody,
} from './contract-checks';
import type { TestApp, TestCaller } from './test-app';

/**
 * The generic e2e contract of a collection of records that belong to no case but to an organization (contract §2–§6):
 * the case itself (`/v1/cases`), and any record declared with `recordShape({ key: 'own', path, filters, sorts })`.
 * What `resource-contract.ts` promises of a case's records, where it applies: create (defaults, every field, refusals),
 * read one (`ETag`, `304`), lists (paging, sorts, filters, bad and unknown parameters, cursors bound to their list),
 * merge patch (what changes, clearing, refusals, `If-Match`), delete, the routes it leaves out, masking, and another
 * organization's records answering `404`. A fresh organization is a fresh list (but for the records it holds at the
 * start, `presentAtStart`), so the list checks invite their own; each test's two organizations are its own too (a cap
 * on the records of an organization, such as the webhook endpoints', is never reached by the tests together).
 * The spec is generated from the declaration (`declared-organization-contracts.ts`); its own suite tests only its rules.
 */
export interface OrganizationRecordContractSpec {
  /** The running app of the file. */
  app: () => TestApp;
  /** The declaration, with its fields and its collection. */
  record: OwnRecordShape<any>;
  /** The standard routes its controller serves (checked against the OpenAPI document). */
  routes: ReadonlySet<StandardRoute>;
  /** A minimal valid create body (the required fields). */
  create: () => Body;
  /** A valid create body setting every writable field (masked ones in full). */
  full: () => Body;
  /** What a create reads for the presented fields it leaves out, beyond `false` for booleans, `[]` for arrays, `null` for the rest. */
  defaults?: Body;
  /** Two merge patches applied in turn to a record made from `full()`, when it has `PATCH`. */
  patches?: readonly [PatchStep, PatchStep, ...PatchStep[]];
  /** Invalid create bodies beyond those checked of every record (missing required, unknown, `id`, timestamps, a boolean's type). */
  invalidCreates?: readonly InvalidBody[];
  /** Invalid patches beyond those checked of every record. */
  invalidPatches?: readonly InvalidBody[];
  /** Per declared sort that is not a timestamp, seven values with a tie (as `resource-contract.ts` takes them). */
  sortValues?: Record<string, readonly unknown[]>;
  /** Per filter on a field, how rows get different values (by default: its samples by kind, through the body). */
  filters?: Record<string, FilterRows>;
  /**
   * Filters whose matches its own suite tests, their bad values checked here: on no field of the record (the case's
   * `access`), or parsed by its route's service (`{ kind: 'own' }`: the events' `type`).
   */
  ownFilters?: readonly string[];
  /** Per filter its route's service parses (`{ kind: 'own' }`), a value it accepts and values it refuses. */
  ownFilterValues?: Readonly<Record<string, OwnFilterValues>>;
  /**
   * How one record is made where its collection has no create (an event, written by every other write): given the
   * body a check would send, it makes the record through other calls and returns it as read back. The checks that
   * make records then run without a create route.
   */
  seed?: (t: TestApp, caller: TestCaller, body: Body) => Promise<View>;
  /** Its list per case, where its controller serves one beside the organization's (`PerCaseList`). */
  perCase?: PerCaseList;
  /** Read-only fields the server recomputes on every write: a patch check takes their value as answered. */
  computed?: readonly string[];
  /** Full values of the masked fields, set on create and checked masked in every response. */
  masked?: Record<string, string>;
  /** Fields only a create's answer carries besides the representation (a secret shown once). */
  shownOnCreate?: readonly string[];
  /** Whether a fresh organization already holds records of it (its first user is a pro user): the list and create checks count them in. */
  presentAtStart?: boolean;
}

/**
 * The list of one case's records, served beside the organization's (`/v1/cases/{case_id}/events`): the list checks
 * run there too (paging, sorts, bad and unknown parameters, cursors bound to their case, `304`), and a case of another
 * organization or an unknown one is `404`.
 */
export interface PerCaseList {
  /** Its path below the case (`events`). */
  path: string;
  /** The organization's filters it does not take (`case_id`: the case is its path's). */
  without?: readonly string[];
  /** How a record is made in the case, given the body a check would send; its view as read back. */
  seed: (t: TestApp, caller: TestCaller, caseId: string, body: Body) => Promise<View>;
}

export function describeOrganizationRecordContract(spec: OrganizationRecordContractSpec): void {
  const record = spec.record;
  const table = (record.schema.meta as { tableName?: string; collection?: string }).tableName ?? record.schema.meta.collection;
  const entries = Object.entries(record.fields).map(([property, definition]) => [toSnakeCase(property), definition] as const);
  const owned = Object.entries(record.fields).find(([property]) => property === 'organizationId')?.[1];
  if (!owned) throw new Error(`${record.name}: a record of no case names its organization (an organizationId field)`);
  const organizationColumn = String(owned.column.fieldName ?? 'organization_id');
  const written = entries.filter(([, definition]) => !definition.readOnly);
  /** The create body's fields, and those of them the record stores and presents (not the sent-only ones). */
  const createFields = written.map(([field]) => field);
  const presented = written.filter(([, definition]) => !definition.sentOnly).map(([field]) => field);
  const required = written.filter(([, definition]) => definition.required).map(([field]) => field);
  const booleans = written.filter(([, definition]) => definition.kind === 'boolean').map(([field]) => field);
  const arrays = written.filter(([, definition]) => ['enumArray', 'stringArray', 'objectArray'].includes(definition.kind)).map(([field]) => field);
  const patchable = record.patch ? written.filter(([, definition]) => !definition.createOnly).map(([field]) => field) : [];
  const has = (route: StandardRoute) => spec.routes.has(route);
  const responseFields = representationOf(record);
  const fieldList = [...responseFields].sort();
  const shownOnCreate = spec.shownOnCreate ?? [];
  const createdFieldList = [...responseFields, ...shownOnCreate].sort();
  /** A create's answer as the other routes present the record. */
  const asRead = (view: View): View => Object.fromEntries(Object.entries(view).filter(([field]) => !shownOnCreate.includes(field)));
  /** Hidden secrets (hidden and masked: an encrypted column, such as an endpoint's signing secret). */
  const sealed = entries.filter(([, definition]) => definition.hidden && definition.masked).map(([field]) => field);
  const sensitive = presented.filter((field) => SENSITIVE_FIELDS.includes(field));
  const patches = (spec.patches ?? []) as unknown as readonly [PatchStep, PatchStep, ...PatchStep[]];
  const ownFilters = new Set(spec.ownFilters ?? []);
  const fieldFilters = Object.keys(record.listRules.filters).filter((name) => !ownFilters.has(name));

  for (const field of sensitive) if (!spec.masked?.[field]) throw new Error(`${record.name}: spec.masked needs a full value for ${field}`);
  if (has('patch') && patches.length < 2) throw new Error(`${record.name}: spec.patches needs at least two steps`);
  if (has('patch') && !record.patch) throw new Error(`${record.name} has no merge patch to serve PATCH with`);
  for (const name of ownFilters) if (!(name in record.listRules.filters)) throw new Error(`${record.name} declares no filter ${name}`);
  const ownKind = Object.entries(record.listRules.filters).filter(([, filter]) => !Array.isArray(filter) && (filter as { kind: string }).kind === 'own');
  for (const [name] of ownKind) if (!ownFilters.has(name)) throw new Error(`${record.name}: the filter ${name} is parsed by its route's service; name it in spec.ownFilters`);
  const ownFilterValues = spec.ownFilterValues ?? {};
  /** Whether the checks can make records: by the create route, or by the seed where there is none. */
  const makes = has('create') || spec.seed !== undefined;

  const collection = `/v1/${record.path}`;
  const item = (id: string) => `${collection}/${id}`;

  describe(`${collection} — the organization record contract (${record.name})`, () => {
    let t: TestApp;
    let owner: TestCaller;
    let stranger: TestCaller;
    /** The served OpenAPI document: what it says of the routes (which exist, the headers of a create). */
    let document: Record<string, any>;

    /** The collection as `caller` asks it. */
    function collectionOf(caller: TestCaller = owner): Collection {
      return callerCollection(t, caller, { path: collection, table }, { create: spec.create, patch: patches[0]?.body, add: (body) => add(caller, body), rows: () => rowsOf(caller) });
    }

    const listOf = (caller: TestCaller): ListRequest => collectionOf(caller).list;

    async function add(caller: TestCaller = owner, body: Body = spec.create()): Promise<View> {
      if (spec.seed) return spec.seed(t, caller, body);
      const res = await t.http().post(collection).set(caller.auth).send(body);
      // Shows the error's details when a generated body is not valid.
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      return asRead(res.body.data);
    }

    function call(route: StandardRoute, id: string, caller: TestCaller = owner): Test {
      return collectionOf(caller).call(route, id);
    }

    /** A fresh organization, and the ids of the records it holds at the start (none unless `presentAtStart`). */
    async function fresh(): Promise<[TestCaller, string[]]> {
      const org = await t.invite();
      const atStart = await rowsOf(org);
      if (!spec.presentAtStart) expect(atStart).toEqual([]);
      return [org, atStart];
    }

    function row(id: string): Promise<View | undefined> {
      return storedRow(t, table, id);
    }

    /** The ids of an organization's rows. */
    async function rowsOf(caller: TestCaller): Promise<string[]> {
      return (await t.sql<{ id: string }>(`select id from ${table} where ${organizationColumn} = $1 order by id`, [caller.organizationId])).map((r) => r.id);
    }

    const views = recordViews({
      properties: record.schema.meta.properties,
      responseFields,
      presented,
      booleans,
      arrays,
      defaults: spec.defaults,
      computed: spec.computed,
      // A hidden secret's column is sealed anew by a write that rewrites the row (a fresh nonce): its bytes change with
      // its value the same, so they say nothing here (the record's own suite reads its secrets).
      sealed,
      row,
    });
    const { expectedCreated } = views;

    beforeAll(async () => {
      t = spec.app();
      document = (await t.http().get('/v1/openapi.json').expect(200)).body;
    });
    beforeEach(async () => {
      [owner, stranger] = [await t.invite(), await t.invite()];
    });

    it(`serves ${ALL_ROUTES.filter(has).join(', ')} of the standard routes and no other, as the OpenAPI document states them`, () => {
      const itemPath = Object.keys(document.paths).find((path) => new RegExp(`^${collection}/\\{[^/}]+\\}$`).test(path));
      const operations = (route: StandardRoute) => (COLLECTION_ROUTES.includes(route) ? document.paths[collection] : itemPath ? document.paths[itemPath] : undefined);
      const served = Object.fromEntries(ALL_ROUTES.map((route) => [route, operations(route)?.[METHOD[route]] !== undefined]));
      expect(served).toEqual(Object.fromEntries(ALL_ROUTES.map((route) => [route, has(route)])));
    });

    it('401 unauthorized with WWW-Authenticate on every route without a token; nothing written', async () => {
      const own = makes ? await add() : undefined;
      const before = own ? await row(own.id) : undefined;
      const count = (await rowsOf(owner)).length;
      for (const route of ALL_ROUTES.filter(has)) {
        const request = t.http()[METHOD[route]](COLLECTION_ROUTES.includes(route) ? collection : item(own?.id ?? UNKNOWN_ID));
        const res = route === 'create' || route === 'patch' ? await request.send(route === 'create' ? spec.create() : patches[0].body) : await request;
        expectError(res, 401, 'unauthorized');
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
      if (own) expect(await row(own.id)).toEqual(before);
      expect((await rowsOf(owner)).length).toBe(count);
    });

    if (has('list')) {
      describe(`GET ${collection}`, () => {
        it('page mode: only the organization’s rows, newest first by default, exact meta, every field on every row', async () => {
          const [org, atStart] = await fresh();
          const created: string[] = [...atStart];
          for (let i = created.length; i < 5; i++) created.push((await add(org)).id);
          await add(stranger);
          // Distinct creation times, so the default order (created_at desc) is known.
          for (let i = 0; i < 5; i++) await t.sql(`update ${table} set created_at = $2 where id = $1`, [created[i], `2026-01-0${i + 1}T00:00:00Z`]);
          await expectPagedList(listOf(org), [...created].reverse(), fieldList);
          // per_page takes its bounds, 1 and 100.
          expect(ids(await listOf(org)([['per_page', '1']]).expect(200))).toEqual([created[4]]);
          expect(ids(await listOf(org)([['per_page', '100']]).expect(200))).toHaveLength(5);
        });

        for (const sort of record.listRules.sorts) {
          it(`sort_by=${sort}: asc and desc, ties on id, in page and cursor mode; a cursor is bound to its sort`, async () => {
            const [org, atStart] = await fresh();
            const bodySet = spec.sortValues?.[sort] !== undefined && createFields.includes(sort);
            await expectSortOf(collectionOf(org), sort, {
              name: record.name,
              values: spec.sortValues?.[sort],
              bodyOf: bodySet ? (value) => ({ ...spec.create(), [sort]: value }) : undefined,
              // A record the organization holds at the start takes its value through SQL.
              present: atStart,
              otherSort: record.listRules.sorts.find((other) => other !== sort),
            });
          });
        }

        if (fieldFilters.length > 0) {
          it(`filters ${fieldFilters.join(', ')}: single and repeated values, combined, with exact counts`, async () => {
            const [org, atStart] = await fresh();
            const filters: FilterCase[] = fieldFilters.map((name) => filterCase(name, record.listRules.filters[name], spec.filters?.[name]));
            const rows = await filterRowsOf(collectionOf(org), filters, spec.create);
            for (const id of atStart) rows.push((await t.http().get(item(id)).set(org.auth).expect(200)).body.data);
            // Another organization's rows match the same filters and never show.
            await add(stranger, filterRow(filters, 0, spec.create()).body);
            await expectFilteredLists(listOf(org), filters, rows);
          });
        }

        it('400 bad_request naming the parameter: cursor, sort_by, sort_order, page, per_page, each filter', async () => {
          await expectBadListParameters(listOf(owner), record.listRules, createFields, ownFilterValues);
        });

        it('400 bad_request for an unknown query parameter, naming each and the known one it most likely meant', async () => {
          await expectUnknownListParameters(listOf(owner), record.listRules.filters);
        });

        it('a cursor is bound to its list: in another organization, or with other filters, it is 400 bad_request naming the cursor', async () => {
          const org = await t.invite();
          for (let i = 0; i < 3; i++) await add(org);
          const first = await listOf(org)([['per_page', '1'], ['cursor', '']]).expect(200);
          const cursor: string = first.body.meta.next_cursor;
          expect(typeof cursor).toBe('string');
          expect((await listOf(org)([['per_page', '1'], ['cursor', cursor]]).expect(200)).body.data).toHaveLength(1);
          const misuses: Array<[ListRequest, Array<[string, string]>]> = [[listOf(stranger), []]];
          const [filterName, filter] = Object.entries(record.listRules.filters)[0] ?? [];
          if (filterName && filter) misuses.push([listOf(org), [[filterName, acceptedValue(filterName, filter, ownFilterValues)]]]);
          await expectCursorBoundToItsList(cursor, misuses);
        });

        it('answers 304 for a matching If-None-Match on the list, 200 once it changed', async () => {
          const [org, atStart] = await fresh();
          await add(org);
          await expectListNotModified(listOf(org), () => add(org), atStart.length + 2);
        });
      });
    }

    const perCase = spec.perCase;
    if (perCase) {
      const caseField = record.fields.caseId;
      if (!caseField) throw new Error(`${record.name}: a list per case reads its records' case (a caseId field)`);
      const caseColumn = String(caseField.column.fieldName ?? 'case_id');
      for (const name of perCase.without ?? []) if (!(name in record.listRules.filters)) throw new Error(`${record.name} declares no filter ${name}`);
      const caseRules = {
        filters: Object.fromEntries(Object.entries(record.listRules.filters).filter(([name]) => !perCase.without?.includes(name))),
        sorts: record.listRules.sorts,
      };
      const caseList = (caseId: string) => `/v1/cases/${caseId}/${perCase.path}`;

      /** A case's records as `caller` asks them. */
      interface CasePlace extends Collection {
        caseId: string;
      }
      /** A new case of `caller`'s organization, and the records it holds from the start (those its opening made). */
      const freshCase = async (caller: TestCaller): Promise<[CasePlace, string[]]> => {
        const opened = await t.http().post('/v1/cases').set(caller.auth).send({});
        expect({ status: opened.status, error: opened.body.error }).toEqual({ status: 201, error: undefined });
        const caseId: string = opened.body.data.id;
        const place: CasePlace = {
          caseId,
          ...callerCollection(t, caller, { path: caseList(caseId), table }, {
            create: spec.create,
            add: (body) => perCase.seed(t, caller, caseId, body ?? spec.create()),
            rows: async () => (await t.sql<{ id: string }>(`select id from ${table} where ${caseColumn} = $1 order by id`, [caseId])).map((r) => r.id),
          }),
        };
        return [place, await place.rows()];
      };

      describe(`GET /v1/cases/{case_id}/${perCase.path} — its list per case`, () => {
        it('page mode: only the case’s rows, newest first by default, exact meta, every field on every row', async () => {
          const [place, atStart] = await freshCase(owner);
          const created: string[] = [...atStart];
          for (let i = created.length; i < 5; i++) created.push((await place.add()).id);
          // Another case's records, of the same organization, never show.
          await (await freshCase(owner))[0].add();
          for (let i = 0; i < 5; i++) await t.sql(`update ${table} set created_at = $2 where id = $1`, [created[i], `2026-01-0${i + 1}T00:00:00Z`]);
          await expectPagedList(place.list, [...created].reverse(), fieldList);
        });

        for (const sort of caseRules.sorts) {
          it(`sort_by=${sort}: asc and desc, ties on id, in page and cursor mode; a cursor is bound to its sort`, async () => {
            const [place, atStart] = await freshCase(owner);
            await expectSortOf(place, sort, { name: record.name, values: spec.sortValues?.[sort], present: atStart, otherSort: caseRules.sorts.find((other) => other !== sort) });
          });
        }

        it('400 bad_request naming the parameter: cursor, sort_by, sort_order, page, per_page, each filter it takes', async () => {
          await expectBadListParameters((await freshCase(owner))[0].list, caseRules, createFields, ownFilterValues);
        });

        it('400 bad_request for an unknown query parameter, naming each and the known one it most likely meant', async () => {
          await expectUnknownListParameters((await freshCase(owner))[0].list, caseRules.filters);
        });

        it('a cursor is bound to its list: on another case, on the organization’s list, or with other filters, it is 400 bad_request', async () => {
          const [place] = await freshCase(owner);
          for (let i = 0; i < 3; i++) await place.add();
          const first = await place.list([['per_page', '1'], ['cursor', '']]).expect(200);
          const cursor: string = first.body.meta.next_cursor;
          expect(typeof cursor).toBe('string');
          expect((await place.list([['per_page', '1'], ['cursor', cursor]]).expect(200)).body.data).toHaveLength(1);
          const [other] = await freshCase(owner);
          await other.add();
          const misuses: Array<[ListRequest, Array<[string, string]>]> = [[other.list, []]];
          if (has('list')) misuses.push([listOf(owner), []]);
          const [filterName, filter] = Object.entries(caseRules.filters)[0] ?? [];
          if (filterName && filter) misuses.push([place.list, [[filterName, acceptedValue(filterName, filter, ownFilterValues)]]]);
          await expectCursorBoundToItsList(cursor, misuses);
        });

        it('answers 304 for a matching If-None-Match on the list, 200 once it changed', async () => {
          const [place, atStart] = await freshCase(owner);
          await place.add();
          await expectListNotModified(place.list, () => place.add(), atStart.length + 2);
        });

        it('401 without a token; 404 for a case of another organization, an unknown and a malformed case id', async () => {
          const [theirs] = await freshCase(stranger);
          const unauthenticated = await t.http().get(caseList(theirs.caseId));
          expectError(unauthenticated, 401, 'unauthorized');
          expect(unauthenticated.headers['www-authenticate']).toBe('Bearer');
          for (const caseId of [theirs.caseId, UNKNOWN_ID, 'not-a-case']) expectError(await t.http().get(caseList(caseId)).set(owner.auth), 404, 'not_found');
          // Its own organization still reads it.
          await theirs.list([]).expect(200);
        });
      });
    }

    if (has('create')) {
      describe(`POST ${collection}`, () => {
        it('201 with defaults: booleans false, arrays empty, unset fields null, every field present; the row is the organization’s', async () => {
          const [org, atStart] = await fresh();
          const body = spec.create();
          const res = await collectionOf(org).request('create').send(body);
          const data = expectCreated(res, createdFieldList, expectedCreated(body));
          // A Location header where the document gives the create one, none where it does not.
          const headers = Object.keys(document.paths[collection].post.responses['201']?.headers ?? {}).map((name) => name.toLowerCase());
          expect(res.headers.location).toBe(headers.includes('location') ? item(data.id) : undefined);
          const stored = (await row(data.id)) as View;
          expect(stored[organizationColumn]).toBe(org.organizationId);
          expectStoredAsAnswered(stored, expectedCreated(body), sensitive);
          expect((await rowsOf(org)).sort()).toEqual([...atStart, data.id].sort());
        });

        it('201 with every field set; reading it back gives the same', async () => {
          const body = spec.full();
          const res = await t.http().post(collection).set(owner.auth).send(body);
          expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
          expect(res.body.data).toMatchObject(expectedCreated(body));
          expect(Object.keys(res.body.data).sort()).toEqual(createdFieldList);
          if (has('read')) expect((await t.http().get(item(res.body.data.id)).set(owner.auth).expect(200)).body.data).toEqual(asRead(res.body.data));
        });

        it('422 validation_error with details for missing, unknown, read-only and wrongly typed fields; nothing written', async () => {
          const [org, atStart] = await fresh();
          const base = spec.create();
          const written: InvalidBody[] = [
            { body: { ...base, id: UNKNOWN_ID }, fields: ['id'], reason: 'unknown_field' },
            { body: { ...base, created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z' }, fields: ['created_at', 'updated_at'], reason: 'unknown_field' },
          ];
          await expectInvalidCreates(collectionOf(org), invalidCreatesOf(base, { required, booleans }, written, spec.invalidCreates));
          expect(await rowsOf(org)).toEqual(atStart);
        });
      });
    }

    if (has('read')) {
      describe(`GET ${collection}/{id}`, () => {
        it('200 with the record and a strong ETag; 304 for a matching If-None-Match or *; 200 once it changed', async () => {
          const created = await add(owner, spec.full());
          await expectReadWithETag(collectionOf(), created, has('patch') ? patches[0].body : undefined);
          const other = await t.http().get(item(created.id)).set(owner.auth).set('If-None-Match', '"something-else"');
          expect(other.status).toBe(200);
        });

        it('404 for an unknown id, a malformed id, and a record of another organization', async () => {
          const theirs = await add(stranger);
          const unknown = await t.http().get(item(UNKNOWN_ID)).set(owner.auth);
          expectError(unknown, 404, 'not_found');
          expect(unknown.headers['x-request-id']).toBeTruthy();
          for (const id of ['not-an-id', '123', `${UNKNOWN_ID}0`]) expectError(await t.http().get(item(id)).set(owner.auth), 404, 'not_found');
          const foreign = await t.http().get(item(theirs.id)).set(owner.auth);
          expectError(foreign, 404, 'not_found');
          // Indistinguishable from a record that does not exist.
          expect(foreign.body.error).toEqual({ ...unknown.body.error });
          await t.http().get(item(theirs.id)).set(stranger.auth).expect(200);
        });
      });
    }

    if (has('patch')) {
      describe(`PATCH ${collection}/{id}`, () => {
        it('merge patch (application/json, then application/merge-patch+json): only the fields sent change', async () => {
          await expectMergePatches(collectionOf(), views, await add(owner, spec.full()), patches);
        });

        const clearable = patchable.filter((field) => !required.includes(field) && presented.includes(field) && expectedCreated({})[field] === null);
        it(`null clears an optional field (${clearable.join(', ') || 'none'}); null on a required one is a 422, row unchanged`, async () => {
          await expectNullClears(collectionOf(), views, await add(owner, spec.full()), { clearable, required, patchable });
        });

        it('422 with details for read-only, create-only, unknown and wrongly typed fields; the row is unchanged', async () => {
          const created = await add(owner);
          const [firstField, firstValue] = Object.entries(patches[0].body)[0];
          const invalid: InvalidBody[] = [
            { body: { id: UNKNOWN_ID }, fields: ['id'], reason: 'unknown_field' },
            { body: { created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z' }, fields: ['created_at', 'updated_at'], reason: 'unknown_field' },
            { body: { [firstField]: firstValue, nickname: 'P' }, fields: ['nickname'], reason: 'unknown_field' },
            ...booleans.filter((field) => patchable.includes(field)).map((field) => ({ body: { [field]: 'no' }, fields: [field] })),
            ...(spec.invalidPatches ?? []),
          ];
          await expectInvalidPatches(collectionOf(), created.id, invalid);
        });

        it('412 for a stale If-Match (row unchanged); 200 with the current one or *, and the ETag changes', async () => {
          const created = await add(owner, spec.full());
          // A read right after the accepted patch gives its ETag.
          await expectPatchIfMatch(collectionOf(), created.id, patches, async (ok) => {
            expect((await t.http().get(item(created.id)).set(owner.auth).expect(200)).headers.etag).toBe(ok.headers.etag);
          });
        });

        it('404 for an unknown id and for a record of another organization (row unchanged); 415 for text/plain', async () => {
          const theirs = await add(stranger);
          const plain = await expectPatchNotFoundOrUnsupported(collectionOf(), theirs.id, patches[0].body);
          expect(plain.headers['x-request-id']).toBeTruthy();
        });
      });
    }

    if (has('delete')) {
      describe(`DELETE ${collection}/{id}`, () => {
        it('204 with no body, then the record is gone (404 on every route of it, absent from the list)', async () => {
          const [org, atStart] = await fresh();
          const doomed = await add(org);
          const kept = await add(org);
          const res = await t.http().delete(item(doomed.id)).set(org.auth);
          expect(res.status).toBe(204);
          expect(res.text).toBeFalsy();
          for (const route of ALL_ROUTES.filter((route) => has(route) && !COLLECTION_ROUTES.includes(route))) expectError(await call(route, doomed.id, org), 404, 'not_found');
          if (has('list')) expect(ids(await listOf(org)([]).expect(200)).sort()).toEqual([kept.id, ...atStart].sort());
          await t.http().get(item(kept.id)).set(org.auth).expect(200);
        });

        it('412 for a stale If-Match (record kept); 204 with the current ETag', async () => {
          const record = await add(owner);
          const before = await row(record.id);
          expectError(await t.http().delete(item(record.id)).set(owner.auth).set('If-Match', '"stale"'), 412, 'precondition_failed');
          expect(await row(record.id)).toEqual(before);
          const read = await t.http().get(item(record.id)).set(owner.auth).expect(200);
          await t.http().delete(item(record.id)).set(owner.auth).set('If-Match', read.headers.etag).expect(204);
          expectError(await t.http().get(item(record.id)).set(owner.auth), 404, 'not_found');
        });

        it('404 for an unknown or malformed id and for a record of another organization (kept)', async () => {
          const theirs = await add(stranger);
          const before = await row(theirs.id);
          for (const id of [UNKNOWN_ID, 'nope']) expectError(await t.http().delete(item(id)).set(owner.auth), 404, 'not_found');
          expectError(await t.http().delete(item(theirs.id)).set(owner.auth), 404, 'not_found');
          expect(await row(theirs.id)).toEqual(before);
          await t.http().get(item(theirs.id)).set(stranger.auth).expect(200);
        });
      });
    }

    const refused = routesNotAllowed(has);
    if (refused.length > 0) {
      it(`405 method_not_allowed with Allow for the routes it leaves out (${refused.join(', ')}); nothing written`, async () => {
        await expectRoutesNotAllowed(collectionOf(), has, refused);
      });
    }

    if (spec.masked && Object.keys(spec.masked).length > 0) {
      const full = spec.masked;
      it(`masks ${Object.keys(full).join(', ')} in every response (create, read, list, patch)`, async () => {
        await expectMaskedEverywhere(collectionOf(await t.invite()), spec.create(), full, { read: has('read'), list: has('list'), patch: has('patch') });
      });
    }

    it(`another organization’s record: ${ALL_ROUTES.filter((route) => has(route) && !COLLECTION_ROUTES.includes(route)).join(', ')} 404, absent from the list; nothing touched or leaked`, async () => {
      const body = spec.full();
      const secret = await add(stranger, body);
      const before = await row(secret.id);
      const secrets = Object.values(viewOfBody(body) as View).filter((value): value is string => typeof value === 'string' && value.length >= 4);
      for (const route of ALL_ROUTES.filter((route) => has(route) && !COLLECTION_ROUTES.includes(route))) {
        const res = await call(route, secret.id);
        expectError(res, 404, 'not_found');
        for (const value of secrets) expect(res.text).not.toContain(value);
      }
      if (has('list')) expect(ids(await listOf(owner)([['per_page', '100']]).expect(200))).not.toContain(secret.id);
      expect(await row(secret.id)).toEqual(before);
      // Its owner still reads it.
      if (has('read')) await t.http().get(item(secret.id)).set(stranger.auth).expect(200);
    });
  });
}
