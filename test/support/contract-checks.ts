import type { Response, Test } from 'supertest';
import { FilterSpec, FilterSpecs, StandardRoute, toSnakeCase } from '@estate/shared-kernel';
import { detailFields, expectError } from './api-assertions';
import type { TestApp, TestCaller } from './test-app';

/**
 * What the generic contracts check alike on any collection — a case's records (`resource-contract.ts`) and records
 * of no case (`organization-record-contract.ts`): the values a response is compared with (masking, merge patches,
 * what a create reads back as, which columns a write may change), the checks of a list given a way to ask for it
 * (paging, cursors, sorts, filters, bad and unknown parameters), and those of a record's routes given the collection
 * as a caller asks it (create, read, merge patch, the routes left out, masking). Where the collection lives and whose
 * rows it holds is the caller's: a list is a `ListRequest`, a collection a `Collection`.
 */

export type Body = Record<string, unknown>;
export type View = Record<string, any>;

/** A sample that leaves the field out of the body (the create body's own value, or the server default, applies). */
export const UNSET = Symbol('unset');
export type Sample = unknown | typeof UNSET;

export interface InvalidBody {
  body: Body;
  /** The `details[].field`s the 422 must name, in any order. */
  fields: string[];
  /** The reason every detail must give, when the case fixes it. */
  reason?: string;
}

export interface PatchStep {
  body: Body;
  /** What the patch does to the response, when it is not the body itself (computed fields); merged like the body. */
  effect?: Body;
}

/** A well-formed ULID that names nothing. */
export const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
export const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const STRONG_ETAG = /^"[^"]+"$/;
/** Contract §3.2: the fields masked wherever they appear. */
export const SENSITIVE_FIELDS = ['ssn', 'account_number', 'policy_number', 'vin', 'ein'];
/** Contract §4: `%` and `_` in a text filter are literal characters. */
export const DEFAULT_TEXTS = ['Daughter', 'step-daughter', 'son', 'attorney (50%_fee)'];
/** Seven timestamps with a three-way tie, for sorts on `*_at` columns set through SQL. */
export const TIMESTAMPS = ['2026-01-05', '2026-01-02', '2026-01-01', '2026-01-02', '2026-01-04', '2026-01-02', '2026-01-03'].map((day) => `${day}T00:00:00.000Z`);

export const ids = (res: Response): string[] => (res.body.data as View[]).map((row) => row.id);

/** Contract §3.2: every character but the last four becomes `*`; four or fewer are masked whole. */
export function masked(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : '*'.repeat(value.length - 4) + value.slice(-4);
}

/** What a body reads as: masked fields masked, at any depth. */
export function viewOfBody(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(viewOfBody);
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, SENSITIVE_FIELDS.includes(key) && typeof value === 'string' ? masked(value) : viewOfBody(value)]),
  );
}

/** RFC 7396 applied to a response view: objects merge, `null` clears (and reads `null`), anything else replaces. */
export function mergedView(view: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return viewOfBody(patch);
  const base: View = view !== null && typeof view === 'object' && !Array.isArray(view) ? { ...(view as View) } : {};
  for (const [key, value] of Object.entries(patch)) {
    base[key] = value === null ? null : SENSITIVE_FIELDS.includes(key) && typeof value === 'string' ? masked(value) : mergedView(base[key], value);
  }
  return base;
}

export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

export function normalisedFilter(spec: FilterSpec): Exclude<FilterSpec, readonly string[]> {
  return Array.isArray(spec) ? { kind: 'enum', values: spec as readonly string[] } : (spec as Exclude<FilterSpec, readonly string[]>);
}

export function query(params: Array<[string, string]>): string {
  return params.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}

/** A list's request under these query parameters, as the caller whose rows it lists asks (not yet sent). */
export type ListRequest = (params: Array<[string, string]>) => Test;

/** The list under these parameters, answered `200`. */
export async function listed(list: ListRequest, params: Array<[string, string]>): Promise<Response> {
  const res = await list(params);
  expect(res.status).toBe(200);
  return res;
}

/** Walks a list in cursor mode from an empty cursor (`page` is ignored there: sent as 9, it reads 1) and checks every page's meta. */
export async function walkCursor(list: ListRequest, params: Array<[string, string]>, perPage: number, expected: string[]): Promise<void> {
  const walked: string[] = [];
  let cursor = '';
  let pages = 0;
  for (;;) {
    const res = await list([...params, ['per_page', String(perPage)], ['page', '9'], ['cursor', cursor]]);
    expect(res.status).toBe(200);
    pages += 1;
    // The meta of cursor mode: no totals, and `page` (ignored, whatever was sent) 1.
    expect(Object.keys(res.body.meta).sort()).toEqual(['has_more', 'next_cursor', 'page', 'per_page']);
    expect(res.body.meta.page).toBe(1);
    expect(res.body.meta.per_page).toBe(perPage);
    walked.push(...ids(res));
    if (res.body.meta.next_cursor === null) {
      expect(res.body.meta.has_more).toBe(false);
      break;
    }
    expect(typeof res.body.meta.next_cursor).toBe('string');
    expect(res.body.meta.has_more).toBe(true);
    expect(res.body.data).toHaveLength(perPage);
    cursor = res.body.meta.next_cursor;
    if (pages > expected.length) throw new Error('cursor walk does not end');
  }
  expect(pages).toBe(Math.max(1, Math.ceil(expected.length / perPage)));
  expect(new Set(walked).size).toBe(walked.length);
  expect(walked).toEqual(expected);
}

