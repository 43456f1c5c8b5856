import { EntityMetadata, EntityProperty, ReferenceKind } from '@mikro-orm/core';
import { EncryptedStringType } from '../persistence/column-types';

type Where = Record<string, unknown>;

/** The column a page's statement carries its total in; no entity has a property of that name. */
export const TOTAL_COLUMN = '__total_count';

export interface ListOrder {
  property: string;
  direction: 'asc' | 'desc';
  nullsLast: boolean;
}

export interface PlainListStatement {
  text: string;
  values: unknown[];
}

const COMPARISONS: Record<string, string> = { $eq: '=', $ne: '<>', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Thrown inside the compiler for a condition it does not write by hand; the caller then uses the query builder. */
class NotPlain extends Error {}

/**
 * Writes a list's page as the statement a person would write by hand (issue 7), parameterised so PostgreSQL can keep
 * one prepared plan per list shape: `select *` from the table, the conditions on its columns, `order by` the sort
 * column then `id`, `limit` and `offset`. In page mode the page is joined (`left join lateral`) to the one-row count of
 * the same conditions, so the page and its total are one round trip even when the page is empty (one row of nulls
 * then, `id` null). Unqualified column names resolve to the nearest `from`, so the count and the page share the same
 * condition text and parameters.
 *
 * It understands the conditions the list runner builds (scopes, filters, keyset positions): a property equal to a
 * value, `null`, `$in`, `$overlap`, `$ilike`, `$eq`/`$ne`/`$gt`/`$gte`/`$lt`/`$lte`, `$and` and `$or`, on scalar
 * columns not encrypted. For anything else it returns undefined and the caller builds the query with the ORM, which
 * means the same thing.
 */
export function plainListStatement(
  meta: EntityMetadata<any>,
  conditions: Where[],
  order: ListOrder,
  page: { limit: number; offset: number; withTotal: boolean },
): PlainListStatement | undefined {
  const values: unknown[] = [];
  const parameter = (value: unknown) => {
    values.push(value instanceof Date ? value.toISOString() : value);
    return `$${values.length}`;
  };
  const columnOf = (name: string): string => {
    const prop = meta.properties[name] as EntityProperty | undefined;
    if (!prop || prop.kind !== ReferenceKind.SCALAR || prop.fieldNames?.length !== 1 || prop.formula || prop.customType instanceof EncryptedStringType) {
      throw new NotPlain();
    }
    return quote(prop.fieldNames[0]);
  };

  const propertyCondition = (column: string, condition: unknown): string => {
    if (condition === null) return `${column} is null`;
    if (Array.isArray(condition)) return propertyCondition(column, { $in: condition });
    if (isScalar(condition)) return `${column} = ${parameter(condition)}`;
    if (typeof condition !== 'object' || Object.keys(condition).length === 0) throw new NotPlain();
    const parts = Object.entries(condition as Where).map(([operator, operand]) => {
      if (operator === '$in') {
        if (!Array.isArray(operand) || !operand.every(isScalar)) throw new NotPlain();
        return operand.length === 0 ? 'false' : `${column} in (${operand.map(parameter).join(', ')})`;
      }
      if (operator === '$overlap') {
        if (!Array.isArray(operand) || !operand.every(isScalar)) throw new NotPlain();
        return `${column} && ${parameter(operand)}`;
      }
      if (operator === '$ilike') {
        if (typeof operand !== 'string') throw new NotPlain();
        return `${column} ilike ${parameter(operand)}`;
      }
      const comparison = COMPARISONS[operator];
      if (!comparison) throw new NotPlain();
      if (operand === null && (operator === '$eq' || operator === '$ne')) return `${column} is ${operator === '$eq' ? '' : 'not '}null`;
      if (!isScalar(operand)) throw new NotPlain();
      return `${column} ${comparison} ${parameter(operand)}`;
    });
    return joined(parts, 'and');
  };

  const whereCondition = (where: Where): string =>
    joined(
      Object.entries(where).map(([key, condition]) => {
        if (key === '$and' || key === '$or') {
          if (!Array.isArray(condition)) throw new NotPlain();
          return joined(condition.map((each: Where) => whereCondition(each)), key === '$and' ? 'and' : 'or');
        }
        if (key.startsWith('$')) throw new NotPlain();
        return propertyCondition(columnOf(key), condition);
      }),
      'and',
    );

  try {
    const table = quote(meta.tableName);
    const where = joined(conditions.map(whereCondition), 'and');
    const direction = order.direction === 'asc' ? 'asc' : 'desc';
    const orderBy = (alias: string) =>
      `${alias}${columnOf(order.property)} ${direction}${order.nullsLast ? ' nulls last' : ''}, ${alias}${columnOf('id')} ${direction}`;
    const pageOf = `select * from ${table} where ${where} order by ${orderBy('')} limit ${parameter(page.limit)} offset ${parameter(page.offset)}`;
    if (!page.withTotal) return { text: pageOf, values };
    // One row of nulls beside the total when the page is empty, so the total always comes back in this round trip.
    const text =
      `select "page".*, "total"."count" as ${quote(TOTAL_COLUMN)} from (select count(*) from ${table} where ${where}) as "total" ` +
      `left join lateral (${pageOf}) as "page" on true order by ${orderBy('"page".')}`;
    return { text, values };
  } catch (error) {
    if (error instanceof NotPlain) return undefined;
    throw error;
  }
}

function isScalar(value: unknown): value is string | number | boolean | Date {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date;
}

/** `a and b`, each part in parentheses; no part is `true`. */
function joined(parts: string[], operator: 'and' | 'or'): string {
  if (parts.length === 0) return operator === 'and' ? 'true' : 'false';
  if (parts.length === 1) return parts[0];
  return parts.map((part) => `(${part})`).join(` ${operator} `);
}
