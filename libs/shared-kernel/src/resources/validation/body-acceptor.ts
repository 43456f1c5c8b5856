import { getMetadataStorage, MetadataStorage, ValidationTypes } from 'class-validator';
import { isNestedTypeCarrier, nestedTypesIn, ValidationMetadata } from './nested-type';

type Dto = new () => object;

/** True only when class-validator would accept the body; false means "ask class-validator" (it may still accept). */
export type BodyAcceptor = (body: Record<string, unknown>) => boolean;

interface Constraint {
  validate(value: unknown, args: object): unknown;
}

interface PropertyCheck {
  name: string;
  conditions: Array<(object: object, value: unknown) => boolean>;
  rules: Array<{ constraint: Constraint; each: boolean; constraints: unknown[] }>;
  nested?: () => BodyAcceptor | undefined;
}

const acceptors = new WeakMap<Dto, BodyAcceptor | null>();

/**
 * The accepting half of class-validator's verdict on a DTO, compiled once from the same decorators: the same
 * `ValidateIf` conditions and the same constraint functions (IsString, Length, IsIn, the kernel's own rules…), called
 * directly on the parsed JSON, without class-transformer's instance, class-validator's error tree and its promises
 * (issue 19: a fifth of a write's CPU). It never refuses: anything it does not accept outright (an unknown key, a
 * failed rule, a constraint that answers a promise, a value that is not plain JSON) goes to class-validator, whose
 * `422` details are therefore unchanged to the byte. Undefined when the DTO uses anything this does not mirror
 * (validation groups, initial values, a nested field whose class the kernel's `NestedType` does not record): such a DTO
 * always goes to class-validator.
 *
 * It judges the JSON as sent, which is what class-validator sees only because no DTO uses a class-transformer value
 * transform (`@Transform`, `@Expose`, `@Exclude`; none does, and importing them under libs/ is for the architecture
 * rules to forbid): the kernel's fields apply `@Type` alone, which builds nested instances without changing a value.
 * There is no public way to ask class-transformer whether a class has such a transform, so none is asked.
 */
export function acceptorOf(dto: Dto): BodyAcceptor | undefined {
  const known = acceptors.get(dto);
  if (known !== undefined) return known ?? undefined;
  acceptors.set(dto, null); // a nested DTO naming its parent compiles against this placeholder (refers to class-validator)
  const compiled = compile(dto);
  acceptors.set(dto, compiled ?? null);
  return compiled;
}

function compile(dto: Dto): BodyAcceptor | undefined {
  if (hasInitialValues(dto)) return undefined;
  const storage = getMetadataStorage();
  const metadata = storage.getTargetValidationMetadatas(dto, '', true, false);
  if (metadata.length === 0) return undefined;
  const nestedTypes = nestedTypesIn(metadata);
  const checks = new Map<string, PropertyCheck>();
  for (const entry of metadata) {
    if (entry.groups?.length || entry.always || entry.context) return undefined;
    const check = checks.get(entry.propertyName) ?? { name: entry.propertyName, conditions: [], rules: [] };
    checks.set(entry.propertyName, check);
    if (!addTo(check, entry, nestedTypes, storage)) return undefined;
  }
  const properties = [...checks.values()];
  const declared = new Set(checks.keys());
  return (body) => {
    for (const key in body) if (!declared.has(key) || !Object.prototype.hasOwnProperty.call(body, key)) return false;
    for (const property of properties) if (!accepts(property, body)) return false;
    return true;
  };
}

function addTo(check: PropertyCheck, entry: ValidationMetadata, nestedTypes: ReadonlyMap<string, Dto>, storage: MetadataStorage): boolean {
  switch (entry.type) {
    case ValidationTypes.CONDITIONAL_VALIDATION:
      check.conditions.push(entry.constraints[0] as (object: object, value: unknown) => boolean);
      return true;
    case ValidationTypes.CUSTOM_VALIDATION: {
      // The record of a nested field's class: a check that always passes, read below for NESTED_VALIDATION.
      if (isNestedTypeCarrier(entry)) return true;
      const constraints = storage.getTargetValidatorConstraints(entry.constraintCls);
      if (constraints.length === 0) return false;
      for (const { instance, async } of constraints) {
        if (async) return false;
        check.rules.push({ constraint: instance as Constraint, each: entry.each, constraints: entry.constraints });
      }
      return true;
    }
    case ValidationTypes.NESTED_VALIDATION: {
      const nestedType = nestedTypes.get(check.name);
      if (!nestedType) return false;
      check.nested = () => acceptorOf(nestedType);
      return true;
    }
    default:
      return false;
  }
}

function accepts(property: PropertyCheck, body: Record<string, unknown>): boolean {
  const value = body[property.name];
  for (const condition of property.conditions) if (!condition(body, value)) return true;
  for (const { constraint, each, constraints } of property.rules) {
    const args = { targetName: undefined, property: property.name, object: body, value, constraints };
    if (each && Array.isArray(value)) {
      for (const item of value) if (constraint.validate(item, args) !== true) return false;
    } else if (constraint.validate(value, args) !== true) {
      return false;
    }
  }
  if (property.nested && value !== undefined) {
    const nested = property.nested();
    if (!nested) return false;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) if (!isPlainObject(item) || !nested(item)) return false;
  }
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/** A field initialised in the class is validated with that value when the body omits it: the acceptor would see undefined. */
function hasInitialValues(dto: Dto): boolean {
  try {
    return Object.values(new dto()).some((value) => value !== undefined);
  } catch {
    return true;
  }
}
