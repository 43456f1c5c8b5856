import { EntitySchema } from '@mikro-orm/core';
import { maskSensitive } from '../platform/masking/mask';
import { BodyShape, withNulls } from './body-shape';
import { isoString } from './iso-date';
import type { FieldMap } from './fields/field-definitions';
import { toCamelCase, toSnakeCase } from './naming/naming';

const NOTHING_MASKED: ReadonlySet<string> = new Set();

function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return isoString(value);
  return value;
}

/** The declared masked fields are masked at any depth too (a beneficiary's account number inside an array, say). */
function maskNested(value: unknown, maskedFields: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => maskNested(item, maskedFields));
  if (value === null || typeof value !== 'object') return value;
  const masked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    masked[key] = maskedFields.has(key) && (typeof item === 'string' || item === null) ? maskSensitive(item) : maskNested(item, maskedFields);
  }
  return masked;
}

/** A visible property of a schema: its JSON field and how its value is presented there. */
export interface VisibleProperty {
  name: string;
  field: string;
  present: (value: unknown) => unknown;
}

/**
 * A schema's visible properties with their JSON names and presentation, worked out once per schema, shape and masked
 * set rather than once per row.
 */
const visibleOf = new WeakMap<EntitySchema<any>, WeakMap<BodyShape | typeof NO_SHAPE, WeakMap<ReadonlySet<string>, VisibleProperty[]>>>();
const NO_SHAPE = {};

/**
 * The stored properties in schema order as snake_case JSON fields, each with its presentation: `null` for unset,
 * date-times in ISO UTC, the fields the resource declares masked (`ssn`, `account_number`, …) masked wherever they
 * appear, and nested
 * objects (addresses, `contact_methods`, items of arrays) reading every field the body's shape knows. Hidden
 * properties (case_id of sub-records, version, tenancy) stay out.
 */
export function visibleProperties(schema: EntitySchema<any>, shape?: BodyShape, maskedFields: ReadonlySet<string> = NOTHING_MASKED): VisibleProperty[] {
  let byShape = visibleOf.get(schema);
  if (!byShape) visibleOf.set(schema, (byShape = new WeakMap()));
  let byMasked = byShape.get(shape ?? NO_SHAPE);
  if (!byMasked) byShape.set(shape ?? NO_SHAPE, (byMasked = new WeakMap()));
  let visible = byMasked.get(maskedFields);
  if (!visible) {
    visible = (Object.entries(schema.meta.properties) as Array<[string, { hidden?: boolean }]>)
      .filter(([, property]) => !property.hidden)
      .map(([name]) => {
        const field = toSnakeCase(name);
        const nested = shape?.fields.get(field);
        const present = maskedFields.has(field)
          ? (value: unknown) => maskSensitive(value as string | null | undefined)
          : nested
            ? (value: unknown) => maskNested(withNulls(value, nested), maskedFields)
            : jsonValue;
        return { name, field, present };
      });
    byMasked.set(maskedFields, visible);
  }
  return visible;
}

/** The JSON fields of a declaration's representation: its stored, visible properties and the computed fields it declares. */
export function representationOf(resource: { schema: EntitySchema<any>; fields?: FieldMap }): string[] {
  const computed = Object.entries(resource.fields ?? {}).filter(([, definition]) => definition.computed).map(([property]) => toSnakeCase(property));
  return [...visibleProperties(resource.schema).map(({ field }) => field), ...computed];
}

/** The one serializer of a record's properties (an entity a write holds, or fields read from a row): see above. */
export function serializeRecord(record: object, schema: EntitySchema<any>, shape?: BodyShape, maskedFields: ReadonlySet<string> = NOTHING_MASKED): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const { name, field, present } of visibleProperties(schema, shape, maskedFields)) view[field] = present((record as Record<string, unknown>)[name]);
  return view;
}

/** The writable fields' current values, unmasked, as JSON: the target a merge patch is applied to. */
export function writableDocument(record: object, fields: readonly string[], toProperty: (field: string) => string): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (record as Record<string, unknown>)[toProperty(field)];
    if (value !== null && value !== undefined) document[field] = jsonValue(value);
  }
  return document;
}

/**
 * A JSON document's writable fields as properties (`due_date` → `dueDate`), each of the declaration's create fields
 * present (`null` when unset): what an aggregate's domain methods take, from a create body or a merge patch's result.
 */
export function writableFieldsOf<F extends object = Record<string, unknown>>(resource: { readonly createFields: readonly string[] }, document: object): F {
  const values = document as Record<string, unknown>;
  return Object.fromEntries(resource.createFields.map((field) => [toCamelCase(field), values[field] ?? null])) as F;
}
