import { EntitySchema } from '@mikro-orm/core';
import { maskSensitive, SENSITIVE_FIELDS } from '../masking/mask';
import { BodyShape, withNulls } from './body-shape';
import { isoString } from './iso-date';
import { toSnakeCase } from './naming';

const SENSITIVE = new Set<string>(SENSITIVE_FIELDS);

function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return isoString(value);
  return value;
}

/** Sensitive numbers are masked at any depth (a beneficiary's account number inside an array, say). */
function maskNested(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskNested);
  if (value === null || typeof value !== 'object') return value;
  const masked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    masked[key] = SENSITIVE.has(key) && (typeof item === 'string' || item === null) ? maskSensitive(item) : maskNested(item);
  }
  return masked;
}

interface VisibleProperty {
  name: string;
  field: string;
  sensitive: boolean;
}

/** A schema's visible properties with their JSON names, worked out once per schema rather than once per row. */
const visibleOf = new WeakMap<EntitySchema<any>, VisibleProperty[]>();

function visiblePropertiesOf(schema: EntitySchema<any>): VisibleProperty[] {
  let visible = visibleOf.get(schema);
  if (!visible) {
    visible = (Object.entries(schema.meta.properties) as Array<[string, { hidden?: boolean }]>)
      .filter(([, property]) => !property.hidden)
      .map(([name]) => ({ name, field: toSnakeCase(name), sensitive: SENSITIVE.has(toSnakeCase(name)) }));
    visibleOf.set(schema, visible);
  }
  return visible;
}

/**
 * The one serializer: stored properties in schema order as snake_case JSON, `null` for unset, date-times in ISO
 * UTC, and `ssn`, `account_number`, `policy_number`, `vin` masked wherever they appear. Hidden properties
 * (case_id of sub-records, version, tenancy) stay out. Given the body's shape, nested objects (addresses,
 * `contact_methods`, items of arrays) read every field they know, `null` when unset.
 */
export function serializeRecord(record: object, schema: EntitySchema<any>, shape?: BodyShape): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const { name, field, sensitive } of visiblePropertiesOf(schema)) {
    const value = (record as Record<string, unknown>)[name];
    if (sensitive) view[field] = maskSensitive(value as string | null | undefined);
    else {
      const nested = shape?.fields.get(field);
      view[field] = nested ? maskNested(withNulls(value, nested)) : jsonValue(value);
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
