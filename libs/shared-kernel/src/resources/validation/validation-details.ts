import { ValidationError } from 'class-validator';
import { DetailReason, ErrorDetail } from '../../platform/errors/domain-error';

const UNKNOWN_PROPERTY = 'whitelistValidation';

/**
 * The reason of each class-validator constraint the kernel's field decorators (fields.ts, address.dto.ts) and the
 * DTOs use, by the constraint's name. A constraint missing here reads as `rule`: a business check written as a DTO
 * rule; validation-details.spec.ts fails when a kernel decorator uses a name this table does not list.
 */
export const REASON_OF_CONSTRAINT: Readonly<Record<string, DetailReason>> = {
  isString: 'type',
  isNumber: 'type',
  isInt: 'type',
  isBoolean: 'type',
  isObject: 'type',
  isArray: 'type',
  nestedValidation: 'type',
  unknownValue: 'type',
  isIn: 'enum',
  isEnum: 'enum',
  matches: 'format',
  isEmail: 'format',
  isIso8601: 'format',
  isCalendarDate: 'format',
  hasTimeZone: 'format',
  maxDecimals: 'format',
  isUrl: 'format',
  isLength: 'range',
  min: 'range',
  max: 'range',
  arrayMaxSize: 'range',
  arrayMinSize: 'range',
  minItems: 'range',
  whitelistValidation: 'unknown_field',
};

/**
 * Flattens class-validator's tree into one `{field, message, reason}` per problem, `field` being the JSON path. A field
 * that is absent or `null` where a value is required says so (`required`), whatever constraint noticed it first: "must
 * be a string" would send a client looking for a wrong type it never sent.
 */
export function toErrorDetails(errors: ValidationError[], parentPath = ''): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    if (UNKNOWN_PROPERTY in constraints) {
      details.push({ field: path, message: `${path} is not a writable field of this resource`, reason: 'unknown_field' });
    } else if (Object.keys(constraints).length > 0 && (error.value === undefined || error.value === null)) {
      const message = error.value === undefined ? `${path} is required` : `${path} is required and cannot be null`;
      details.push({ field: path, message, reason: 'required' });
    } else {
      // One message per field is what a client can act on; the first failing constraint is the most basic one.
      const first = Object.entries(constraints)[0];
      if (first) details.push({ field: path, message: first[1].replace(error.property, path), reason: REASON_OF_CONSTRAINT[first[0]] ?? 'rule' });
    }
    if (error.children?.length) details.push(...toErrorDetails(error.children, path));
  }
  return details;
}
