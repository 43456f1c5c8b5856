import { EntityManager, EntityName } from '@mikro-orm/postgresql';
import { plainRows } from '../../platform/persistence/plain-query';
import { RecordColumns, recordColumns, RecordFields } from '../../platform/persistence/record-columns';
import { toCamelCase } from '../naming/naming';
import { CursorPosition } from './cursor';
import { cursorModeMeta, pageModeMeta } from './page-meta-of';
import { ListQuery, ReadContext } from './list-query';
import { Condition, ListStatements, SelectOptions, TOTAL_COLUMN, TotalExpression } from './list-statement';
import { PageMeta } from './page-meta';

type Row = Record<string, unknown>;

export interface ListPage<T> {
  rows: T[];
  meta: PageMeta;
}

const statementsOf = new WeakMap<RecordColumns<any>, ListStatements>();

/** The list statements of a record's columns, written once. */
export function listStatementsOf(columns: RecordColumns<any>): ListStatements {
  let statements = statementsOf.get(columns);
  if (!statements) statementsOf.set(columns, (statements = new ListStatements(columns)));
  return statements;
}

/**
 * Runs a parsed list query (filters, sort with id tie-break, page mode or keyset cursor mode, contract §4) as one
 * prepared statement on the connection the request holds, and hands back the rows as they came, with the page's meta.
 */
export async function listRows(
  em: EntityManager,
  columns: RecordColumns<any>,
  conditions: readonly Condition[],
  query: ListQuery,
  context?: ReadContext,
  total?: TotalExpression,
): Promise<ListPage<Row>> {
  const statements = listStatementsOf(columns);
  const { text, values } = statements.statementOf(conditions, query, context, total);
  const rows = await plainRows<Row>(em, text, values, { prepared: true });

  if (query.cursor === undefined) {
    // An empty page is one row of nulls beside its total.
    const found = rows[0]?.[statements.idColumn] === null ? [] : rows;
    return { rows: found, meta: pageModeMeta(query, Number(rows[0]?.[TOTAL_COLUMN] ?? 0)) };
  }

  const hasMore = rows.length > query.perPage;
  const page = hasMore ? rows.slice(0, query.perPage) : rows;
  const last = page[page.length - 1];
  const position = last ? { value: columns.valueOf(last, toCamelCase(query.sortBy)) as CursorPosition['value'], id: columns.valueOf(last, 'id') as string } : undefined;
  return { rows: page, meta: cursorModeMeta(query, hasMore, position) };
}

/**
 * The rows of an entity's table meeting `conditions`, as stored (with any column the entity leaves to others, such as
 * a projection kept on the row), and the column map that reads them.
 */
export async function selectRows<T>(em: EntityManager, entity: EntityName<T>, conditions: readonly Condition[], options?: SelectOptions): Promise<{ rows: Row[]; columns: RecordColumns<T> }> {
  const columns = recordColumns(em, entity);
  const { text, values } = listStatementsOf(columns).selectOf(conditions, options);
  return { rows: await plainRows<Row>(em, text, values, { prepared: true }), columns };
}

/**
 * The rows of an entity meeting `conditions`, each read as the record's fields, in the order given (by property), if
 * any: a read-one with more than its id, or the records a computation reads (no entity, no unit of work). A write's
 * read locks them (`forUpdate`) inside its transaction.
 */
export async function findRecords<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  conditions: readonly Condition[],
  options: { orderBy?: Readonly<Partial<Record<keyof T & string, 'asc' | 'desc'>>>; forUpdate?: boolean } = {},
): Promise<Array<RecordFields<T>>> {
  const { rows, columns } = await selectRows(em, entity, conditions, options as SelectOptions);
  return rows.map((row) => columns.fieldsOf(row));
}

/** `listRows` of an entity's rows, each read as the record's fields (a plain object: no entity, no unit of work). */
export async function runListQuery<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  scope: Condition | readonly Condition[],
  query: ListQuery,
  context?: ReadContext,
): Promise<ListPage<RecordFields<T>>> {
  const columns = recordColumns(em, entity);
  const page = await listRows(em, columns, Array.isArray(scope) ? scope : [scope as Condition], query, context);
  return { rows: page.rows.map((row) => columns.fieldsOf(row)), meta: page.meta };
}
