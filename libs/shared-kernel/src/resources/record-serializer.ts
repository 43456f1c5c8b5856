import { EntitySchema } from '@mikro-orm/core';
import { maskSensitive } from '../masking/mask';
import { BodyShape, withNulls } from './body-shape';
import { isoString } from './iso-date';
import { toSnakeCase } from './naming';

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

interface VisibleProperty {
  name: string;
  field: string;
}

/** A schema's visible properties with their JSON names, worked out once per schema rather than once per row. */
const visibleOf = new WeakMap<EntitySchema<any>, VisibleProperty[]>();

function visiblePropertiesOf(schema: EntitySchema<any>): VisibleProperty[] {
  let visible = visibleOf.get(schema);
  if (!visible) {
    visible = (Object.entries(schema.meta.properties) as Array<[string, { hidden?: boolean }]>)
      .filter(([, property]) => !property.hidden)
      .map(([name]) => ({ name, field: toSnakeCase(name) }));
    visibleOf.set(schema, visible);
  }
  return visible;
}

/**
 * The one serializer: stored properties in schema order as snake_case JSON, `null` for unset, date-times in ISO
 * UTC, and the fields the resource declares masked (`ssn`, `account_number`, …) masked wherever they appear. Hidden
 * properties (case_id of sub-records, version, tenancy) stay out. Given the body's shape, nested objects (addresses,
 * `contact_methods`, items of arrays) read every field they know, `null` when unset.
 */
export function serializeRecord(record: object, schema: EntitySchema<any>, shape?: BodyShape, maskedFields: ReadonlySet<string> = NOTHING_MASKED): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const { name, field } of visiblePropertiesOf(schema)) {
    const value = (record as Record<string, unknown>)[name];
    if (maskedFields.has(field)) view[field] = maskSensitive(value as string | null | undefined);
    else {
      const nested = shape?.fields.get(field);
      view[field] = nested ? maskNested(withNulls(value, nested), maskedFields) : jsonValue(value);
    }
  }
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