/**
 * Page mode over a list of five rows whose creation times are known (`newestFirst`): newest first by default with the
 * exact meta and every field on every row, three pages of two that add up to the whole, `sort_order=asc` the reverse.
 */
export async function expectPagedList(list: ListRequest, newestFirst: string[], fieldList: readonly string[]): Promise<void> {
  expect(newestFirst).toHaveLength(5);
  const all = await listed(list, []);
  expect(all.headers.etag).toBeDefined();
  expect(ids(all)).toEqual(newestFirst);
  expect(all.body.meta).toEqual({ page: 1, per_page: 25, total_count: 5, total_pages: 1, has_more: false, next_cursor: null });
  for (const view of all.body.data) expect(Object.keys(view).sort()).toEqual(fieldList);

  const page1 = await listed(list, [['per_page', '2']]);
  expect(page1.body.meta).toEqual({ page: 1, per_page: 2, total_count: 5, total_pages: 3, has_more: true, next_cursor: null });
  const page2 = await listed(list, [['per_page', '2'], ['page', '2']]);
  expect(page2.body.meta).toEqual({ page: 2, per_page: 2, total_count: 5, total_pages: 3, has_more: true, next_cursor: null });
  const page3 = await listed(list, [['per_page', '2'], ['page', '3']]);
  expect(page3.body.meta).toEqual({ page: 3, per_page: 2, total_count: 5, total_pages: 3, has_more: false, next_cursor: null });
  expect([...ids(page1), ...ids(page2), ...ids(page3)]).toEqual(newestFirst);
  // A page past the last is empty, with nothing more to come.
  const past = await listed(list, [['per_page', '2'], ['page', '4']]);
  expect(past.body.data).toEqual([]);
  expect(past.body.meta.has_more).toBe(false);

  expect(ids(await listed(list, [['sort_order', 'asc']]))).toEqual([...newestFirst].reverse());
}

/**
 * One sort over seven rows with a tie (`rows`: each id with its sorted value): asc and desc, ties on id, desc by
 * default, in page mode (four pages of two) and in cursor mode, the rows carrying `readAs(value)`; a cursor is bound
 * to its sort (another `sort_order`, or `otherSort`, refuses it).
 */
export async function expectSortedList(
  list: ListRequest,
  sort: string,
  rows: ReadonlyArray<{ id: string; value: unknown }>,
  options: { readAs: (value: unknown) => unknown; otherSort?: string },
): Promise<void> {
  expect(rows).toHaveLength(7);
  const ordered = [...rows].sort((a, b) => compareValues(a.value, b.value) || compareValues(a.id, b.id));
  const ascending = ordered.map((r) => r.id);
  const descending = [...ascending].reverse();

  const asc = await listed(list, [['sort_by', sort], ['sort_order', 'asc']]);
  expect(ids(asc)).toEqual(ascending);
  expect(asc.body.data.map((view: View) => view[sort])).toEqual(ordered.map((r) => options.readAs(r.value)));
  expect(ids(await listed(list, [['sort_by', sort], ['sort_order', 'desc']]))).toEqual(descending);
  expect(ids(await listed(list, [['sort_by', sort]]))).toEqual(descending);
  if (sort === 'created_at') expect(ids(await listed(list, []))).toEqual(descending);

  const paged: string[] = [];
  for (let page = 1; page <= 4; page++) {
    const res = await listed(list, [['sort_by', sort], ['sort_order', 'asc'], ['per_page', '2'], ['page', String(page)]]);
    expect(res.body.meta).toEqual({ page, per_page: 2, total_count: 7, total_pages: 4, has_more: page < 4, next_cursor: null });
    paged.push(...ids(res));
  }
  expect(paged).toEqual(ascending);

  await walkCursor(list, [['sort_by', sort], ['sort_order', 'asc']], 3, ascending);
  await walkCursor(list, [['sort_by', sort], ['sort_order', 'desc']], 3, descending);
  await walkCursor(list, [['sort_by', sort], ['sort_order', 'asc']], 2, ascending);

  // A cursor is bound to its sort: another sort_by or sort_order refuses it.
  const first = await listed(list, [['sort_by', sort], ['sort_order', 'asc'], ['per_page', '2'], ['cursor', '']]);
  const cursor: string = first.body.meta.next_cursor;
  const mismatches: Array<Array<[string, string]>> = [[['sort_by', sort], ['sort_order', 'desc'], ['cursor', cursor]]];
  if (options.otherSort) mismatches.push([['sort_by', options.otherSort], ['sort_order', 'asc'], ['cursor', cursor]]);
  for (const params of mismatches) {
    const mismatched = await list([...params, ['per_page', '2']]);
    expectError(mismatched, 400, 'bad_request');
    expect(detailFields(mismatched)).toEqual(['cursor']);
  }
}

/** Where a filter's rows get their values: samples, the body fields that give a row one, or the column(s) SQL sets. */
export interface FilterRows {
  samples?: readonly Sample[];
  /** The body fields that give a row a sample; by default `{ [field]: sample }`. */
  body?: (sample: unknown) => Body;
  /** The column(s) that hold the sample when no body can set it: the row is made from the plain body, then set through SQL. */
  column?: string | readonly string[];
}

/** One declared filter as the filter check runs it: the rows' samples, and the queries with what each must match. */
export interface FilterCase {
  name: string;
  samples: readonly Sample[];
  bodyOf: (sample: unknown) => Body;
  column?: string | readonly string[];
  queries: string[][];
  matches: (view: View, wanted: string[]) => boolean;
}

