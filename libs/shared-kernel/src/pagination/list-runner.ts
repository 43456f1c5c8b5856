import { EntityManager, EntityName } from '@mikro-orm/postgresql';
import { toCamelCase } from '../resources/naming';
import { encodeCursor } from './cursor';
import { ListQuery, ParsedFilter, ReadContext } from './list-query';
import { PageMeta } from './page-meta';
import { findPlainList } from './plain-rows';

type Where = Record<string, unknown>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filterCondition(filter: ParsedFilter, context: ReadContext | undefined): Where {
  const property = filter.property ?? toCamelCase(filter.name);
  switch (filter.kind) {
    case 'computed': {
      if (!context || !filter.where) throw new Error(`the computed filter ${filter.name} needs the read context`);
      const where = filter.where;
      return { $or: filter.values.map((value) => where(value, context)) };
    }
    case 'enum':
    case 'equals':
      return { [property]: { $in: filter.values } };
    case 'boolean':
      return { $or: filter.values.map((value) => ({ [property]: value === 'true' })) };
    case 'array_contains':
      return { [property]: { $overlap: filter.values } };
    case 'contains_text':
      return { $or: filter.values.map((value) => ({ [property]: { $ilike: `%${escapeLike(value)}%` } })) };
  }
}

/**
 * Rows after the cursor's (value, id) in the list's order. NULL sort values come last in both directions, so a
 * non-null position is followed by smaller/larger values, equal values with a further id, then every NULL.
 */
function keysetCondition(property: string, order: 'asc' | 'desc', value: unknown, id: string): Where {
  const beyond = order === 'asc' ? '$gt' : '$lt';
  if (value === null) return { [property]: null, id: { [beyond]: id } };
  return {
    $or: [{ [property]: { [beyond]: value } }, { [property]: value, id: { [beyond]: id } }, { [property]: null }],
  };
}

export interface ListPage<T> {
  rows: T[];
  meta: PageMeta;
}

/**
 * Runs a parsed list query: filters, sort with id tie-break, then page mode or keyset cursor mode (contract §4). The
 * rows are only presented, never changed, so they skip the unit of work and the entity factory (`findPlainList`).
 */
export async function runListQuery<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  scope: Where,
  query: ListQuery,
  context?: ReadContext,
): Promise<ListPage<T>> {
  const sortProperty = toCamelCase(query.sortBy);
  // NULLS LAST only where the column can hold NULL: on a NOT NULL column (created_at; id always) plain ASC/DESC is the
  // same order, and PostgreSQL then reads the (case_id, created_at, id) index backwards for the page instead of
  // sorting every row of the case (issue 7, docs/performance.md).
  const nullable = em.getMetadata().find(entity as never)?.properties[sortProperty as never]?.nullable === true;
  const order = { property: sortProperty, direction: query.sortOrder, nullsLast: nullable };
  const conditions: Where[] = [scope, ...query.filters.map((filter) => filterCondition(filter, context))];

  if (query.cursor === undefined) {
    const { rows, total = 0 } = await findPlainList<T>(em, entity, conditions, order, {
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
      withTotal: true,
    });
    const totalPages = Math.ceil(total / query.perPage);
    return {
      rows,
      meta: { page: query.page, per_page: query.perPage, total_count: total, total_pages: totalPages, has_more: query.page < totalPages, next_cursor: null },
    };
  }

  if (query.cursor) conditions.push(keysetCondition(sortProperty, query.sortOrder, query.cursor.value, query.cursor.id));
  const { rows: fetched } = await findPlainList<T>(em, entity, conditions, order, { limit: query.perPage + 1, offset: 0, withTotal: false });
  const hasMore = fetched.length > query.perPage;
  const rows = hasMore ? fetched.slice(0, query.perPage) : fetched;
  const last = rows[rows.length - 1] as (T & Record<string, unknown>) | undefined;
  const nextCursor =
    hasMore && last ? encodeCursor(query.sortBy, query.sortOrder, { value: (last[sortProperty] ?? null) as never, id: last.id }) : null;
  return { rows, meta: { page: query.page, per_page: query.perPage, has_more: hasMore, next_cursor: nextCursor } };
}
