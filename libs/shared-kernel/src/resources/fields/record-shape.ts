import { EntitySchema } from '@mikro-orm/core';
import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import type { CaseRecord } from '../../platform/domain/case-record';
import { caseRecordProperties, timestampProperties } from '../../platform/persistence/case-record.properties';
import { RecordView } from '../openapi/api-responses';
import type { FilterSpecs, ListQueryRules } from '../pagination/list-query';
import type { FieldMap, FieldValues } from './field-definitions';
import { Dto, namedClass, pascalCaseOf, ShapeParts } from './shape-parts';

/** The key of a record that belongs to no case: the case itself. */
const OWN_ID = { type: 'string', primary: true, length: 26 } as const;

/** A record of these fields as the ORM and the kernel hold it: the key columns, the fields, the timestamps. */
export type RecordOf<F extends FieldMap> = CaseRecord & FieldValues<F>;

/** A record keyed by an id of its own and carrying no version (`key: 'own', versioned: false`): its id, fields and timestamps. */
export type OwnRecordOf<F extends FieldMap> = { id: string; createdAt: Date; updatedAt: Date } & FieldValues<F>;

export interface RecordShapeOptions<F extends FieldMap> {
  /** The singular noun of the resource (`bank account`): it names the generated classes (`CreateBankAccountBody`). */
  name: string;
  /**
   * The noun the generated classes are named after where the OpenAPI document has long named them otherwise than
   * `name` (`deadline` for the probate deadline: `CreateDeadlineBody`, `DeadlineView`); by default the name.
   */
  typeName?: string;
  table: string;
  fields: F;
  /** Whether `case_id` is part of the representation (the specification's table of the record carries it). */
  caseIdShown?: boolean;
  /** Whether there is a merge patch: its writable set is every field neither read-only nor create-only. */
  patchable?: boolean;
  /** The class the ORM makes records of (an aggregate's domain class); by default one named after the resource. */
  entity?: new (...args: any[]) => object;
  /** Its key: an id within a case (`case`, the default), or an id of its own (the case itself). */
  key?: 'case' | 'own';
  /**
   * Whether the table has the `version` column behind the record's ETag (the default); a table without one (`users`:
   * the pro user's ETag is its `updated_at`) says `false`.
   */
  versioned?: boolean;
  /**
   * `false` for a record that is never updated (a settled accounting: a trigger refuses `UPDATE`): no `created_at` nor
   * `updated_at` of the kernel's; its fields declare the time stamps it has, where their columns stand.
   */
  timestamps?: false;
  /** Its collection: a record of no case's (`OwnCollection`), or a case's records' below the case (`CaseCollection`). */
  path?: string;
  filters?: FilterSpecs;
  sorts?: readonly string[];
  /** A case's records addressed by a field of their own (`CaseCollection`). */
  itemKey?: string;
  /** The stored field a create and a read of one item answer (`CaseCollection`). */
  itemDocument?: string;
}

/**
 * What a record of no case states of its collection beside its fields, for its own controller's routes and for the
 * generated contract: where it lives and how its list is filtered and sorted.
 */
export interface OwnCollection {
  key: 'own';
  /** The collection below `/v1` (`cases`: `/v1/cases`, `/v1/cases/{case_id}`). */
  path: string;
  /** Its list's filters: a field's name, or a narrowing only its service applies (the case's `access`); none by default. */
  filters?: FilterSpecs;
  /** Its list's sorts; `created_at` alone by default. */
  sorts?: readonly string[];
}

/**
 * What a case's records served by their own controller (a settled accounting) state of their collection beside their
 * fields, for the generated contract: where it lives below the case, how its list is filtered and sorted, what
 * addresses one item, and what a create and a read of one item answer where it is not the record.
 */
export interface CaseCollection {
  key?: 'case';
  /** The collection below the case (`accountings`: `/v1/cases/{case_id}/accountings`). */
  path: string;
  /** Its list's filters; none by default. */
  filters?: FilterSpecs;
  /** Its list's sorts; `created_at` alone by default. */
  sorts?: readonly string[];
  /** The field one item is addressed by (`sequence`: `…/accountings/{sequence}`); `id` by default. */
  itemKey?: string;
  /**
   * A hidden field whose stored JSON a create and a read of one item answer in place of the record (the settled
   * accounting's `document`, which carries the record's presented fields among its own); the list presents the record.
   */
  itemDocument?: string;
}

/** What the kernel builds from one list of fields: the table's schema, the bodies, the view, masking and references. */
export interface RecordShape<T extends { id: string }> {
  /** The singular noun it was declared with. */
  name: string;
  /** Its fields as declared, by property. */
  fields: FieldMap;
  schema: EntitySchema<T>;
  create: Dto;
  patch?: Dto;
  view: Dto;
  /** JSON fields returned masked. */
  masked: string[];
  /** The JSON fields a client writes that are stored: what a create maps onto the record. */
  stored: string[];
  /** Per JSON field, the kind of record it names. */
  references: Record<string, unknown>;
  /** Create bodies from the fields' examples: the required fields, and every writable field but references. */
  examples: { minimal: Record<string, unknown>; full: Record<string, unknown> };
}

