import { RecordColumns } from '../../platform/persistence/record-columns';
import { toCamelCase } from '../naming/naming';
import { FilterSpecs, ListQuery, ParsedFilter, ReadContext } from './list-query';

/**
 * A condition on a record's properties, for what a list is narrowed to besides its filters: the route's scope
 * (`{ caseId }`), a variant's fixed condition (`{ debtType: { $in: [...] } }`), a computed filter's value
 * (`{ status: 'upcoming', dueDate: { $lt: today } }`). A property equals a value, is `null`, or meets `$in`,
 * `$eq`/`$ne`/`$gt`/`$gte`/`$lt`/`$lte`, or `$startsWith` (one of a list of prefixes, taken literally); `$and`/`$or`
 * combine conditions (an empty `$or` is false).
 */
export type Condition = Record<string, unknown>;

/** How `selectOf` reads its rows: in an order (by property), and locked for a write that will change them. */
export interface SelectOptions {
  orderBy?: Readonly<Record<string, 'asc' | 'desc'>>;
  forUpdate?: boolean;
}

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * A page's total written another way than `count(*)` of its conditions: an SQL expression of the same number (a
 * counter kept by the database, for one), given a way to add its parameters. It runs in the page's statement, so the
 * total and the rows are read in one snapshot.
 */
export type TotalExpression = (parameter: (value: unknown) => string) => string;

/** The column a page's statement carries its total in; no record has a column of that name. */
export const TOTAL_COLUMN = '__total_count';

