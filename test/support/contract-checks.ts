import type { Response, Test } from 'supertest';
import { FilterSpec, FilterSpecs, toSnakeCase } from '@estate/shared-kernel';
import { detailFields, expectError } from './api-assertions';

/**
 * What the generic contracts check alike on any collection — a case's records (`resource-contract.ts`) and records
 * of no case (`organization-record-contract.ts`): the values a response is compared with (masking, merge patches),
 * and the checks of a list given a way to ask for it (paging, cursors, sorts, filters, bad and unknown parameters).
 * Where the collection lives and whose rows it holds is the caller's: a list is a `ListRequest`.
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

/** Walks a list in cursor mode from an empty cursor (`page` is ignored there) and checks every page's meta. */
export async function walkCursor(list: ListRequest, params: Array<[string, string]>, perPage: number, expected: string[]): Promise<void> {
  const walked: string[] = [];
  let cursor = '';
  let pages = 0;
  for (;;) {
    const res = await list([...params, ['per_page', String(perPage)], ['page', '9'], ['cursor', cursor]]);
    expect(res.status).toBe(200);
    pages += 1;
    expect(res.body.meta.per_page).toBe(perPage);
    expect(res.body.meta).not.toHaveProperty('total_count');
    expect(res.body.meta).not.toHaveProperty('total_pages');
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

/** A value each filter accepts (the first of an enum's, `true`, one letter). */
export function acceptedValue(spec: FilterSpec): string {
  const declared = normalisedFilter(spec);
  return declared.kind === 'boolean' ? 'true' : declared.kind === 'contains_text' || declared.kind === 'equals' ? 'x' : declared.values[0];
}

/**
 * `400 bad_request` naming the parameter: a cursor that does not decode, `sort_by` on each body field that is no sort
 * and on no field, `sort_order`, `page`, `per_page` (1–100), each filter's bad values (alone and beside a good one).
 */
export async function expectBadListParameters(list: ListRequest, rules: { filters: FilterSpecs; sorts: readonly string[] }, bodyFields: readonly string[]): Promise<void> {
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
      declared.kind === 'boolean'
        ? ['yes', '1', 'TRUE']
        : declared.kind === 'contains_text' || declared.kind === 'equals'
          ? ['', 'x'.repeat(201)]
          : ['maybe', '', `${declared.values[0]}_x`];
    for (const value of bad) await expectBad([[name, value]], name);
    await expectBad([[name, acceptedValue(spec)], [name, bad[0]]], name);
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
