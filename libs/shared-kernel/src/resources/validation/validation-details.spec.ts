import { getMetadataStorage, ValidationError } from 'class-validator';
import { AddressDto } from './address.dto';
import {
  BooleanField,
  DateField,
  DateTimeField,
  EmailField,
  EnumArrayField,
  EnumField,
  IntegerField,
  MoneyField,
  NestedArrayField,
  NestedField,
  StringArrayField,
  StringField,
} from './fields';
import { NESTED_TYPE_CONSTRAINT } from './nested-type';
import { REASON_OF_CONSTRAINT, toErrorDetails } from './validation-details';

/** One field of every kind the kernel declares: what any DTO of the service is made of. */
class EveryKindOfField {
  @StringField({ required: true, pattern: /^[A-Z]+$/ }) code: string;
  @EmailField() email?: string | null;
  @EnumField(['a', 'b']) status?: string | null;
  @EnumArrayField(['a', 'b'], { minItems: 1 }) kinds?: string[] | null;
  @DateField() on?: string | null;
  @DateTimeField() at?: string | null;
  @MoneyField() amount?: number | null;
  @IntegerField() count?: number | null;
  @BooleanField() active?: boolean | null;
  @NestedField(() => AddressDto) address?: AddressDto | null;
  @NestedArrayField(() => AddressDto) branches?: AddressDto[] | null;
  @StringArrayField() tags?: string[] | null;
}

function validationError(property: string, value: unknown, constraints?: Record<string, string>, children: ValidationError[] = []): ValidationError {
  const error = new ValidationError();
  error.property = property;
  error.value = value;
  error.constraints = constraints;
  error.children = children;
  return error;
}

describe('toErrorDetails', () => {
  it('gives one detail per field: the first constraint message and its reason', () => {
    const details = toErrorDetails([
      validationError('email', 42, { isString: 'email must be a string', isEmail: 'email must be a valid e-mail address' }),
      validationError('status', 'pending', { isIn: 'status must be one of: a, b' }),
    ]);
    expect(details).toEqual([
      { field: 'email', message: 'email must be a string', reason: 'type' },
      { field: 'status', message: 'status must be one of: a, b', reason: 'enum' },
    ]);
  });

  it('says a field absent or null is required, whichever constraint noticed', () => {
    expect(toErrorDetails([validationError('amount', undefined, { isNumber: 'amount must be a number with at most 2 decimals' })])).toEqual([
      { field: 'amount', message: 'amount is required', reason: 'required' },
    ]);
    expect(toErrorDetails([validationError('last_name', null, { isString: 'last_name must be a string' })])).toEqual([
      { field: 'last_name', message: 'last_name is required and cannot be null', reason: 'required' },
    ]);
  });

  it('turns a whitelist violation into "is not a writable field"', () => {
    expect(toErrorDetails([validationError('id', 'x', { whitelistValidation: 'property id should not exist' })])).toEqual([
      { field: 'id', message: 'id is not a writable field of this resource', reason: 'unknown_field' },
    ]);
  });

  it('builds JSON paths through nested children and rewrites the message subject', () => {
    const tree = validationError('contact_methods', {}, undefined, [
      validationError('email', 'nope', { isEmail: 'email must be a valid e-mail address' }),
      validationError('address', {}, undefined, [validationError('zip', '1', { matches: 'zip must be a ZIP code' })]),
    ]);
    expect(toErrorDetails([tree])).toEqual([
      { field: 'contact_methods.email', message: 'contact_methods.email must be a valid e-mail address', reason: 'format' },
      { field: 'contact_methods.address.zip', message: 'contact_methods.address.zip must be a ZIP code', reason: 'format' },
    ]);
  });

  it('reports unknown nested properties with their path', () => {
    const tree = validationError('address', {}, undefined, [validationError('country', 'US', { whitelistValidation: 'property country should not exist' })]);
    expect(toErrorDetails([tree])).toEqual([{ field: 'address.country', message: 'address.country is not a writable field of this resource', reason: 'unknown_field' }]);
  });

  it('reports a parent constraint and its children', () => {
    const tree = validationError('items', [{}, {}, {}], { arrayMaxSize: 'items may have at most 2 items' }, [
      validationError('0', {}, undefined, [validationError('name', 42, { isString: 'name must be a string' })]),
    ]);
    expect(toErrorDetails([tree])).toEqual([
      { field: 'items', message: 'items may have at most 2 items', reason: 'range' },
      { field: 'items.0.name', message: 'items.0.name must be a string', reason: 'type' },
    ]);
  });

  it('reads a constraint it does not know as a business rule', () => {
    expect(toErrorDetails([validationError('ended_at', 'x', { endsAfterStart: 'ended_at must not be before started_at' })])).toEqual([
      { field: 'ended_at', message: 'ended_at must not be before started_at', reason: 'rule' },
    ]);
  });

  it('knows the reason of every constraint the field decorators use', () => {
    // Every DTO of the service is built from these decorators: a new kind of constraint must get its reason here.
    const used = new Set<string>();
    for (const dto of [EveryKindOfField, AddressDto]) {
      for (const metadata of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
        if (metadata.type !== 'customValidation') continue;
        // The record of a nested field's class always passes, so no detail ever carries it (nested-type.spec.ts).
        if (metadata.name === NESTED_TYPE_CONSTRAINT) continue;
        for (const constraint of getMetadataStorage().getTargetValidatorConstraints(metadata.constraintCls)) used.add(constraint.name);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !(name in REASON_OF_CONSTRAINT))).toEqual([]);
  });

  it('is empty for no errors', () => {
    expect(toErrorDetails([])).toEqual([]);
  });
});
