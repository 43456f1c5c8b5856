import { getMetadataStorage } from 'class-validator';
import { nestedTypesIn } from './validation/nested-type';

/**
 * The fields of a body class, with the shape of each nested object (or of each item of an array of objects): what a
 * record reads back, so that every field the body knows is present in a response, `null` when unset — at every depth
 * (specification, Conventions: unset values are returned as `null`).
 */
export interface BodyShape {
  fields: ReadonlyMap<string, BodyShape | null>;
}

type Dto = new () => object;
const shapes = new WeakMap<Dto, BodyShape>();

export function shapeOf(dto: Dto): BodyShape {
  const known = shapes.get(dto);
  if (known) return known;
  const fields = new Map<string, BodyShape | null>();
  const shape: BodyShape = { fields };
  shapes.set(dto, shape);
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const nestedTypes = nestedTypesIn(metadata);
  for (const name of new Set(metadata.map((entry) => entry.propertyName))) {
    const nested = nestedTypes.get(name);
    fields.set(name, nested ? shapeOf(nested) : null);
  }
  return shape;
}

/** Every field of `shape` present in `value`, `null` where unset, recursively through objects and arrays of them. */
export function withNulls(value: unknown, shape: BodyShape | null): unknown {
  if (shape === null || value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return value.map((item) => withNulls(item, shape));
  if (typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const filled: Record<string, unknown> = {};
  for (const [field, nested] of shape.fields) filled[field] = withNulls(source[field], nested);
  // Keys the body class does not declare (older rows, computed members) are kept as stored.
  for (const [field, item] of Object.entries(source)) if (!(field in filled)) filled[field] = item;
  return filled;
}
