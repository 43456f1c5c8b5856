import { EntityMetadata, EntityName, EntityProperty, Platform, ReferenceKind } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';

type Row = Record<string, unknown>;

/** A record's own data, without its methods: what a row read for presenting holds (issue 17: no entity, no prototype). */
export type RecordFields<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K] };

interface Column {
  property: string;
  column: string;
  nullable: boolean;
  /** The column's value as the record holds it: the ORM hydrator's conversions (custom types, dates, booleans). */
  convert: (value: unknown) => unknown;
}

/**
 * A record's table and columns as the ORM maps them (property ← column), worked out once per entity: what read
 * statements are written from and what their rows are read with. Only records of scalar columns: a relation, an
 * embeddable or a formula is refused when the first statement of the record is compiled, not worked around.
 */
export class RecordColumns<T = unknown> {
  readonly table: string;
  private readonly columns: Column[];
  private readonly byProperty: Map<string, Column>;

  constructor(
    readonly meta: EntityMetadata<T>,
    platform: Platform,
  ) {
    this.table = meta.tableName;
    this.columns = (Object.values(meta.properties) as EntityProperty<T>[])
      .filter((prop) => prop.persist !== false)
      .map((prop) => {
        if (prop.kind !== ReferenceKind.SCALAR || prop.formula || prop.embedded || prop.fieldNames?.length !== 1) {
          throw new Error(`${meta.className}.${String(prop.name)} is not one scalar column: read statements cannot be written for it`);
        }
        return { property: prop.name as string, column: prop.fieldNames[0], nullable: prop.nullable === true, convert: converterOf(prop, platform) };
      });
    this.byProperty = new Map(this.columns.map((column) => [column.property, column]));
  }

  /** The column of a property; an unknown property is a mistake in a declaration, found at its first statement. */
  columnOf(property: string): string {
    const column = this.byProperty.get(property);
    if (!column) throw new Error(`${this.meta.className} has no column for the property ${property}`);
    return column.column;
  }

  isNullable(property: string): boolean {
    return this.byProperty.get(property)?.nullable === true;
  }

  /** One property's value from a row, converted as the record holds it. */
  valueOf(row: Row, property: string): unknown {
    const column = this.byProperty.get(property);
    const value = column ? row[column.column] : undefined;
    return value === null || value === undefined || !column ? (value ?? null) : column.convert(value);
  }

  /** The record's fields from a row: a plain object, property ← column. */
  fieldsOf(row: Row): RecordFields<T> {
    const fields: Row = {};
    for (const { property, column, convert } of this.columns) {
      const value = row[column];
      if (value === null) fields[property] = null;
      else if (value !== undefined) fields[property] = convert(value);
    }
    return fields as RecordFields<T>;
  }

  /** The columns of the given properties, in that order, each with its conversion (for a view compiled from them). */
  columnsOf(properties: readonly string[]): Array<Pick<Column, 'column' | 'convert'>> {
    return properties.map((property) => {
      const column = this.byProperty.get(property);
      if (!column) throw new Error(`${this.meta.className} has no column for the property ${property}`);
      return column;
    });
  }
}

function converterOf(prop: EntityProperty<any>, platform: Platform): (value: unknown) => unknown {
  if (prop.customType) {
    const type = prop.customType;
    return (value) => type.convertToJSValue(value, platform);
  }
  if (prop.runtimeType === 'boolean') return (value) => !!value;
  if (prop.runtimeType === 'Date' && !platform.isNumericProperty(prop)) {
    const timezone = platform.getTimezone();
    return (value) => {
      if (value instanceof Date || (typeof value !== 'string' && typeof value !== 'number')) return value;
      if (!timezone || timezone === 'local' || typeof value === 'number') return new Date(value);
      const hasOffset = value.includes('+') || value.lastIndexOf('-') > 10 || value.endsWith('Z');
      return new Date(hasOffset ? value : value + timezone);
    };
  }
  return (value) => value;
}

const known = new WeakMap<EntityMetadata<any>, RecordColumns<any>>();

/** The columns of an entity (a class or a schema), from the ORM's metadata, once. */
export function recordColumns<T>(em: EntityManager, entity: EntityName<T>): RecordColumns<T> {
  const meta = em.getMetadata().find<T>(entity as never);
  if (!meta) throw new Error(`${String((entity as { name?: string }).name ?? entity)} is not an entity the ORM knows`);
  let columns = known.get(meta);
  if (!columns) known.set(meta, (columns = new RecordColumns<T>(meta, em.getPlatform())));
  return columns;
}