const COMPARISONS: Record<string, string> = { $eq: '=', $ne: '<>', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** `%`, `_` and `\` stand for themselves in a `contains_text` filter (`\` is PostgreSQL's default LIKE escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The parameters of one statement, `$1`, `$2`… in the order they are asked for. */
class Parameters {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value instanceof Date ? value.toISOString() : value);
    return `$${this.values.length}`;
  }
}

/**
 * The statements of a record's list pages (issue 17: the one read path), written from its columns: `select *` from
 * its table, the conditions as parameters, `order by` the sort column then `id`, and either page mode — `limit` and
 * `offset`, with the total of the same conditions in the same round trip (the page joined to the one-row count, so an
 * empty page still brings its total, as one row of nulls) — or keyset cursor mode: the rows after the cursor's
 * position, one more than a page to tell whether there are more. Filters with several values are one array
 * parameter (`= any($1)`, `ilike any($1)`), so a list has one text per set of filters and sort and PostgreSQL keeps
 * one prepared plan for each. The same statement runs inside a transaction and out (`plainRows`).
 */
export class ListStatements {
  private readonly table: string;
  private readonly id: string;

  constructor(private readonly columns: RecordColumns<any>) {
    this.table = quote(columns.table);
    this.id = quote(columns.columnOf('id'));
  }

  /** Every sort and every filter of a list names a column of the table: checked once, when its reads are compiled. */
  check(rules: { filters: FilterSpecs; sorts: readonly string[] }): void {
    for (const sort of rules.sorts) this.columns.columnOf(toCamelCase(sort));
    for (const [name, spec] of Object.entries(rules.filters)) {
      if (Array.isArray(spec)) this.columns.columnOf(toCamelCase(name));
      else if (!['computed', 'own'].includes((spec as { kind: string }).kind)) this.columns.columnOf((spec as { property?: string }).property ?? toCamelCase(name));
    }
  }

  /** The page (or cursor page) of `query` among the rows meeting `conditions`; `total` writes page mode's total. */
  statementOf(conditions: readonly Condition[], query: ListQuery, context: ReadContext | undefined, total?: TotalExpression): Statement {
    const parameters = new Parameters();
    const parts = conditions.map((condition) => this.condition(condition, parameters));
    for (const filter of query.filters) parts.push(this.filter(filter, context, parameters));
    const sortProperty = toCamelCase(query.sortBy);
    const sortColumn = quote(this.columns.columnOf(sortProperty));
    const nullable = this.columns.isNullable(sortProperty);
    if (query.cursor) parts.push(this.beyond(sortColumn, nullable, query, parameters));
    const where = joined(parts, 'and');
    const direction = query.sortOrder === 'asc' ? 'asc' : 'desc';
    // NULLS LAST only where the column can hold NULL: on a NOT NULL column (created_at; id always) plain ASC/DESC is the
    // same order, and PostgreSQL then reads the (case_id, created_at, id) index backwards for the page instead of
    // sorting every row of the case (issue 7, docs/performance-history.md, "List queries").
    const orderBy = (alias: string) => `${alias}${sortColumn} ${direction}${nullable ? ' nulls last' : ''}, ${alias}${this.id} ${direction}`;

    if (query.cursor !== undefined) {
      return { text: `select * from ${this.table} where ${where} order by ${orderBy('')} limit ${parameters.add(query.perPage + 1)}`, values: parameters.values };
    }
    const limit = parameters.add(query.perPage);
    const offset = parameters.add((query.page - 1) * query.perPage);
    const page = `select * from ${this.table} where ${where} order by ${orderBy('')} limit ${limit} offset ${offset}`;
    // Unqualified column names resolve to the nearest `from`, so the count and the page share the condition's text.
    const counted = total ? `select ${total((value) => parameters.add(value))} as "count"` : `select count(*) from ${this.table} where ${where}`;
    const text =
      `select "page".*, "total"."count" as ${quote(TOTAL_COLUMN)} from (${counted}) as "total" ` +
      `left join lateral (${page}) as "page" on true order by ${orderBy('"page".')}`;
    return { text, values: parameters.values };
  }

  /**
   * Every row meeting `conditions` (a read-one by id and by who may see it, for example), in the order given, if any;
   * locked `for update` when a write is about to change them.
   */
  selectOf(conditions: readonly Condition[], { orderBy = {}, forUpdate = false }: SelectOptions = {}): Statement {
    const parameters = new Parameters();
    const where = joined(
      conditions.map((condition) => this.condition(condition, parameters)),
      'and',
    );
    const order = Object.entries(orderBy).map(([property, direction]) => `${quote(this.columns.columnOf(property))} ${direction}`);
    const ordered = order.length > 0 ? ` order by ${order.join(', ')}` : '';
    return { text: `select * from ${this.table} where ${where}${ordered}${forUpdate ? ' for update' : ''}`, values: parameters.values };
  }

  /** The column of a page's rows that is `null` only in the row of nulls an empty page comes back as. */
  get idColumn(): string {
    return this.columns.columnOf('id');
  }

  private filter(filter: ParsedFilter, context: ReadContext | undefined, parameters: Parameters): string {
    const column = () => quote(this.columns.columnOf(filter.property ?? toCamelCase(filter.name)));
    switch (filter.kind) {
      case 'computed': {
        if (!context || !filter.where) throw new Error(`the computed filter ${filter.name} needs the read context`);
        const where = filter.where;
        return joined(
          filter.values.map((value) => this.condition(where(value, context), parameters)),
          'or',
        );
      }
      case 'enum':
      case 'equals':
        return `${column()} = any(${parameters.add(filter.values)})`;
      case 'boolean':
        return `${column()} = any(${parameters.add(filter.values.map((value) => value === 'true'))})`;
      case 'array_contains':
        return `${column()} && ${parameters.add(filter.values)}`;
      case 'contains_text':
        return `${column()} ilike any(${parameters.add(filter.values.map((value) => `%${escapeLike(value)}%`))})`;
    }
  }

  /**
   * Rows after the cursor's (value, id) in the list's order. NULL sort values come last in both directions, so a
   * non-null position is followed by smaller/larger values, equal values with a further id, then every NULL; on a
   * NOT NULL column that is the row comparison `(column, id) > (value, id)`, which the index answers.
   */
  private beyond(column: string, nullable: boolean, query: ListQuery, parameters: Parameters): string {
    const { value, id } = query.cursor!;
    const after = query.sortOrder === 'asc' ? '>' : '<';
    if (value === null) return `${column} is null and ${this.id} ${after} ${parameters.add(id)}`;
    const at = parameters.add(value);
    const idAt = parameters.add(id);
    if (!nullable) return `(${column}, ${this.id}) ${after} (${at}, ${idAt})`;
    return `${column} ${after} ${at} or (${column} = ${at} and ${this.id} ${after} ${idAt}) or ${column} is null`;
  }

  private condition(condition: Condition, parameters: Parameters): string {
    return joined(
      Object.entries(condition).map(([key, operand]) => {
        if (key === '$and' || key === '$or') {
          if (!Array.isArray(operand)) throw new Error(`${key} takes a list of conditions`);
          return joined(
            operand.map((each: Condition) => this.condition(each, parameters)),
            key === '$and' ? 'and' : 'or',
          );
        }
        return this.propertyCondition(quote(this.columns.columnOf(key)), operand, parameters);
      }),
      'and',
    );
  }

  private propertyCondition(column: string, operand: unknown, parameters: Parameters): string {
    if (operand === null) return `${column} is null`;
    if (Array.isArray(operand)) return `${column} = any(${parameters.add(operand)})`;
    if (isScalar(operand)) return `${column} = ${parameters.add(operand)}`;
    const parts = Object.entries(operand as Condition).map(([operator, value]) => {
      if (operator === '$in') {
        if (!Array.isArray(value)) throw new Error('$in takes a list of values');
        return `${column} = any(${parameters.add(value)})`;
      }
      if (operator === '$startsWith') {
        const prefixes = Array.isArray(value) ? value : [value];
        return `${column} like any(${parameters.add(prefixes.map((prefix) => `${escapeLike(String(prefix))}%`))})`;
      }
      const comparison = COMPARISONS[operator];
      if (!comparison) throw new Error(`the list conditions have no operator ${operator}`);
      if (value === null && (operator === '$eq' || operator === '$ne')) return `${column} is ${operator === '$eq' ? '' : 'not '}null`;
      if (!isScalar(value)) throw new Error(`${operator} takes one value`);
      return `${column} ${comparison} ${parameters.add(value)}`;
    });
    return joined(parts, 'and');
  }
}

function isScalar(value: unknown): value is string | number | boolean | Date {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date;
}

/** `a and b`, each part in parentheses; no part is `true` (`false` for `or`). */
function joined(parts: string[], operator: 'and' | 'or'): string {
  if (parts.length === 0) return operator === 'and' ? 'true' : 'false';
  if (parts.length === 1) return parts[0];
  return parts.map((part) => `(${part})`).join(` ${operator} `);
}
