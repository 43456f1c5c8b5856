import { EntitySchema } from '@mikro-orm/core';
import { ApiProperty } from '@nestjs/swagger';
import { timestampProperties } from '../../platform/persistence/case-record.properties';
import type { FieldMap, FieldValues } from './field-definitions';
import { Dto, namedClass, pascalCaseOf, ShapeParts } from './shape-parts';

/** A one-per-case record of these fields as the ORM and the kernel hold it: keyed by its case, versioned. */
export type SingletonOf<F extends FieldMap> = { caseId: string; createdAt: Date; updatedAt: Date; version: number } & FieldValues<F>;

export interface SingletonShapeOptions<F extends FieldMap> {
  /** The noun of the resource (`executor`): it names the generated classes (`ExecutorBody`, `PatchExecutorBody`, `ExecutorView`). */
  name: string;
  /** The noun the classes are named after where the document names them otherwise (`estate EIN` → `EstateEinBody`). */
  typeName?: string;
  table: string;
  fields: F;
  /** Whether there is a merge patch. */
  patchable?: boolean;
  /** Whether `created_at` and `updated_at` are part of the representation (they are kept either way). */
  timestampsShown?: boolean;
  /** The class the ORM makes records of (its domain class, with its rules); by default one named after the resource. */
  entity?: new (...args: any[]) => object;
}

export interface SingletonShape<T> {
  schema: EntitySchema<T>;
  /** The whole record as `PUT` takes it. */
  body: Dto;
  patch?: Dto;
  view: Dto;
  masked: string[];
  references: Record<string, unknown>;
  examples: { minimal: Record<string, unknown>; full: Record<string, unknown> };
}

const TIMESTAMPS = {
  created_at: { type: String, format: 'date-time', description: 'When the record was created (UTC).', example: '2026-09-01T12:00:00.000Z' },
  updated_at: { type: String, format: 'date-time', description: 'When the record last changed (UTC).', example: '2026-09-02T08:30:00.000Z' },
} as const;

/**
 * A one-per-case record's table and HTTP shapes from one list of its fields, as `recordShape` builds a case record's:
 * the table is keyed by `case_id` (never presented), the body is the whole record a `PUT` takes, and the view is the
 * body with masked fields masked, then the read-only fields, then the timestamps where they are shown.
 */
export function singletonShape<const F extends FieldMap, T = SingletonOf<F>>(options: SingletonShapeOptions<F>): SingletonShape<T> {
  const type = pascalCaseOf(options.typeName ?? options.name);
  const parts = new ShapeParts(options.fields);
  const schema = new EntitySchema<T>({
    class: (options.entity ?? namedClass(type)) as never,
    tableName: options.table,
    properties: {
      caseId: { type: 'string', primary: true, length: 26, hidden: true },
      ...parts.columns(),
      ...timestampProperties({ hidden: !options.timestampsShown }),
    } as never,
  });
  const body = parts.body(`${type}Body`);
  const patch = options.patchable === false ? undefined : parts.patch(`Patch${type}Body`, body);
  const view = namedClass(`${type}View`, parts.presented(body));
  parts.viewOverrides(view);
  parts.maskedProperties(view);
  parts.readOnlyProperties(view);
  if (options.timestampsShown) for (const [field, property] of Object.entries(TIMESTAMPS)) ApiProperty(property)(view.prototype, field);
  return { schema, body, patch, view, masked: parts.maskedFields(), references: parts.references(), examples: parts.examples() };
}
