import { getMetadataStorage } from 'class-validator';
import type { Response, Test } from 'supertest';
import { CaseRecord, CaseResource, Clock, representationOf, StandardRoute, toSnakeCase } from '@estate/shared-kernel';
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
  filterRowsOf,
  ids,
  InvalidBody,
  invalidCreatesOf,
  ListRequest,
  PatchStep,
  recordViews,
  routesNotAllowed,
  Sample,
  SENSITIVE_FIELDS,
  storedRow,
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

/**
 * What the contract reads of a declaration: a `caseResource`, or what a case's records served by their own controller
 * state of their collection (`recordShape({ path, itemKey, itemDocument, filters, sorts })`, made one by
 * `declared-contracts.ts`).
 */
export type ContractResource<T extends CaseRecord = CaseRecord> = Pick<
  CaseResource<T>,
  'name' | 'path' | 'idParam' | 'routes' | 'filters' | 'sorts' | 'forbiddenForForeignCase' | 'keptWhenCaseDeleted' | 'parent' | 'schema' | 'create' | 'patch' | 'createFields' | 'examples' | 'masked' | 'fields'
>;

export interface ResourceContractSpec<T extends CaseRecord = CaseRecord> {
  /** The running app of the file (one `createTestApp()` per file). */
  app: () => TestApp;
  /** The declaration itself, imported from the code. */
  resource: ContractResource<T>;
  /**
   * The JSON field one record is addressed by in its routes' paths (a settled accounting's `sequence`: numbered per
   * case, so the same key names records of two cases); `id` by default.
   */
  itemKey?: string;
  /**
   * The column whose stored JSON a create and a read of one record answer, where that is not the record (a settled
   * accounting's `document`): the answer is that document, and it carries the record's fields as the list presents them.
   */
  itemDocument?: string;
  /**
   * Whether the table refuses any `UPDATE` (a trigger: a settled accounting never changes): the checks that order rows
   * by their creation make each at its moment (the app's clock set while it is made) instead of setting `created_at`.
   */
  immutable?: boolean;
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
  const itemKey = spec.itemKey ?? 'id';
  /** Whether records are addressed by a key of their own, which records of two cases may share. */
  const keyed = itemKey !== 'id';
  const keyOf = (view: View): string => String(view[itemKey]);
  const keyDefinition = Object.entries(resource.fields ?? {}).find(([property]) => toSnakeCase(property) === itemKey)?.[1];
  if (keyed && !keyDefinition) throw new Error(`${resource.name} declares no field ${itemKey} to address its records by`);
  /** A well-formed key that names no record. */
  const unknownKey = keyDefinition?.kind === 'integer' ? '999999999' : UNKNOWN_ID;
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
  if (keyed && (has('patch') || nested)) throw new Error(`${resource.name}: a record addressed by ${itemKey} is checked without PATCH and without a parent`);
  if (spec.itemDocument && !keyed) throw new Error(`${resource.name}: a record answered by its document is addressed by a key of its own`);

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

    const item = (place: Place, key: string) => `${place.collection}/${key}`;

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

