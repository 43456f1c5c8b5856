import { BadRequestError, ErrorDetail } from '../../platform/errors/domain-error';
import { CursorPosition, decodeCursor, listDigest } from './cursor';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

/** What a read may depend on besides the stored rows: the day, by the clock (a deadline past due reads `overdue`). */
export interface ReadContext {
  today: string;
}

/** The condition a filter on a computed field (one value of it) puts on the stored columns. */
export type ComputedCondition = (value: string, context: ReadContext) => Record<string, unknown>;

/**
 * A declared list filter. A plain array of values is shorthand for an enumerated filter. A `computed` filter is an
 * enumerated filter on a field computed when read (a deadline's `status`): it states each value as stored columns. An
 * `own` filter is one whose values its route's service parses and applies itself, as no other kind reads them (the
 * events' `type` patterns, the instants they were created after or before): the list query passes it by, and the
 * route states its query parameter.
 */
export type FilterSpec =
  | readonly string[]
  | { kind: 'enum'; values: readonly string[]; property?: string }
  | { kind: 'computed'; values: readonly string[]; where: ComputedCondition; property?: never }
  | { kind: 'contains_text'; property?: string }
  | { kind: 'equals'; property?: string }
  | { kind: 'array_contains'; values: readonly string[]; property?: string }
  | { kind: 'boolean'; property?: string }
  | { kind: 'own'; property?: never };

export type FilterSpecs = Readonly<Record<string, FilterSpec>>;

export interface ParsedFilter {
  name: string;
  kind: 'enum' | 'contains_text' | 'equals' | 'array_contains' | 'boolean' | 'computed';
  property?: string;
  where?: ComputedCondition;
  values: string[];
}

export interface ListQuery {
  page: number;
  perPage: number;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  /** Present in cursor mode; `null` means "from the beginning" (an empty `cursor=`). */
  cursor?: CursorPosition | null;
  filters: ParsedFilter[];
  /** The digest of the list and its filters (`listDigest`) its cursors are bound to, beside the sort. */
  list: string;
}

export interface ListQueryRules {
  filters: FilterSpecs;
  sorts: readonly string[];
}

function normaliseSpec(spec: FilterSpec): Exclude<FilterSpec, readonly string[]> {
  return Array.isArray(spec) ? { kind: 'enum', values: spec as readonly string[] } : (spec as Exclude<FilterSpec, readonly string[]>);
}

function single(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  return Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw);
}

function asList(raw: unknown): string[] {
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw]).map(String);
}

function parseIntegerParam(name: string, raw: string | undefined, fallback: number, min: number, max: number, problems: ErrorDetail[]): number {
  if (raw === undefined) return fallback;
  const isInteger = /^\d+$/.test(raw);
  if (!isInteger || Number(raw) < min || Number(raw) > max) {
    const bounds = max === Number.MAX_SAFE_INTEGER ? `of ${min} or more` : `from ${min} to ${max}`;
    problems.push({ field: name, message: `${name} must be an integer ${bounds}`, reason: isInteger ? 'range' : 'type' });
    return fallback;
  }
  return Number(raw);
}

/** The parameters that say where in a list a page is, and in which order: every other one narrows the list. */
const PAGING_PARAMETERS = new Set(['page', 'per_page', 'cursor', 'sort_by', 'sort_order']);

/**
 * Parses `page`, `per_page`, `sort_by`, `sort_order`, `cursor` and the declared filters. Any invalid value is
 * `400 bad_request` with a detail naming the parameter (an unknown parameter is refused before, by the route's
 * guard). `list` says which list this is — the route's words and its scope (case, parent record) — and with every
 * narrowing parameter given (the declared filters and a route's own, such as the events' `type`) it binds the
 * cursors: one made for another list, other filters or another sort is `400 bad_request`.
 */
export function parseListQuery(raw: Record<string, unknown>, rules: ListQueryRules, list: readonly unknown[]): ListQuery {
  const problems: ErrorDetail[] = [];
  const narrowing = Object.fromEntries(Object.keys(raw).filter((name) => !PAGING_PARAMETERS.has(name)).map((name) => [name, asList(raw[name])]));
  const digest = listDigest(list, narrowing);
  const rawCursor = single(raw.cursor);
  // In cursor mode `page` is ignored (contract §4), so it cannot be wrong either.
  const page = rawCursor === undefined ? parseIntegerParam('page', single(raw.page), 1, 1, Number.MAX_SAFE_INTEGER, problems) : 1;
  const perPage = parseIntegerParam('per_page', single(raw.per_page), DEFAULT_PER_PAGE, 1, MAX_PER_PAGE, problems);

  const sortBy = single(raw.sort_by) ?? 'created_at';
  if (!rules.sorts.includes(sortBy)) problems.push({ field: 'sort_by', message: `sort_by must be one of: ${rules.sorts.join(', ')}`, reason: 'enum' });
  const sortOrder = single(raw.sort_order) ?? 'desc';
  if (sortOrder !== 'asc' && sortOrder !== 'desc') problems.push({ field: 'sort_order', message: 'sort_order must be asc or desc', reason: 'enum' });

  const filters: ParsedFilter[] = [];
  for (const [name, declared] of Object.entries(rules.filters)) {
    const values = asList(raw[name]);
    if (values.length === 0) continue;
    const spec = normaliseSpec(declared);
    if (spec.kind === 'own') continue;
    if (spec.kind === 'enum' || spec.kind === 'array_contains' || spec.kind === 'computed') {
      const bad = values.filter((value) => !spec.values.includes(value));
      if (bad.length > 0) problems.push({ field: name, message: `${name} must be one of: ${spec.values.join(', ')}`, reason: 'enum' });
    } else if (spec.kind === 'boolean') {
      if (values.some((value) => value !== 'true' && value !== 'false')) problems.push({ field: name, message: `${name} must be true or false`, reason: 'type' });
    } else if (values.some((value) => value.length === 0 || value.length > 200)) {
      problems.push({ field: name, message: `${name} must be 1 to 200 characters`, reason: 'range' });
    }
    if (spec.kind === 'computed') filters.push({ name, kind: spec.kind, where: spec.where, values });
    else filters.push({ name, kind: spec.kind, property: spec.property, values });
  }

  let cursor: CursorPosition | null | undefined;
  const sortIsValid = !problems.some((problem) => problem.field === 'sort_by' || problem.field === 'sort_order');
  if (rawCursor !== undefined && rawCursor !== '' && sortIsValid) {
    try {
      cursor = decodeCursor(rawCursor, { sortBy, sortOrder: sortOrder as 'asc' | 'desc', list: digest });
    } catch (error) {
      if (!(error instanceof BadRequestError)) throw error;
      problems.push(...(error.details ?? []));
    }
  } else if (rawCursor === '') {
    cursor = null;
  }

  if (problems.length > 0) throw new BadRequestError('Invalid query parameters.', problems);
  return { page, perPage, sortBy, sortOrder: sortOrder as 'asc' | 'desc', cursor, filters, list: digest };
}
