import { ValidationError } from 'class-validator';
import { toErrorDetails } from './validation-details';

function validationError(property: string, constraints?: Record<string, string>, children: ValidationError[] = []): ValidationError {
  const error = new ValidationError();
  error.property = property;
  error.constraints = constraints;
  error.children = children;
  return error;
}

describe('toErrorDetails', () => {
  it('gives one detail per field: the first constraint message', () => {
    const details = toErrorDetails([
      validationError('email', { isString: 'email must be a string', isEmail: 'email must be a valid e-mail address' }),
      validationError('status', { isIn: 'status must be one of: a, b' }),
    ]);
    expect(details).toEqual([
      { field: 'email', message: 'email must be a string' },
      { field: 'status', message: 'status must be one of: a, b' },
    ]);
  });

  it('turns a whitelist violation into "is not a writable field"', () => {
    expect(toErrorDetails([validationError('id', { whitelistValidation: 'property id should not exist' })])).toEqual([
      { field: 'id', message: 'id is not a writable field of this resource' },
    ]);
  });

  it('builds JSON paths through nested children and rewrites the message subject', () => {
    const tree = validationError('contact_methods', undefined, [
      validationError('email', { isEmail: 'email must be a valid e-mail address' }),
      validationError('address', undefined, [validationError('zip', { matches: 'zip must be a ZIP code' })]),
    ]);
    expect(toErrorDetails([tree])).toEqual([
      { field: 'contact_methods.email', message: 'contact_methods.email must be a valid e-mail address' },
      { field: 'contact_methods.address.zip', message: 'contact_methods.address.zip must be a ZIP code' },
    ]);
  });

  it('reports unknown nested properties with their path', () => {
    const tree = validationError('address', undefined, [validationError('country', { whitelistValidation: 'property country should not exist' })]);
    expect(toErrorDetails([tree])).toEqual([{ field: 'address.country', message: 'address.country is not a writable field of this resource' }]);
  });

  it('reports a parent constraint and its children', () => {
    const tree = validationError('items', { arrayMaxSize: 'items may have at most 2 items' }, [
      validationError('0', undefined, [validationError('name', { isString: 'name must be a string' })]),
    ]);
    expect(toErrorDetails([tree])).toEqual([
      { field: 'items', message: 'items may have at most 2 items' },
      { field: 'items.0.name', message: 'items.0.name must be a string' },
    ]);
  });

  it('is empty for no errors', () => {
    expect(toErrorDetails([])).toEqual([]);
  });
});