/** The shape of a record of no case, with its collection: the path and the rules of its list (`ApiList`, `parseListQuery`). */
export interface OwnRecordShape<T extends { id: string }> extends RecordShape<T> {
  path: string;
  listRules: ListQueryRules;
}

/** The shape of a case's records with their collection: its path below the case, its item key, its list's rules. */
export interface CaseRecordShape<T extends { id: string }> extends RecordShape<T> {
  path: string;
  itemKey: string;
  itemDocument?: string;
  listRules: ListQueryRules;
}

export { pascalCaseOf } from './shape-parts';

/**
 * The record's table and its HTTP shapes from one declaration of its fields. The columns are named by MikroORM's naming
 * strategy and the JSON fields are the snake_case of the properties (`dateOfDeath` → `date_of_death`), so neither
 * name is written twice. The create body has every field a client writes, the patch the same without
 * `createOnly` ones, each optional and nullable unless required (contract §5), and the view adds the key, the
 * timestamps and the read-only fields.
 */
export function recordShape<const F extends FieldMap, T extends { id: string } = RecordOf<F>>(options: RecordShapeOptions<F> & OwnCollection): OwnRecordShape<T>;
export function recordShape<const F extends FieldMap, T extends { id: string } = RecordOf<F>>(options: RecordShapeOptions<F> & CaseCollection): CaseRecordShape<T>;
export function recordShape<const F extends FieldMap, T extends { id: string } = RecordOf<F>>(options: RecordShapeOptions<F>): RecordShape<T>;
export function recordShape<const F extends FieldMap, T extends { id: string } = RecordOf<F>>(options: RecordShapeOptions<F>): RecordShape<T> | OwnRecordShape<T> | CaseRecordShape<T> {
  const collection = options.path !== undefined || options.filters !== undefined || options.sorts !== undefined;
  const ofCase = options.key !== 'own';
  if (collection && options.path === undefined) throw new Error(`${options.name}: a collection (path, filters, sorts) is stated path first`);
  if (!ofCase && (options.itemKey !== undefined || options.itemDocument !== undefined)) throw new Error(`${options.name}: a record of no case is addressed by its id and answers itself`);
  if ((options.itemKey !== undefined || options.itemDocument !== undefined) && !collection) throw new Error(`${options.name}: an item key or document is stated with its collection (path)`);
  for (const property of [options.itemKey, options.itemDocument]) {
    if (property !== undefined && !(property in options.fields)) throw new Error(`${options.name} declares no field ${property}`);
  }
  if (options.itemDocument !== undefined && !options.fields[options.itemDocument].hidden) throw new Error(`${options.name}: its item document ${options.itemDocument} is a hidden field (the record presents its own fields)`);
  const type = pascalCaseOf(options.typeName ?? options.name);
  const parts = new ShapeParts(options.fields);
  const { version, ...timestamps } = timestampProperties();
  const schema = new EntitySchema<T>({
    class: (options.entity ?? namedClass(type)) as never,
    tableName: options.table,
    properties: {
      ...(options.key === 'own' ? { id: OWN_ID } : caseRecordProperties({ showCaseId: options.caseIdShown })),
      ...parts.columns(),
      ...(options.timestamps === false ? {} : timestamps),
      ...(options.versioned === false ? {} : { version }),
    } as never,
  });
  const create = parts.body(`Create${type}Body`);
  const patch = options.patchable === false ? undefined : parts.patch(`Patch${type}Body`, create);
  const key = options.timestamps === false ? PickType(RecordView, ['id']) : RecordView;
  const view = namedClass(`${type}View`, IntersectionType(key, parts.presented(create)));
  if (options.caseIdShown) ApiProperty({ type: String, description: 'The case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AA' })(view.prototype, 'case_id');
  parts.viewOverrides(view);
  parts.readOnlyProperties(view);
  parts.maskedProperties(view);
  const shape: RecordShape<T> = {
    name: options.name,
    fields: options.fields,
    schema,
    examples: parts.examples(),
    create,
    patch,
    view,
    masked: parts.maskedFields(),
    stored: parts.storedWritten(),
    references: parts.references(),
  };
  if (!collection) return shape;
  const listRules = { filters: options.filters ?? {}, sorts: options.sorts ?? ['created_at'] };
  if (!ofCase) return { ...shape, path: options.path!, listRules };
  return {
    ...shape,
    path: options.path!,
    itemKey: options.itemKey ?? 'id',
    ...(options.itemDocument !== undefined ? { itemDocument: options.itemDocument } : {}),
    listRules,
  };
}
