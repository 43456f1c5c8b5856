import { EntitySchema } from '@mikro-orm/core';
import { maskSensitive, SENSITIVE_FIELDS } from '../masking/mask';
import { toSnakeCase } from './naming';

const SENSITIVE = new Set<string>(SENSITIVE_FIELDS);

function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * The one serializer: stored properties in schema order as snake_case JSON, `null` for unset, date-times in ISO
 * UTC, and `ssn`, `account_number`, `policy_number`, `vin` masked wherever they appear. Hidden properties
 * (case_id of sub-records, version, tenancy) stay out.
 */
export function serializeRecord(record: object, schema: EntitySchema<any>): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.meta.properties) as Array<[string, { hidden?: boolean }]>) {
    if (property.hidden) continue;
    const field = toSnakeCase(name);
    const value = (record as Record<string, unknown>)[name];
    view[field] = SENSITIVE.has(field) ? maskSensitive(value as string | null | undefined) : jsonValue(value);
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