/** A declared filter's check: samples by kind (enum: its first three values and UNSET) unless given, and its queries. */
export function filterCase(name: string, spec: FilterSpec, own: FilterRows = {}): FilterCase {
  const declared = normalisedFilter(spec);
  if (declared.kind === 'own') throw new Error(`the filter ${name} is parsed by its route's service: its own suite gives its rows`);
  const field = toSnakeCase(declared.property ?? name);
  const values = 'values' in declared ? [...declared.values] : [];
  const samples: readonly Sample[] =
    own.samples ??
    (declared.kind === 'enum'
      ? [...values.slice(0, 3), UNSET]
      : declared.kind === 'boolean'
        ? [true, false, true, UNSET]
        : declared.kind === 'array_contains'
          ? [[values[0]], values.slice(1, 3), [values[values.length - 1]]]
          : DEFAULT_TEXTS);
  const bodyOf = own.body ?? ((sample: unknown) => ({ [field]: sample }));
  const texts = samples.filter((sample): sample is string => typeof sample === 'string');
  const queries: string[][] =
    declared.kind === 'boolean'
      ? [['true'], ['false'], ['true', 'false']]
      : declared.kind === 'contains_text'
        ? [[texts[0].slice(0, 5).toLowerCase()], [texts[0].toUpperCase()], [texts[2]], ['%'], ['_'], [texts[2], texts[3]]]
        : declared.kind === 'equals'
          ? [[texts[0]], [texts[0].slice(0, 5)], [texts[1], texts[2]]]
          : [...values.map((value) => [value]), values.slice(0, 2)];
  const matches = (view: View, wanted: string[]): boolean => {
    const value = view[field];
    if (declared.kind === 'boolean') return wanted.includes(String(value));
    if (declared.kind === 'array_contains') return Array.isArray(value) && value.some((entry) => wanted.includes(entry));
    if (declared.kind === 'contains_text') return typeof value === 'string' && wanted.some((part) => value.toLowerCase().includes(part.toLowerCase()));
    return wanted.includes(value);
  };
  return { name, samples, bodyOf, column: own.column, queries, matches };
}

/** How many rows the filter check makes: enough for every filter's samples. */
export function filterRowCount(filters: readonly FilterCase[]): number {
  return Math.max(...filters.map((filter) => filter.samples.length));
}

/** Row `index`'s body (over `base`) and the columns SQL sets, from each filter's sample for it. */
export function filterRow(filters: readonly FilterCase[], index: number, base: Body): { body: Body; columns: Array<[string, unknown]> } {
  let body = base;
  const columns: Array<[string, unknown]> = [];
  for (const filter of filters) {
    const sample = filter.samples[index % filter.samples.length];
    if (sample === UNSET) continue;
    if (filter.column) for (const column of [filter.column].flat()) columns.push([column, sample]);
    else body = { ...body, ...filter.bodyOf(sample) };
  }
  return { body, columns };
}

/**
 * Each filter's queries over the rows made for them, single and repeated values, with exact counts (each filter
 * really tested: some query finds rows, some leaves rows out); then every two filters combined.
 */
export async function expectFilteredLists(list: ListRequest, filters: readonly FilterCase[], rows: readonly View[]): Promise<void> {
  const expectFiltered = async (params: Array<[string, string]>, wanted: readonly View[]): Promise<void> => {
    const res = await listed(list, [...params, ['per_page', '100']]);
    expect(ids(res).sort()).toEqual(wanted.map((view) => view.id).sort());
    expect(res.body.meta).toMatchObject({ total_count: wanted.length, has_more: false, ...(wanted.length > 0 ? { total_pages: 1 } : {}) });
  };
  for (const filter of filters) {
    const sizes: number[] = [];
    for (const values of filter.queries) {
      const wanted = rows.filter((view) => filter.matches(view, values));
      sizes.push(wanted.length);
      await expectFiltered(
        values.map((value) => [filter.name, value]),
        wanted,
      );
    }
    expect(Math.max(...sizes)).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeLessThan(rows.length);
  }
  for (const [i, a] of filters.entries()) {
    for (const b of filters.slice(i + 1)) {
      const wanted = rows.filter((view) => a.matches(view, a.queries[0]) && b.matches(view, b.queries[0]));
      await expectFiltered([...a.queries[0].map((value): [string, string] => [a.name, value]), ...b.queries[0].map((value): [string, string] => [b.name, value])], wanted);
    }
  }
}

/**
 * Of a filter its route's service parses (`{ kind: 'own' }`), whose values no kind says: one it accepts, and some it
 * refuses (`400 bad_request` naming it), said by its contract's spec.
 */
export interface OwnFilterValues {
  accepted: string;
  refused: readonly [string, ...string[]];
}

/** The values said of an `own` filter, which its kind cannot give. */
function ownValuesOf(name: string, own: Readonly<Record<string, OwnFilterValues>>): OwnFilterValues {
  const values = own[name];
  if (!values) throw new Error(`the filter ${name} is parsed by its route's service: its contract's spec says the values it accepts and refuses`);
  return values;
}

/** A value each filter accepts (the first of an enum's, `true`, one letter, what the spec says of an `own` one). */
export function acceptedValue(name: string, spec: FilterSpec, own: Readonly<Record<string, OwnFilterValues>> = {}): string {
  const declared = normalisedFilter(spec);
  if (declared.kind === 'own') return ownValuesOf(name, own).accepted;
  return declared.kind === 'boolean' ? 'true' : declared.kind === 'contains_text' || declared.kind === 'equals' ? 'x' : declared.values[0];
}

