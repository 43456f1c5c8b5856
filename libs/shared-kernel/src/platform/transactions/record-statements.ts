import { EntityMetadata, EntityName, EntityProperty, OptimisticLockError, Platform, ReferenceKind } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { transactionRows } from './transaction-rows';

/**
 * One write of a record's own row, compiled from the ORM's metadata: run on the transaction's connection, alone or as
 * the first part of the event's statement (`EventOutbox.emit`'s `along`). It returns one row when it wrote the row;
 * none means the version it was written against is gone (an optimistic-lock loss: `failed`).
 */
export interface RecordStatement {
  text: string;
  values: unknown[];
  failed(): Error;
}

interface Column {
  property: string;
  column: string;
  toDatabase: (value: unknown) => unknown;
  /** The parameter as the column takes it (a custom type's SQL around it, as the ORM writes it). */
  placeholder: (index: number) => string;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * A record's INSERT and UPDATE as MikroORM's flush would write them (issue 19: the ORM's change set, knex's query
 * building and its runner were a fifth of a write's CPU for one row): the same columns (an unset property is left to
 * the table's default), the same conversions (custom types), the version raised by one and checked in the UPDATE.
 * The record stays an entity of the unit of work: `written` hands it the snapshot the flush would have, so a later
 * flush in the transaction finds nothing to write and a later load returns it. Only for records of scalar columns
 * without lifecycle hooks (`compilable`); anything else is flushed by the ORM.
 */
export class RecordStatements<T extends object> {
  private readonly columns: Column[];
  private readonly version?: Column;
  private readonly id: Column;
  private readonly texts = new Map<string, string>();

  static compilable(meta: EntityMetadata<any>): boolean {
    const hooks = Object.values(meta.hooks ?? {}).some((list) => (list?.length ?? 0) > 0);
    if (hooks || meta.primaryKeys.length !== 1 || meta.concurrencyCheckKeys.size > 0 || meta.embeddable || meta.virtual) return false;
    return (Object.values(meta.properties) as EntityProperty[])
      .filter((prop) => prop.persist !== false)
      .every((prop) => prop.kind === ReferenceKind.SCALAR && !prop.formula && !prop.embedded && prop.fieldNames?.length === 1 && !prop.onCreate && !prop.onUpdate && !prop.generated);
  }

  constructor(
    private readonly meta: EntityMetadata<T>,
    private readonly platform: Platform,
  ) {
    this.columns = (Object.values(meta.properties) as EntityProperty<T>[])
      .filter((prop) => prop.persist !== false)
      .map((prop) => ({ property: prop.name as string, column: prop.fieldNames[0], toDatabase: this.converterOf(prop), placeholder: this.placeholderOf(prop) }));
    this.version = this.columns.find((column) => column.property === meta.versionProperty);
    this.id = this.columns.find((column) => column.property === meta.primaryKeys[0]) as Column;
  }

  /** The new record's INSERT; a versioned record starts at version 1 (the tables' default), set here so its ETag is known before the row is. */
  insertOf(record: T): RecordStatement {
    const { written, values } = this.insertedColumns(record);
    const text = this.textOf(`i:${written.map(({ column }) => column).join(',')}`, () => `${this.insertInto(written)} values (${this.placeholdersOf(written)}) returning 1`);
    return { text, values, failed: () => OptimisticLockError.lockFailed(record) };
  }

  /**
   * The new record's INSERT holding its case's row too, in the same statement (issue 39: the create's first statement,
   * one round trip fewer). `hold` is the statement part that locks the live case row (the case context's, see
   * `caseRowHold`), given its case parameter, numbered after the record's values. The row is inserted only when the
   * case was held, and the hold runs first, so the lock order stays the case row, then the record. No row back means
   * the case is gone: `caseGone` is the error.
   */
  insertHoldingCaseOf(record: T, hold: (caseParameter: string) => string, caseId: string, caseGone: () => Error): RecordStatement {
    const { written, values } = this.insertedColumns(record);
    const text = this.textOf(
      `h:${written.map(({ column }) => column).join(',')}`,
      () => `${this.insertInto(written)} select ${this.placeholdersOf(written)} where exists (${hold(`$${written.length + 1}`)}) returning 1`,
    );
    return { text, values: [...values, caseId], failed: caseGone };
  }

  private insertedColumns(record: T): { written: Column[]; values: unknown[] } {
    const fields = record as Record<string, unknown>;
    if (this.version && fields[this.version.property] == null) fields[this.version.property] = 1;
    const written = this.columns.filter(({ property }) => fields[property] !== undefined);
    return { written, values: written.map(({ property, toDatabase }) => toDatabase(fields[property])) };
  }

  private insertInto(written: readonly Column[]): string {
    return `insert into ${quote(this.meta.tableName)} (${written.map(({ column }) => quote(column)).join(', ')})`;
  }

  private placeholdersOf(written: readonly Column[]): string {
    return written.map(({ placeholder }, index) => placeholder(index + 1)).join(', ');
  }

  /** A statement's text by the columns it writes, made once (the hold's text is the case context's, fixed). */
  private textOf(key: string, make: () => string): string {
    let text = this.texts.get(key);
    if (text === undefined) this.texts.set(key, (text = make()));
    return text;
  }

  /** True when the record came from its row (its snapshot is the ORM's): only then can its change be compiled. */
  loaded(em: EntityManager, record: T): boolean {
    return em.getUnitOfWork().getOriginalEntityData(record) !== undefined;
  }

  /**
   * The UPDATE of what changed since the record was loaded (the ORM's snapshot), the version raised by one and
   * checked; undefined when nothing changed. The record's version is the new one from here on (its ETag and event).
   */
  updateOf(em: EntityManager, record: T): RecordStatement | undefined {
    const fields = record as Record<string, unknown>;
    const original = em.getUnitOfWork().getOriginalEntityData(record);
    if (original === undefined) throw new Error(`${this.meta.className} ${String(fields[this.id.property])} is not a loaded record`);
    const diff = em.getComparator().diffEntities(this.meta.class, original as never, em.getComparator().prepareEntity(record) as never);
    const changed = this.columns.filter(({ property }) => property in diff && property !== this.version?.property);
    if (changed.length === 0) return undefined;
    const assignments = changed.map(({ column, placeholder }, index) => `${quote(column)} = ${placeholder(index + 1)}`);
    const values = changed.map(({ property, toDatabase }) => toDatabase(fields[property] ?? null));
    let where = `${quote(this.id.column)} = $${values.length + 1}`;
    values.push(fields[this.id.property]);
    if (this.version) {
      assignments.push(`${quote(this.version.column)} = ${quote(this.version.column)} + 1`);
      where += ` and ${quote(this.version.column)} = $${values.length + 1}`;
      values.push(fields[this.version.property]);
      fields[this.version.property] = (fields[this.version.property] as number) + 1;
    }
    const key = `u:${changed.map(({ column }) => column).join(',')}`;
    let text = this.texts.get(key);
    if (text === undefined) this.texts.set(key, (text = `update ${quote(this.meta.tableName)} set ${assignments.join(', ')} where ${where} returning 1`));
    return { text, values, failed: () => OptimisticLockError.lockFailed(record) };
  }

  /** Runs a statement on its own (no event told with it) on the transaction's connection. */
  async run(em: EntityManager, statement: RecordStatement): Promise<void> {
    const rows = await transactionRows(em, statement.text, statement.values);
    if (rows.length === 0) throw statement.failed();
  }

  /**
   * After the statement ran: the record is in the unit of work's identity map with the snapshot a flush would have left
   * (the unit of work's `merge` takes the record as it is now), so a later flush finds nothing to write and a later
   * load in the transaction returns this record.
   */
  written(em: EntityManager, record: T): void {
    em.getUnitOfWork().merge(record);
  }

  private placeholderOf(prop: EntityProperty<T>): (index: number) => string {
    const type = prop.customType;
    if (type?.convertToDatabaseValueSQL) return (index) => type.convertToDatabaseValueSQL!(`$${index}`, this.platform);
    return (index) => `$${index}`;
  }

  private converterOf(prop: EntityProperty<T>): (value: unknown) => unknown {
    const type = prop.customType;
    if (type) return (value) => (value === null || value === undefined ? null : type.convertToDatabaseValue(value, this.platform, { mode: 'query-data' }));
    return (value) => value ?? null;
  }
}

const compiled = new WeakMap<EntityMetadata<any>, RecordStatements<any> | null>();

/** The statements of an entity, compiled once; undefined when the ORM must write it (see `compilable`). */
export function recordStatements<T extends object>(em: EntityManager, entity: EntityName<T>): RecordStatements<T> | undefined {
  const meta = em.getMetadata().find<T>(entity as never);
  if (!meta) return undefined;
  let statements = compiled.get(meta);
  if (statements === undefined) compiled.set(meta, (statements = RecordStatements.compilable(meta) ? new RecordStatements<T>(meta, em.getPlatform()) : null));
  return statements ?? undefined;
}
