import { MetadataStorage, ValidateBy } from 'class-validator';

/** One decorator's entry in class-validator's storage, typed through the package's public exports only. */
export type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

type Dto = new () => object;

/** The name under which the nested type is stored; class-validator never reports it (its check always passes). */
export const NESTED_TYPE_CONSTRAINT = 'kernelNestedType';

/**
 * Records the class of a nested field as class-validator metadata, so the kernel can read it through class-validator's
 * public storage instead of class-transformer's private one. Being validation metadata, it is also copied onto the
 * classes @nestjs/swagger derives (PartialType, PickType…), which a registry keyed by class would miss. The check
 * always passes: it never adds a constraint to a ValidationError, so a 422's details are unchanged.
 */
export function NestedType(type: () => Dto): PropertyDecorator {
  return ValidateBy({ name: NESTED_TYPE_CONSTRAINT, constraints: [type], validator: { validate: () => true } });
}

export function isNestedTypeCarrier(entry: ValidationMetadata): boolean {
  return entry.name === NESTED_TYPE_CONSTRAINT;
}

/** The class of each nested field among `metadata` (one DTO's entries), by property name. */
export function nestedTypesIn(metadata: readonly ValidationMetadata[]): Map<string, Dto> {
  const types = new Map<string, Dto>();
  for (const entry of metadata) {
    if (isNestedTypeCarrier(entry)) types.set(entry.propertyName, (entry.constraints[0] as () => Dto)());
  }
  return types;
}