/**
 * `400 bad_request` naming the parameter: a cursor that does not decode, `sort_by` on each body field that is no sort
 * and on no field, `sort_order`, `page`, `per_page` (1–100), each filter's bad values (alone and beside a good one).
 */
export async function expectBadListParameters(
  list: ListRequest,
  rules: { filters: FilterSpecs; sorts: readonly string[] },
  bodyFields: readonly string[],
  own: Readonly<Record<string, OwnFilterValues>> = {},
): Promise<void> {
  const expectBad = async (params: Array<[string, string]>, parameter: string) => {
    const res = await list(params);
    expectError(res, 400, 'bad_request');
    expect(detailFields(res)).toEqual([parameter]);
    expect(res.headers['x-request-id']).toBeTruthy();
  };
  await expectBad([['cursor', 'not-a-cursor']], 'cursor');
  for (const field of [...bodyFields.filter((name) => !rules.sorts.includes(name)), 'not_a_field']) await expectBad([['sort_by', field]], 'sort_by');
  await expectBad([['sort_order', 'up']], 'sort_order');
  for (const value of ['0', 'abc', '-1', '1.5']) await expectBad([['page', value]], 'page');
  for (const value of ['0', '101', 'abc']) await expectBad([['per_page', value]], 'per_page');
  // Every bad parameter is named at once.
  const both = await list([['page', '0'], ['per_page', '101']]);
  expectError(both, 400, 'bad_request');
  expect(detailFields(both).sort()).toEqual(['page', 'per_page']);
  for (const [name, spec] of Object.entries(rules.filters)) {
    const declared = normalisedFilter(spec);
    const bad =
      declared.kind === 'own'
        ? ownValuesOf(name, own).refused
        : declared.kind === 'boolean'
          ? ['yes', '1', 'TRUE']
          : declared.kind === 'contains_text' || declared.kind === 'equals'
            ? ['', 'x'.repeat(201)]
            : ['maybe', '', `${declared.values[0]}_x`];
    for (const value of bad) await expectBad([[name, value]], name);
    await expectBad([[name, acceptedValue(name, spec, own)], [name, bad[0]]], name);
  }
  // In cursor mode `page` is ignored, so it cannot be wrong either.
  await listed(list, [['cursor', ''], ['page', '0']]);
}

/** `400 bad_request` for unknown query parameters, naming each and the known one it most likely meant; a mistyped filter too. */
export async function expectUnknownListParameters(list: ListRequest, filters: FilterSpecs): Promise<void> {
  const res = await list([['per_pgae', '2'], ['whatever', 'x']]);
  expectError(res, 400, 'bad_request');
  expect(res.body.error.details).toEqual([
    { field: 'per_pgae', message: expect.stringContaining('did you mean `per_page`?'), reason: 'unknown_parameter' },
    { field: 'whatever', message: expect.stringContaining('is not a query parameter of this route'), reason: 'unknown_parameter' },
  ]);
  // A mistyped filter must not answer the unfiltered list.
  for (const name of Object.keys(filters)) {
    const at = [...name].findIndex((char, index) => index > 0 && char !== name[index + 1]);
    const typo = `${name.slice(0, at)}${name[at + 1]}${name[at]}${name.slice(at + 2)}`;
    const mistyped = await list([[typo, 'x']]);
    expectError(mistyped, 400, 'bad_request');
    expect(mistyped.body.error.details).toEqual([{ field: typo, message: expect.stringContaining(`did you mean \`${name}\``), reason: 'unknown_parameter' }]);
  }
}

/** A cursor used on another list (`misuses`: each a list and the filters sent with it) is `400 bad_request` naming the cursor. */
export async function expectCursorBoundToItsList(cursor: string, misuses: ReadonlyArray<[ListRequest, Array<[string, string]>]>): Promise<void> {
  for (const [list, params] of misuses) {
    const res = await list([...params, ['per_page', '1'], ['cursor', cursor]]);
    expectError(res, 400, 'bad_request');
    expect(res.body.error.details).toEqual([{ field: 'cursor', message: expect.stringContaining('another list'), reason: 'conflict' }]);
  }
}

/** A list's `ETag`: `304` with no body for a matching `If-None-Match`, `200` once `change` changed it. */
export async function expectListNotModified(list: ListRequest, change: () => Promise<unknown>, rowsAfter: number): Promise<void> {
  const first = await listed(list, []);
  expect(first.headers.etag).toMatch(STRONG_ETAG);
  const cached = await list([]).set('If-None-Match', first.headers.etag);
  expect(cached.status).toBe(304);
  expect(cached.text).toBeFalsy();
  await change();
  const changed = await list([]).set('If-None-Match', first.headers.etag);
  expect(changed.status).toBe(200);
  expect(changed.body.data).toHaveLength(rowsAfter);
}

export const ALL_ROUTES: readonly StandardRoute[] = ['list', 'create', 'read', 'patch', 'delete'];
export const COLLECTION_ROUTES: readonly StandardRoute[] = ['list', 'create'];
export const METHOD: Record<StandardRoute, 'get' | 'post' | 'patch' | 'delete'> = { list: 'get', create: 'post', read: 'get', patch: 'patch', delete: 'delete' };

/** The routes served on the same path as `route`: the collection's, or a record's. */
function servedBeside(route: StandardRoute, has: (route: StandardRoute) => boolean): StandardRoute[] {
  return ALL_ROUTES.filter((other) => has(other) && COLLECTION_ROUTES.includes(other) === COLLECTION_ROUTES.includes(route));
}

