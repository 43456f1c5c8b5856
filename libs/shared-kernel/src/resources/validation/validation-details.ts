import { ValidationError } from 'class-validator';
import { ErrorDetail } from '../../platform/errors/domain-error';

const UNKNOWN_PROPERTY = 'whitelistValidation';

/** Flattens class-validator's tree into one `{field, message}` per problem, `field` being the JSON path. */
export function toErrorDetails(errors: ValidationError[], parentPath = ''): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    if (UNKNOWN_PROPERTY in constraints) {
      details.push({ field: path, message: `${path} is not a writable field of this resource` });
    } else {
      // One message per field is what a client can act on; the first failing constraint is the most basic one.
      const first = Object.values(constraints)[0];
      if (first) details.push({ field: path, message: first.replace(error.property, path) });
    }
    if (error.children?.length) details.push(...toErrorDetails(error.children, path));
  }
  return details;
}
