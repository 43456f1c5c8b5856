import { EntityMetadata, EntityName, EntityProperty, FilterQuery, Platform, ReferenceKind } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { plainRecord } from '../persistence/plain-property';

type Row = Record<string, unknown>;
type Mapper<T> = (row: Row) => T;

/**
 * List rows without the entity factory (issue 7): the page's SQL is still built by the ORM's query builder from the
 * same `where` and `orderBy` (every filter, fixed condition and keyset condition means exactly what it means for
 * `em.find`), but the rows come back raw and are mapped here, column to property, with the same conversions as the
 * ORM's hydrator (custom types' `convertToJSValue`, dates, booleans). No identity map, no unit-of-work registration,
 * no change-tracking snapshot: the rows are only presented. A 25-row page spent about a third of the API's CPU in
 * `EntityFactory.create` and the garbage it left.
 *
 * Only for records made of scalar columns with a no-argument class; anything else (relations, embeddables, formulas,
 * constructor parameters) goes through `em.find` as before.
 */
export async function findPlainRows<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  options: { orderBy: never; limit: number; offset?: number },
): Promise<T[]> {
  const meta = em.getMetadata().find<T>(entity as never);
  const mapper = meta ? mapperOf(meta, em.getPlatform()) : undefined;
  if (!mapper) return em.find(entity, where, { ...options, disableIdentityMap: true }) as Promise<T[]>;
  const qb = em.createQueryBuilder(entity).select('*').where(where).orderBy(options.orderBy).limit(options.limit);
  if (options.offset) qb.offset(options.offset);
  const rows = await qb.execute<Row[]>('all', false);
  return rows.map(mapper);
}

/** The column the page's statement carries its total in; no entity has a property of that name. */
const TOTAL_COLUMN = '__total_count';

/**
 * A page and the number of rows matching `where`, in one statement (issue 7): the count is an uncorrelated subquery in
 * the page's select list, which PostgreSQL runs once (an index-only scan where the filter allows one). A page with no
 * row carries no count, so only then is the count asked on its own.
 */
export async function findPlainPage<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  options: { orderBy: never; limit: number; offset: number },
): Promise<{ rows: T[]; total: number }> {
  const meta = em.getMetadata().find<T>(entity as never);
  const mapper = meta ? mapperOf(meta, em.getPlatform()) : undefined;
  if (!mapper) {
    const [rows, total] = await Promise.all([findPlainRows(em, entity, where, options), em.count(entity, where)]);
    return { rows, total };
  }
  const count = em.createQueryBuilder(entity, 'c0').count().where(where).getKnexQuery();
  const page = em.createQueryBuilder(entity).select('*').where(where).orderBy(options.orderBy).limit(options.limit);
  if (options.offset) page.offset(options.offset);
  const statement = page.getKnexQuery().select(count.as(TOTAL_COLUMN));
  const rows = await em.getConnection().execute<Row[]>(statement, [], 'all', em.getTransactionContext());
  if (rows.length === 0) return { rows: [], total: await em.count(entity, where) };
  return { rows: rows.map(mapper), total: Number(rows[0][TOTAL_COLUMN]) };
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