/** The routes left out that answer 405: a left-out route whose path serves another method (a path with no route at all is a 404). */
export function routesNotAllowed(has: (route: StandardRoute) => boolean): StandardRoute[] {
  return ALL_ROUTES.filter((route) => !has(route) && servedBeside(route, has).length > 0);
}

/** A record's stored row, by id. */
export async function storedRow(t: TestApp, table: string, id: string): Promise<View | undefined> {
  return (await t.sql(`select * from ${table} where id = $1`, [id]))[0];
}

/**
 * One collection as one caller asks it — a case's records (under a parent, where nested), an organization's — for the
 * checks below: its routes' requests, the records it makes, and their rows as stored.
 */
export interface Collection {
  /** The route's request, on the collection or on the record its key addresses (`keyOf`), as the caller asks it (not yet sent). */
  request(route: StandardRoute, key?: string): Test;
  /** The route where any valid request does: a create sends the minimal body, a patch the first patch step. */
  call(route: StandardRoute, key: string): Test;
  /** The list under these query parameters, as the caller asks it. */
  list: ListRequest;
  /** A record made from `body` (by default the minimal create body), as a read presents it. */
  add(body?: Body): Promise<View>;
  /**
   * Where rows never change (a trigger refuses `UPDATE`): a record made at `moment`, its `created_at`, instead of one
   * whose column is set through SQL afterwards.
   */
  addCreatedAt?(moment: string, body?: Body): Promise<View>;
  /** What addresses a record in its routes' paths: its id, or the field its collection states (a settled accounting's `sequence`). */
  keyOf(view: View): string;
  /** A record's stored row (of any collection of the table: a row is read by id). */
  row(id: string): Promise<View | undefined>;
  /** The ids of the rows the collection holds. */
  rows(): Promise<string[]>;
  /** Sets columns of a record's row through SQL (what no body may write). */
  setColumns(id: string, columns: ReadonlyArray<[string, unknown]>): Promise<void>;
}

/**
 * The collection at `path` (its rows in `table`) as `caller` asks it; `own` is what its contract knows: the bodies a
 * create and a patch send where any valid one does, how a record is made, and which rows are the collection's.
 */
export function callerCollection(
  t: TestApp,
  caller: TestCaller,
  where: { path: string; table: string },
  own: {
    create: () => Body;
    patch?: Body;
    add: (body?: Body) => Promise<View>;
    addCreatedAt?: (moment: string, body?: Body) => Promise<View>;
    rows: () => Promise<string[]>;
    /** The field that addresses a record; `id` by default. */
    itemKey?: string;
  },
): Collection {
  const request = (route: StandardRoute, key?: string): Test =>
    t.http()[METHOD[route]](COLLECTION_ROUTES.includes(route) ? where.path : `${where.path}/${key}`).set(caller.auth);
  const itemKey = own.itemKey ?? 'id';
  return {
    request,
    call: (route, key) => (route === 'create' ? request(route).send(own.create()) : route === 'patch' ? request(route, key).send(own.patch ?? {}) : request(route, key)),
    list: (params) => t.http().get(`${where.path}?${query(params)}`).set(caller.auth),
    add: own.add,
    ...(own.addCreatedAt ? { addCreatedAt: own.addCreatedAt } : {}),
    keyOf: (view) => String(view[itemKey]),
    row: (id) => storedRow(t, where.table, id),
    rows: own.rows,
    setColumns: async (id, columns) => {
      const sets = columns.map(([column], index) => `${column} = $${index + 2}`).join(', ');
      await t.sql(`update ${where.table} set ${sets} where id = $1`, [id, ...columns.map(([, value]) => value)]);
    },
  };
}

/** What a record's answers and rows are compared with, read from its entity's metadata and its contract's spec. */
export interface RecordViews {
  /** The columns of a JSON field: its property's column(s), or the prefixed columns of an embedded object. */
  columnsOf(field: string, sample: View): string[];
  /** The row changed only in the columns of the fields sent (and its timestamps and version). */
  expectRowChangedOnly(before: View, id: string, fieldsSent: string[]): Promise<void>;
  /** The answered values of the recomputed fields a patch step does not predict. */
  recomputed(res: Response, effect?: Body): View;
  /** What a create body reads back as: the body (masked), the defaults for what it leaves out. */
  expectedCreated(body: Body): View;
}