    /** A record made at `moment` (the app's clock stands there while it is made), where rows never change. */
    async function addCreatedAt(place: Place, moment: string, body?: Body, caller: TestCaller = owner): Promise<View> {
      const clock = jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(moment));
      let made: View;
      try {
        made = await add(place, body, caller);
      } finally {
        clock.mockRestore();
      }
      expect(((await row(made.id)) as View).created_at.toISOString()).toBe(new Date(moment).toISOString());
      return made;
    }

    /** The place's collection, as `caller` asks it. */
    function collectionAt(place: Place, caller: TestCaller = owner): Collection {
      return callerCollection(
        t,
        caller,
        { path: place.collection, table },
        {
          create: spec.create,
          patch: (patches as readonly PatchStep[])[0]?.body,
          add: (body) => add(place, body, caller),
          ...(spec.immutable ? { addCreatedAt: (moment: string, body?: Body) => addCreatedAt(place, moment, body, caller) } : {}),
          rows: () => rowsOf(place.caseId),
          itemKey,
        },
      );
    }

    function call(route: StandardRoute, place: Place, key: string, caller: TestCaller = owner): Test {
      return collectionAt(place, caller).call(route, key);
    }

    function row(id: string): Promise<View | undefined> {
      return storedRow(t, table, id);
    }

    /** What a record answering its document answers: the document as stored. */
    async function storedDocument(id: string): Promise<View> {
      const stored = (await row(id)) as View;
      expect(stored).toBeDefined();
      return stored[spec.itemDocument!];
    }

    /** The fields a create and a read of one record answer: the record's, or its stored document's. */
    async function answeredFields(id: string): Promise<string[]> {
      // Without an id (a create refused), the record's: the answer's status then says what went wrong.
      return spec.itemDocument && id !== undefined ? Object.keys(await storedDocument(id)).sort() : fieldList;
    }

    /**
     * A record answering its document: the answer is its stored document, and it carries the record's fields as the
     * list presents them (the list is the record's).
     */
    async function expectAnswersItsDocument(place: Place, data: View): Promise<void> {
      expect(data).toEqual(await storedDocument(data.id));
      const listed = ((await listIds(place, [['per_page', '100']])).body.data as View[]).find((view) => view.id === data.id);
      expect(listed).toBeDefined();
      expect(Object.keys(listed!).sort()).toEqual(fieldList);
      expect(data).toMatchObject(listed!);
    }

    async function rowsOf(caseId: string): Promise<string[]> {
      return (await t.sql<{ id: string }>(`select id from ${table} where case_id = $1 order by id`, [caseId])).map((r) => r.id);
    }

    const views = recordViews({
      properties: resource.schema.meta.properties,
      responseFields,
      presented: createFields,
      booleans,
      arrays,
      defaults: spec.defaults,
      computed: spec.computed,
      row,
    });
    const { expectedCreated } = views;

    /** The place's list, as the owner asks for it. */
    const listOf = (place: Place): ListRequest => collectionAt(place).list;

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
          // Distinct creation times, so the default order (created_at desc) is known: set afterwards, or where rows never
          // change, made at them.
          const moment = (i: number) => `2026-01-0${i + 1}T00:00:00Z`;
          for (let i = 0; i < 5; i++) created.push((spec.immutable ? await addCreatedAt(place, moment(i)) : await add(place)).id);
          await add(await newCase(owner));
          if (spec.parent) await add(placeOf(place.caseId, await spec.parent.create(t, owner, place.caseId)));
          if (!spec.immutable) for (let i = 0; i < 5; i++) await t.sql(`update ${table} set created_at = $2 where id = $1`, [created[i], moment(i)]);
          await expectPagedList(listOf(place), [...created].reverse(), fieldList);
        });

        for (const sort of resource.sorts) {
          it(`sort_by=${sort}: asc and desc, ties on id, in page and cursor mode; a cursor is bound to its sort`, async () => {
            const place = await newCase(owner);
            // A field no body writes (derived on save) gets its values through SQL, as timestamps do.
            const bodySet = spec.sortValues?.[sort] !== undefined && (createFields.includes(sort) || spec.sortBodies?.[sort] !== undefined);
            await expectSortOf(collectionAt(place), sort, {
              name: resource.name,
              values: spec.sortValues?.[sort],
              bodyOf: bodySet ? (value) => ({ ...spec.create(), ...(spec.sortBodies?.[sort]?.(value) ?? { [sort]: value }) }) : undefined,
              otherSort: resource.sorts.find((other) => other !== sort),
            });
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
            const rows = await filterRowsOf(collectionAt(place), filters, spec.create);
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
          if (filterName && filter) misuses.push([listOf(place), [[filterName, acceptedValue(filterName, filter)]]]);
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
          const res = await collectionAt(place).request('create').send(body);
          const data = expectCreated(res, await answeredFields(res.body.data?.id), expectedCreated(body));
          if (spec.itemDocument) await expectAnswersItsDocument(place, data);
          const stored = (await row(data.id)) as View;
          expect(stored).toBeDefined();
          expect(stored.case_id).toBe(place.caseId);
          if (resource.parent) expect(stored[toSnakeCase(resource.parent.property)]).toBe(place.parentId);
          expectStoredAsAnswered(stored, expectedCreated(body), sensitive);
          expect(await rowsOf(place.caseId)).toEqual([data.id]);
        });

        it('201 with every field set; reading it back gives the same', async () => {
          const body = full();
          // Where a plain POST makes only a case's first record (the seed makes the others), a case of its own.
          const place = spec.seed ? await newCase(owner) : home;
          const res = await t.http().post(place.collection).set(owner.auth).send(body);
          expect(res.status).toBe(201);
          expect(res.body.data).toMatchObject(expectedCreated(body));
          expect(Object.keys(res.body.data).sort()).toEqual(await answeredFields(res.body.data.id));
          if (has('read')) {
            const read = await t.http().get(item(place, keyOf(res.body.data))).set(owner.auth).expect(200);
            expect(read.body.data).toEqual(res.body.data);
          }
        });

        it('422 validation_error with details for missing, unknown, read-only and wrongly typed fields; nothing written', async () => {
          const place = await newCase(owner);
          const base = spec.create();
          const written: InvalidBody[] = [
            { body: { ...base, id: UNKNOWN_ID, case_id: place.caseId }, fields: ['case_id', 'id'], reason: 'unknown_field' },
            { body: { ...base, created_at: '2020-01-01T00:00:00.000Z' }, fields: ['created_at'], reason: 'unknown_field' },
          ];
          await expectInvalidCreates(collectionAt(place), invalidCreatesOf(base, { required, booleans }, written, spec.invalidCreates));
          expect(await rowsOf(place.caseId)).toEqual([]);
        });
      });
    }

    if (has('read')) {
      describe(`GET …/${resource.path}/{${resource.idParam}}`, () => {
        it('200 with the record and a strong ETag; 304 for a matching If-None-Match or *; 200 once it changed', async () => {
          const created = await add(home, full());
          await expectReadWithETag(collectionAt(home), created, has('patch') ? (patches as readonly PatchStep[])[0]?.body : undefined);
          if (spec.itemDocument) await expectAnswersItsDocument(home, (await t.http().get(item(home, keyOf(created))).set(owner.auth).expect(200)).body.data);
        });

        it('404 for an unknown id, a malformed id, and a record of another case of the same organization', async () => {
          const other = await add(elsewhere);
          // A key of its own is shared by records of two cases: a case that holds none asks for the other's.
          const asking = keyed ? await newCase(owner) : home;
          const unknown = await t.http().get(item(asking, unknownKey)).set(owner.auth);
          expectError(unknown, 404, 'not_found');
          expect(unknown.headers['x-request-id']).toBeTruthy();
          expectError(await t.http().get(item(asking, 'not-an-id')).set(owner.auth), 404, 'not_found');
          expectError(await t.http().get(item(asking, keyOf(other))).set(owner.auth), 404, 'not_found');
          await t.http().get(item(elsewhere, keyOf(other))).set(owner.auth).expect(200);
        });
      });
    }

    if (writes && has('patch')) {
      describe(`PATCH …/${resource.path}/{${resource.idParam}}`, () => {
        it('merge patch (application/json, then application/merge-patch+json): only the fields sent change', async () => {
          await expectMergePatches(collectionAt(home), views, await add(home, full()), patches);
        });

        const clearable = patchable.filter((field) => !required.includes(field) && expectedCreated({})[field] === null);
        it(`null clears an optional field (${clearable.join(', ') || 'none'}); null on a required one is a 422, row unchanged`, async () => {
          await expectNullClears(collectionAt(home), views, await add(home, full()), { clearable, required, patchable });
        });

        it('422 with details for read-only, unknown and wrongly typed fields; the row is unchanged', async () => {
          const created = await add(home);
          const [firstField, firstValue] = Object.entries(patches[0].body)[0];
          const invalid: InvalidBody[] = [
            { body: { id: UNKNOWN_ID }, fields: ['id'] },
            { body: { case_id: elsewhere.caseId }, fields: ['case_id'] },
            { body: { created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z' }, fields: ['created_at', 'updated_at'] },
            { body: { [firstField]: firstValue, nickname: 'P' }, fields: ['nickname'] },
            ...booleans.filter((field) => patchable.includes(field)).map((field) => ({ body: { [field]: 'no' }, fields: [field] })),
            ...(spec.invalidPatches ?? []),
          ];
          await expectInvalidPatches(collectionAt(home), created.id, invalid);
        });

        it('412 for a stale If-Match (row unchanged); 200 with the current one or *, and the ETag changes', async () => {
          const created = await add(home, full());
          await expectPatchIfMatch(collectionAt(home), created.id, patches);
        });

        it('404 for an unknown id and for a record of another case (row unchanged); 415 for text/plain', async () => {
          const other = await add(elsewhere);
          await expectPatchNotFoundOrUnsupported(collectionAt(home), other.id, patches[0].body);
        });
      });
    }

    if (writes && has('delete')) {
      describe(`DELETE …/${resource.path}/{${resource.idParam}}`, () => {
        it('204 with no body, then the record is gone (404 on read and delete, absent from the list)', async () => {
          const place = await newCase(owner);
          // The later one is deleted: where only the latest may be (a settled accounting), it is that one.
          const kept = await add(place);
          const doomed = await add(place);
          const res = await t.http().delete(item(place, keyOf(doomed))).set(owner.auth);
          expect(res.status).toBe(204);
          expect(res.text).toBeFalsy();
          expect(await row(doomed.id)).toBeUndefined();
          if (has('read')) expectError(await t.http().get(item(place, keyOf(doomed))).set(owner.auth), 404, 'not_found');
          expectError(await t.http().delete(item(place, keyOf(doomed))).set(owner.auth), 404, 'not_found');
          if (has('list')) expect(ids(await listIds(place, []))).toEqual([kept.id]);
          expect(await rowsOf(place.caseId)).toEqual([kept.id]);
        });

        it('412 for a stale If-Match (record kept); 204 with the current ETag', async () => {
          const record = await add(home);
          const stale = await t.http().delete(item(home, keyOf(record))).set(owner.auth).set('If-Match', '"stale"');
          expectError(stale, 412, 'precondition_failed');
          expect(await row(record.id)).toBeDefined();
          const read = await t.http().get(item(home, keyOf(record))).set(owner.auth).expect(200);
          await t.http().delete(item(home, keyOf(record))).set(owner.auth).set('If-Match', read.headers.etag).expect(204);
          expect(await row(record.id)).toBeUndefined();
        });

        it('404 for an unknown id and for a record of another case of the same organization (kept)', async () => {
          const other = await add(elsewhere);
          const asking = keyed ? await newCase(owner) : home;
          expectError(await t.http().delete(item(asking, unknownKey)).set(owner.auth), 404, 'not_found');
          expectError(await t.http().delete(item(asking, keyOf(other))).set(owner.auth), 404, 'not_found');
          expect(await row(other.id)).toBeDefined();
        });
      });
    }

    const refused = routesNotAllowed(has);
    if (refused.length > 0) {
      it(`405 method_not_allowed with Allow for the routes it leaves out (${refused.join(', ')}); nothing written`, async () => {
        await expectRoutesNotAllowed(collectionAt(home), has, refused);
      });
    }

    if (spec.masked && Object.keys(spec.masked).length > 0) {
      const full = spec.masked;
      it(`masks ${Object.keys(full).join(', ')} in every response (create, read, list, patch)`, async () => {
        await expectMaskedEverywhere(collectionAt(await newCase(owner)), spec.create(), full, { read: has('read'), list: has('list'), patch: writes && has('patch') });
      });
    }

    describe('foreign, unknown and deleted cases; parents', () => {
      it(`another organization’s case: ${[...resource.forbiddenForForeignCase].join(', ') || 'no route'} 403, the others 404; nothing touched or leaked`, async () => {
        const foreign = await newCase(stranger);
        const secret = await add(foreign, full(), stranger);
        const before = await row(secret.id);
        const secrets = Object.values(viewOfBody(full()) as View).filter((value): value is string => typeof value === 'string' && value.length >= 4);
        for (const route of ALL_ROUTES.filter(has)) {
          const res = await call(route, foreign, keyOf(secret));
          if (resource.forbiddenForForeignCase.has(route)) expectError(res, 403, 'forbidden');
          else expectError(res, 404, 'not_found');
          for (const value of secrets) expect(res.text).not.toContain(value);
        }
        expect(await row(secret.id)).toEqual(before);
        expect(await rowsOf(foreign.caseId)).toEqual([secret.id]);
        // The owner still sees it.
        if (has('read')) await t.http().get(item(foreign, keyOf(secret))).set(stranger.auth).expect(200);
      });

      it('an unknown or malformed case id: every route 404', async () => {
        for (const caseId of [UNKNOWN_CASE_ID, 'not-a-case']) {
          const place = placeOf(caseId, spec.parent ? UNKNOWN_ID : undefined);
          for (const route of ALL_ROUTES.filter(has)) expectError(await call(route, place, unknownKey), 404, 'not_found');
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
        for (const route of ALL_ROUTES.filter(has)) expectError(await call(route, place, records[0] ? keyOf(records[0]) : unknownKey), 404, 'not_found');
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
