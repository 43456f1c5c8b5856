import { EntityMetadata, EntityName, EntityProperty, FilterQuery, Platform, QueryOrder, ReferenceKind } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { currentTransaction } from '../context/request-scope';
import { plainRecord } from '../persistence/plain-property';
import { plainRows } from '../persistence/plain-query';
import { ListOrder, plainListStatement, TOTAL_COLUMN } from './plain-list-sql';

type Row = Record<string, unknown>;
type Mapper<T> = (row: Row) => T;

/** A list's page, and in page mode the number of rows its conditions match. */
export interface PlainList<T> {
  rows: T[];
  total?: number;
}

/**
 * List rows without the entity factory (issue 7). Outside a transaction the page is the hand-written, prepared
 * statement of `plainListStatement` (the page and its total in one round trip); inside one, or for a condition that
 * statement does not write, the ORM's query builder writes the same page from the same conditions, with the total as a
 * subquery of its select list. Either way the rows come back raw and are mapped here, column to property, with the
 * same conversions as the ORM's hydrator (custom types' `convertToJSValue`, dates, booleans). No identity map, no
 * unit-of-work registration, no change-tracking snapshot: the rows are only presented. A 25-row page spent about a
 * third of the API's CPU in `EntityFactory.create` and the garbage it left.
 *
 * Only for records made of scalar columns with a no-argument class; anything else (relations, embeddables, formulas,
 * constructor parameters) goes through `em.find` and `em.count` as before. On the query builder's path a page with no
 * row carries no total, so only then is the count asked on its own.
 */
export async function findPlainList<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  conditions: Record<string, unknown>[],
  order: ListOrder,
  page: { limit: number; offset: number; withTotal: boolean },
): Promise<PlainList<T>> {
  const where = { $and: conditions } as FilterQuery<T>;
  const meta = em.getMetadata().find<T>(entity as never);
  const mapper = meta ? mapperOf(meta, em.getPlatform()) : undefined;
  if (!meta || !mapper) {
    const options = { orderBy: orderByOf(order), limit: page.limit, offset: page.offset || undefined, disableIdentityMap: true };
    const [rows, total] = await Promise.all([em.find(entity, where, options) as Promise<T[]>, page.withTotal ? em.count(entity, where) : undefined]);
    return { rows, total };
  }
  const plain = currentTransaction(em) === undefined ? plainListStatement(meta, conditions, order, page) : undefined;
  if (plain) {
    const rows = await plainRows<Row>(em, plain.text, plain.values, { prepared: true });
    if (!page.withTotal) return { rows: rows.map(mapper) };
    // An empty page is one row of nulls beside its total.
    const idColumn = (meta.properties as Record<string, EntityProperty<T> | undefined>).id?.fieldNames?.[0] ?? 'id';
    const found = rows[0]?.[idColumn] === null ? [] : rows;
    return { rows: found.map(mapper), total: Number(rows[0]?.[TOTAL_COLUMN] ?? 0) };
  }
  const rows = await builtPage(em, entity, where, order, page);
  if (!page.withTotal) return { rows: rows.map(mapper) };
  if (rows.length === 0) return { rows: [], total: await em.count(entity, where) };
  return { rows: rows.map(mapper), total: Number(rows[0][TOTAL_COLUMN]) };
}

function orderByOf(order: ListOrder): never {
  const plain = order.direction === 'asc' ? QueryOrder.ASC : QueryOrder.DESC;
  const nullsLast = order.direction === 'asc' ? QueryOrder.ASC_NULLS_LAST : QueryOrder.DESC_NULLS_LAST;
  return { [order.property]: order.nullsLast ? nullsLast : plain, id: plain } as never;
}

/** The same page by the ORM's query builder, on the transaction's connection when there is one. */
async function builtPage<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  order: ListOrder,
  page: { limit: number; offset: number; withTotal: boolean },
): Promise<Row[]> {
  const query = em.createQueryBuilder(entity).select('*').where(where).orderBy(orderByOf(order)).limit(page.limit);
  if (page.offset) query.offset(page.offset);
  if (!page.withTotal) return query.execute<Row[]>('all', false);
  const count = em.createQueryBuilder(entity, 'c0').count().where(where).getKnexQuery();
  const statement = query.getKnexQuery().select(count.as(TOTAL_COLUMN));
  return em.getConnection().execute<Row[]>(statement, [], 'all', em.getTransactionContext());
}

const mappers = new WeakMap<EntityMetadata<any>, Mapper<any> | null>();

function mapperOf<T>(meta: EntityMetadata<T>, platform: Platform): Mapper<T> | undefined {
  let mapper = mappers.get(meta);
  if (mapper === undefined) {
    mapper = buildMapper(meta, platform);
    mappers.set(meta, mapper);
  }
  return mapper ?? undefined;
}

function buildMapper<T>(meta: EntityMetadata<T>, platform: Platform): Mapper<T> | null {
  const Class = meta.class as unknown as (new () => T) | undefined;
  if (!Class || meta.constructorParams?.length || meta.embeddable || meta.virtual) return null;
  const timezone = platform.getTimezone();
  const columns: Array<{ name: string; column: string; convert: (value: unknown) => unknown }> = [];
  for (const prop of Object.values(meta.properties) as EntityProperty<T>[]) {
    if (prop.kind !== ReferenceKind.SCALAR || prop.formula || prop.persist === false || prop.ref || prop.embedded) return null;
    if (prop.fieldNames?.length !== 1) return null;
    let convert: (value: unknown) => unknown = (value) => value;
    if (prop.customType) {
      const type = prop.customType;
      convert = (value) => type.convertToJSValue(value, platform);
    } else if (prop.runtimeType === 'boolean') {
      convert = (value) => !!value;
    } else if (prop.runtimeType === 'Date' && !platform.isNumericProperty(prop)) {
      convert = (value) => {
        if (value instanceof Date || (typeof value !== 'string' && typeof value !== 'number')) return value;
        if (!timezone || timezone === 'local' || typeof value === 'number') return new Date(value);
        const hasOffset = value.includes('+') || value.lastIndexOf('-') > 10 || value.endsWith('Z');
        return new Date(hasOffset ? value : value + timezone);
      };
    }
    columns.push({ name: prop.name as string, column: prop.fieldNames[0], convert });
  }
  return (row) => {
    const fields: Row = {};
    for (const { name, column, convert } of columns) {
      const value = row[column];
      if (value === null) fields[name] = null;
      else if (value !== undefined) fields[name] = convert(value);
    }
    return plainRecord(Class as unknown as new () => object, fields) as T;
  };
}