export function recordViews(record: {
  /** The entity metadata's properties (`schema.meta.properties`), which name a field's column(s). */
  properties: object;
  /** Every field of the response. */
  responseFields: readonly string[];
  /** The create body's fields a create answers with (and which of them are booleans and arrays). */
  presented: readonly string[];
  booleans: readonly string[];
  arrays: readonly string[];
  /** What a create reads for the fields it leaves out, beyond `false` for booleans, `[]` for arrays, `null` for the rest. */
  defaults?: Body;
  /** Read-only fields the server recomputes on every write: their columns may change, and a patch takes their value as answered. */
  computed?: readonly string[];
  /** Fields whose columns a write may rewrite with the same value (sealed anew): their columns may change too. */
  sealed?: readonly string[];
  row: (id: string) => Promise<View | undefined>;
}): RecordViews {
  const computed = record.computed ?? [];
  const columnsOf = (field: string, sample: View): string[] => {
    const property = Object.entries(record.properties).find(([name]) => toSnakeCase(name) === field)?.[1] as { fieldNames?: string[]; fieldName?: string } | undefined;
    const named = property?.fieldNames ?? (property?.fieldName ? [property.fieldName] : [field]);
    // Prefixed columns of an embedded object (`address_city`, `instant_transfer_evaluated_at`), but not another response
    // field's own column (`disposition` is not `disposition_details`).
    const otherFields = new Set(record.responseFields.filter((other) => other !== field));
    return Object.keys(sample).filter((column) => named.includes(column) || (column.startsWith(`${field}_`) && !otherFields.has(column)));
  };
  return {
    columnsOf,
    async expectRowChangedOnly(before, id, fieldsSent) {
      const after = (await record.row(id)) as View;
      const allowed = new Set(['updated_at', 'version', ...[...fieldsSent, ...computed, ...(record.sealed ?? [])].flatMap((field) => columnsOf(field, before))]);
      const changed = Object.keys(before).filter((column) => JSON.stringify(before[column]) !== JSON.stringify(after[column]));
      expect(changed.filter((column) => !allowed.has(column))).toEqual([]);
      for (const field of fieldsSent) {
        const columns = columnsOf(field, before);
        if (columns.length > 0) expect(columns.some((column) => changed.includes(column))).toBe(true);
      }
    },
    recomputed: (res, effect = {}) => Object.fromEntries(computed.filter((field) => !(field in effect)).map((field) => [field, res.body.data[field]])),
    expectedCreated(body) {
      const expected: View = {};
      for (const field of record.presented) {
        if (field in body) expected[field] = (viewOfBody({ [field]: body[field] }) as View)[field];
        else if (record.defaults && field in record.defaults) expected[field] = record.defaults[field];
        else expected[field] = record.booleans.includes(field) ? false : record.arrays.includes(field) ? [] : null;
      }
      return expected;
    },
  };
}

/**
 * One sort over seven rows with a tie (`values`, or TIMESTAMPS for a `*_at` sort), checked by `expectSortedList`: each
 * row made by its body where `bodyOf` gives one, else made plain and its column set through SQL, as are the records
 * the list holds at the start (`present`).
 */
export async function expectSortOf(
  c: Collection,
  sort: string,
  options: { name: string; values?: readonly unknown[]; bodyOf?: (value: unknown) => Body; present?: readonly string[]; otherSort?: string },
): Promise<void> {
  const values = options.values ?? (sort.endsWith('_at') ? TIMESTAMPS : undefined);
  if (!values) throw new Error(`${options.name}: spec.sortValues needs values for sort ${sort}`);
  // The check is only worth something with a tie to break.
  expect(new Set(values.map(String)).size).toBeLessThan(values.length);
  const present = options.present ?? [];
  // Rows that never change (a trigger refuses UPDATE) are made at the moment their creation sorts on.
  const madeAt = sort === 'created_at' && c.addCreatedAt !== undefined;
  if (madeAt && present.length > 0) throw new Error(`${options.name}: records present at the start cannot take another created_at where rows never change`);
  const rows: Array<{ id: string; value: unknown }> = [];
  for (const [index, value] of values.entries()) {
    if (madeAt) {
      rows.push({ id: (await c.addCreatedAt!(String(value))).id, value });
    } else if (index < present.length) {
      await c.setColumns(present[index], [[sort, value]]);
      rows.push({ id: present[index], value });
    } else if (options.bodyOf) {
      const view = await c.add(options.bodyOf(value));
      rows.push({ id: view.id, value: view[sort] });
    } else {
      const id = (await c.add()).id;
      await c.setColumns(id, [[sort, value]]);
      rows.push({ id, value });
    }
  }
  // The rows carry the sorted values (timestamps set through SQL read back in ISO UTC).
  const readAs = (value: unknown) => (options.bodyOf || !sort.endsWith('_at') ? value : new Date(String(value)).toISOString());
  await expectSortedList(c.list, sort, rows, { readAs, otherSort: options.otherSort });
}

/** The filter check's rows, made over `base()` with each filter's sample: a column no body sets is set through SQL, and the row read back. */
export async function filterRowsOf(c: Collection, filters: readonly FilterCase[], base: () => Body): Promise<View[]> {
  const rows: View[] = [];
  for (let i = 0; i < filterRowCount(filters); i++) {
    const { body, columns } = filterRow(filters, i, base());
    const view = await c.add(body);
    if (columns.length === 0) rows.push(view);
    else {
      await c.setColumns(view.id, columns);
      rows.push((await c.request('read', c.keyOf(view)).expect(200)).body.data);
    }
  }
  return rows;
}

/** A create's answer: `201`, a strong `ETag`, exactly `fieldList`, a ULID, timestamps, and what the body reads back as (`expected`). */
export function expectCreated(res: Response, fieldList: readonly string[], expected: View): View {
  expect(res.status).toBe(201);
  expect(res.headers.etag).toMatch(STRONG_ETAG);
  const data: View = res.body.data;
  expect(Object.keys(data).sort()).toEqual(fieldList);
  expect(data.id).toMatch(ULID);
  expect(data).toMatchObject(expected);
  expect(data.created_at).toMatch(ISO_UTC);
  // A record that never changes has no updated_at (a settled accounting).
  if (fieldList.includes('updated_at')) expect(data.updated_at).toMatch(ISO_UTC);
  return data;
}

