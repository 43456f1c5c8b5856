import { EntitySchema } from '@mikro-orm/core';
import { ApiProperty, IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import type { CaseRecord } from '../../platform/domain/case-record';
import { caseRecordProperties, timestampProperties } from '../../platform/persistence/case-record.properties';
import { maskSensitive } from '../../platform/masking/mask';
import { toSnakeCase } from '../naming/naming';
import { RecordView } from '../openapi/api-responses';
import type { FieldMap, FieldValues } from './field-definitions';

type Dto = new () => object;

/** A record of these fields as the ORM and the kernel hold it: the key columns, the fields, the timestamps. */
export type RecordOf<F extends FieldMap> = CaseRecord & FieldValues<F>;

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
}

/** What the kernel builds from one list of fields: the table's schema, the bodies, the view, masking and references. */
export interface RecordShape<T extends CaseRecord> {
  schema: EntitySchema<T>;
  create: Dto;
  patch?: Dto;
  view: Dto;
  /** JSON fields returned masked. */
  masked: string[];
  /** Per JSON field, the kind of record it names. */
  references: Record<string, unknown>;
  /** Create bodies from the fields' examples: the required fields, and every writable field but references. */
  examples: { minimal: Record<string, unknown>; full: Record<string, unknown> };
}

/** `bank account` → `BankAccount`. */
export function pascalCaseOf(name: string): string {
  return name.replace(/(^|[\s_-])([a-z])/g, (_match, _sep, letter: string) => letter.toUpperCase()).replace(/[\s_-]/g, '');
}

/** A class of the given name (OpenAPI names its schema after it), empty or extending `base`. */
function namedClass(name: string, base?: Dto): Dto {
  const named = base ? class extends base {} : class {};
  // Named explicitly: a class expression's inferred name does not survive the compiler's output.
  Object.defineProperty(named, 'name', { value: name });
  return named;
}

/**
 * The record's table and its HTTP shapes from one declaration of its fields. The columns are named by MikroORM's naming
 * strategy and the JSON fields are the snake_case of the properties (`dateOfDeath` → `date_of_death`), so neither
 * name is written twice. The create body has every field a client writes, the patch the same without
 * `createOnly` ones, each optional and nullable unless required (contract §5), and the view adds the key, the
 * timestamps and the read-only fields.
 */
export function recordShape<const F extends FieldMap, T extends CaseRecord = RecordOf<F>>(options: RecordShapeOptions<F>): RecordShape<T> {
  const type = pascalCaseOf(options.typeName ?? options.name);
  const entries = Object.entries(options.fields);
  const properties: Record<string, unknown> = {};
  for (const [property, definition] of entries) {
    if (definition.computed) continue;
    // A stated `column: { nullable: false }` wins: a field a body may leave out that the server always fills.
    const nullable = !definition.required && definition.column.default === undefined;
    properties[property] = { ...(nullable ? { nullable: true } : {}), ...definition.column };
  }
  const schema = new EntitySchema<T>({
    class: (options.entity ?? namedClass(type)) as never,
    tableName: options.table,
    properties: { ...caseRecordProperties({ showCaseId: options.caseIdShown }), ...properties, ...timestampProperties() } as never,
  });

  const create = namedClass(`Create${type}Body`);
  const written = entries.filter(([, definition]) => !definition.readOnly);
  for (const [property, definition] of written) definition.decorate(create.prototype, toSnakeCase(property));

  const createOnly = written.filter(([, definition]) => definition.createOnly).map(([property]) => toSnakeCase(property));
  // A field with its own patch property leaves the body's out and is declared after the others.
  const ownPatch = written.filter(([, definition]) => definition.patch !== undefined && !definition.createOnly);
  const notPatched = [...createOnly, ...ownPatch.map(([property]) => toSnakeCase(property))];
  const patch =
    options.patchable === false
      ? undefined
      : namedClass(`Patch${type}Body`, PartialType(notPatched.length > 0 ? OmitType(create as new () => Record<string, unknown>, notPatched) : create, { skipNullProperties: false }));
  if (patch) for (const [property, definition] of ownPatch) definition.patch?.(patch.prototype, toSnakeCase(property));

  // A masked field is presented with its own property (masked example, no input format), not the body's.
  const masked = entries.filter(([, definition]) => definition.masked && !definition.hidden);
  const maskedFields = masked.map(([property]) => toSnakeCase(property));
  const presented = maskedFields.length > 0 ? OmitType(create as new () => Record<string, unknown>, maskedFields) : create;
  const view = namedClass(`${type}View`, IntersectionType(RecordView, presented));
  if (options.caseIdShown) ApiProperty({ type: String, description: 'The case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AA' })(view.prototype, 'case_id');
  // A written field that states its view property keeps its place and the body's property, with the stated parts over it.
  for (const [property, definition] of written.filter(([, definition]) => definition.view !== undefined && !definition.masked)) {
    ApiProperty(definition.view)(view.prototype, toSnakeCase(property));
  }
  for (const [property, definition] of entries.filter(([, definition]) => definition.readOnly && !definition.hidden)) {
    if (definition.view) ApiProperty({ description: definition.description, example: definition.example, ...definition.view })(view.prototype, toSnakeCase(property));
    else definition.decorate(view.prototype, toSnakeCase(property));
  }
  // A masked field reads masked in every response, so its example in the view does too.
  for (const [property, definition] of masked) {
    const example = typeof definition.example === 'string' ? maskSensitive(definition.example) : definition.example;
    ApiProperty({ type: String, nullable: !definition.required, description: definition.description, example })(view.prototype, toSnakeCase(property));
  }

  const exampled = written.filter(([, definition]) => definition.example !== undefined && definition.references === undefined);
  const bodyOf = (chosen: typeof exampled) => Object.fromEntries(chosen.map(([property, definition]) => [toSnakeCase(property), definition.example]));
  return {
    schema,
    examples: { minimal: bodyOf(exampled.filter(([, definition]) => definition.required)), full: bodyOf(exampled) },
    create,
    patch,
    view,
    masked: maskedFields,
    references: Object.fromEntries(entries.filter(([, definition]) => definition.references !== undefined).map(([property, definition]) => [toSnakeCase(property), definition.references])),
  };
}