/** Plain columns hold what the response says (masked and computed fields aside). */
export function expectStoredAsAnswered(stored: View, expected: View, sensitive: readonly string[]): void {
  for (const [field, value] of Object.entries(expected)) {
    if (sensitive.includes(field) || !(field in stored)) continue;
    if (value === null || typeof value === 'boolean' || (typeof value === 'string' && typeof stored[field] === 'string')) expect([field, stored[field]]).toEqual([field, value]);
  }
}

/**
 * The create bodies every collection refuses, over a valid `base`: each required field missing, then `null`, an
 * unknown field, what the server writes (`written`, as the collection has it), each boolean mistyped, and the spec's own.
 */
export function invalidCreatesOf(base: Body, fields: { required: readonly string[]; booleans: readonly string[] }, written: readonly InvalidBody[], own: readonly InvalidBody[] = []): InvalidBody[] {
  return [
    ...fields.required.map((field) => {
      const { [field]: _left, ...rest } = base;
      return { body: rest, fields: [field], reason: 'required' };
    }),
    ...fields.required.map((field) => ({ body: { ...base, [field]: null }, fields: [field], reason: 'required' })),
    { body: { ...base, favourite_colour: 'green' }, fields: ['favourite_colour'], reason: 'unknown_field' },
    ...written,
    ...fields.booleans.map((field) => ({ body: { ...base, [field]: 'yes' }, fields: [field], reason: 'type' })),
    ...own,
  ];
}

/** Each invalid create is a `422 validation_error` naming its fields, with its reason where it gives one. */
export async function expectInvalidCreates(c: Collection, invalid: readonly InvalidBody[]): Promise<void> {
  for (const { body, fields, reason } of invalid) {
    const res = await c.request('create').send(body);
    expectError(res, 422, 'validation_error');
    expect(detailFields(res).sort()).toEqual([...fields].sort());
    // A missing field says that it is required, not what type it would have had.
    if (reason === 'required') expect(res.body.error.details[0].message).toMatch(new RegExp(`^${fields[0]} is required`));
    if (reason) for (const detail of res.body.error.details) expect({ body, reason: detail.reason }).toEqual({ body, reason });
    expect(res.headers['x-request-id']).toBeTruthy();
  }
}

/** A read: `200` with the record and a strong `ETag`; `304` for a matching `If-None-Match` or `*`; `200` once `patch` (if given) changed it. */
export async function expectReadWithETag(c: Collection, created: View, patch?: Body): Promise<void> {
  const key = c.keyOf(created);
  const res = await c.request('read', key);
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual(created);
  expect(res.headers.etag).toMatch(STRONG_ETAG);
  for (const tag of [res.headers.etag, '*']) {
    const cached = await c.request('read', key).set('If-None-Match', tag);
    expect(cached.status).toBe(304);
    expect(cached.headers.etag).toBe(res.headers.etag);
    expect(cached.text).toBeFalsy();
  }
  if (patch) {
    await c.request('patch', key).send(patch).expect(200);
    const changed = await c.request('read', key).set('If-None-Match', res.headers.etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(res.headers.etag);
  }
}

/** The merge patches in turn (the first as application/json, the others as application/merge-patch+json): only the fields sent change. */
export async function expectMergePatches(c: Collection, views: RecordViews, created: View, patches: readonly PatchStep[]): Promise<void> {
  let current: View = created;
  let etag = (await c.request('read', created.id).expect(200)).headers.etag as string;
  for (const [index, step] of patches.entries()) {
    const expected = mergedView(current, step.effect ?? step.body) as View;
    // Each step must change something it sends, or it proves nothing.
    expect(Object.keys(step.body).some((field) => JSON.stringify(expected[field]) !== JSON.stringify(current[field]))).toBe(true);
    const before = (await c.row(created.id)) as View;
    const request = c.request('patch', created.id);
    const res = index === 0 ? await request.send(step.body) : await request.set('Content-Type', 'application/merge-patch+json').send(JSON.stringify(step.body));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...expected, ...views.recomputed(res, step.effect), updated_at: res.body.data.updated_at });
    expect(res.body.data.updated_at).toMatch(ISO_UTC);
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(current.updated_at));
    expect(res.headers.etag).toMatch(STRONG_ETAG);
    expect(res.headers.etag).not.toBe(etag);
    await views.expectRowChangedOnly(before, created.id, Object.keys(step.body));
    expect((await c.request('read', created.id).expect(200)).body.data).toEqual(res.body.data);
    [current, etag] = [res.body.data, res.headers.etag];
  }
}

/** `null` clears each `clearable` field (answer and columns); `null` on a `required` one is a 422 that says why, the row unchanged. */
export async function expectNullClears(
  c: Collection,
  views: RecordViews,
  created: View,
  fields: { clearable: readonly string[]; required: readonly string[]; patchable: readonly string[] },
): Promise<void> {
  let current: View = created;
  for (const field of fields.clearable) {
    if (current[field] === null) continue;
    const before = (await c.row(created.id)) as View;
    const res = await c.request('patch', created.id).send({ [field]: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...current, ...views.recomputed(res), [field]: null, updated_at: res.body.data.updated_at });
    await views.expectRowChangedOnly(before, created.id, [field]);
    for (const column of views.columnsOf(field, before)) expect(((await c.row(created.id)) as View)[column]).toBeNull();
    current = res.body.data;
  }
  const before = await c.row(created.id);
  for (const field of fields.required) {
    const refused = await c.request('patch', created.id).send({ [field]: null });
    expectError(refused, 422, 'validation_error');
    expect(detailFields(refused)).toEqual([field]);
    // A required field a patch may change says it is required (null clears, so it would be missing); one fixed at
    // creation is not writable at all.
    if (fields.patchable.includes(field)) expect(refused.body.error.details[0]).toMatchObject({ message: expect.stringMatching(new RegExp(`^${field} is required`)), reason: 'required' });
    else expect(refused.body.error.details[0]).toMatchObject({ message: `${field} is not a writable field of this resource`, reason: 'unknown_field' });
  }
  expect(await c.row(created.id)).toEqual(before);
}

/** Each invalid patch of the record `id` is a `422 validation_error` naming its fields, with its reason where it gives one; the row is unchanged. */
export async function expectInvalidPatches(c: Collection, id: string, invalid: readonly InvalidBody[]): Promise<void> {
  const before = await c.row(id);
  for (const { body, fields, reason } of invalid) {
    const res = await c.request('patch', id).send(body);
    expectError(res, 422, 'validation_error');
    expect(detailFields(res).sort()).toEqual([...fields].sort());
    if (reason) for (const detail of res.body.error.details) expect({ body, reason: detail.reason }).toEqual({ body, reason });
  }
  expect(await c.row(id)).toEqual(before);
}

/**
 * `If-Match` on a patch of the record `id`: a stale one is a 412, the row unchanged; the current one a 200 with a new
 * `ETag` (`accepted` checks more of that answer), after which the old one is stale; `*` a 200 with a new `ETag` again.
 */
export async function expectPatchIfMatch(c: Collection, id: string, [first, second]: readonly PatchStep[], accepted?: (res: Response) => Promise<void>): Promise<void> {
  const read = await c.request('read', id).expect(200);
  const before = await c.row(id);

  const stale = await c.request('patch', id).set('If-Match', '"stale"').send(first.body);
  expectError(stale, 412, 'precondition_failed');
  expect(stale.headers['x-request-id']).toBeTruthy();
  expect(await c.row(id)).toEqual(before);

  const ok = await c.request('patch', id).set('If-Match', read.headers.etag).send(first.body);
  expect(ok.status).toBe(200);
  expect(ok.headers.etag).not.toBe(read.headers.etag);
  await accepted?.(ok);
  const afterOk = await c.row(id);

  const again = await c.request('patch', id).set('If-Match', read.headers.etag).send(second.body);
  expectError(again, 412, 'precondition_failed');
  expect(await c.row(id)).toEqual(afterOk);

  const any = await c.request('patch', id).set('If-Match', '*').send(second.body);
  expect(any.status).toBe(200);
  expect(any.headers.etag).not.toBe(ok.headers.etag);
}

/**
 * A patch of an unknown record, or of `otherId` (a record the caller may not reach), is a 404, that row unchanged; one
 * sent as text/plain is a 415, the row unchanged. Returns the 415.
 */
export async function expectPatchNotFoundOrUnsupported(c: Collection, otherId: string, body: Body): Promise<Response> {
  const before = await c.row(otherId);
  expectError(await c.request('patch', UNKNOWN_ID).send(body), 404, 'not_found');
  expectError(await c.request('patch', otherId).send(body), 404, 'not_found');
  expect(await c.row(otherId)).toEqual(before);

  const own = await c.add();
  const ownBefore = await c.row(own.id);
  const plain = await c.request('patch', own.id).set('Content-Type', 'text/plain').send('field=X');
  expectError(plain, 415, 'unsupported_media_type');
  expect(await c.row(own.id)).toEqual(ownBefore);
  return plain;
}

/** Each of the `refused` routes is a `405 method_not_allowed` whose `Allow` names the methods its path serves; nothing is written. */
export async function expectRoutesNotAllowed(c: Collection, has: (route: StandardRoute) => boolean, refused: readonly StandardRoute[]): Promise<void> {
  const record = has('create') ? await c.add() : undefined;
  const before = record ? await c.row(record.id) : undefined;
  const count = (await c.rows()).length;
  for (const route of refused) {
    const res = await c.call(route, record ? c.keyOf(record) : UNKNOWN_ID);
    expectError(res, 405, 'method_not_allowed');
    for (const other of servedBeside(route, has)) expect(String(res.headers.allow).toUpperCase()).toContain(METHOD[other].toUpperCase());
  }
  if (record) expect(await c.row(record.id)).toEqual(before);
  expect((await c.rows()).length).toBe(count);
}

/** The masked fields, sent in `full` with a valid `base` body, read masked in every response of the routes given (and never in full). */
export async function expectMaskedEverywhere(c: Collection, base: Body, full: Record<string, string>, routes: { read: boolean; list: boolean; patch: boolean }): Promise<void> {
  const expectMasked = (res: Response, values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values)) {
      const views: View[] = Array.isArray(res.body.data) ? res.body.data : [res.body.data];
      for (const view of views) expect(view[field]).toBe(masked(value));
      expect(res.text).not.toContain(value);
    }
  };
  const created = await c.request('create').send({ ...base, ...full });
  expect(created.status).toBe(201);
  expectMasked(created, full);
  const id = c.keyOf(created.body.data);
  if (routes.read) expectMasked(await c.request('read', id).expect(200), full);
  if (routes.list) expectMasked(await c.list([]).expect(200), full);
  if (routes.patch) {
    const changed = Object.fromEntries(Object.entries(full).map(([field, value]) => [field, `${value.slice(0, -4)}9876`]));
    expectMasked(await c.request('patch', id).send(changed).expect(200), changed);
    if (routes.read) expectMasked(await c.request('read', id).expect(200), changed);
  }
}
