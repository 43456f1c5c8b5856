/*
 * One decorator per kind of field, each applying the validation rules (contract §3.1) and the OpenAPI description
 * together, so a DTO declares a field once. `required` fields must be present and non-null on create; others may be
 * omitted or `null` (unset). Patch DTOs derive from create DTOs with PartialType(…, { skipNullProperties: false }),
 * which keeps `null` an error on required fields and allowed on the rest.
 */

import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsObject,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
  ValidationArguments,
  ValidationOptions,
  registerDecorator,
} from 'class-validator';
import type { ErrorDetail } from '../../platform/errors/domain-error';
import { EIN_PATTERN } from '../../platform/domain/ein';
import { NestedType } from './nested-type';

/** What every field decorator takes. */
export interface FieldOptions {
  required?: boolean;
  /** One short sentence for the OpenAPI reference; every field of every schema should have one. */
  description?: string;
  /** A realistic value: request examples in the OpenAPI document are composed from the fields' examples. */
  example?: unknown;
}

export const MAX_NAME_LENGTH = 200;
export const MAX_TEXT_LENGTH = 10_000;
export const MONEY_LIMIT = 999_999_999_999.99;

/** Where `Example` records the examples of a class's properties. */
const EXAMPLES = Symbol('kernel:field-examples');

/** Records a property's example where the kernel reads it back (`examplesOf`), beside its OpenAPI property; none for `undefined`. */
export function FieldExample(example: unknown): PropertyDecorator {
  return (target, property) => {
    if (example === undefined) return;
    const own: Record<string, unknown> = Reflect.getMetadata(EXAMPLES, target) ?? {};
    Reflect.defineMetadata(EXAMPLES, { ...own, [String(property)]: example }, target);
  };
}

/**
 * The examples the field decorators state for a class's properties, by JSON field, in the order they were declared
 * (inherited ones first): a value of a nested object's class made of them (an address's street, city, …).
 */
export function examplesOf(dto: new () => object): Record<string, unknown> {
  return { ...((Reflect.getMetadata(EXAMPLES, dto.prototype) as Record<string, unknown> | undefined) ?? {}) };
}

function presence(options: FieldOptions, api: ApiPropertyOptions): PropertyDecorator[] {
  const required = options.required ?? false;
  const example = options.example ?? api.example;
  const decorators: PropertyDecorator[] = [
    ApiProperty({ ...api, required, nullable: !required, description: options.description, example } as ApiPropertyOptions),
  ];
  decorators.push(FieldExample(example));
  if (!required) decorators.push(ValidateIf((_object, value) => value !== null && value !== undefined));
  return decorators;
}

const notNull = (message: string): ValidationOptions => ({ message });

export interface StringFieldOptions extends FieldOptions {
  max?: number;
  min?: number;
  /** A format the value must match, checked and documented (OpenAPI `pattern`) together. */
  pattern?: RegExp;
  /** The validation message when `pattern` does not match. */
  patternMessage?: string;
}

/** The lengths a string field accepts: at most `max` (200 unless stated), at least `min` (1 when required, else 0). */
export function stringLengths(options: StringFieldOptions): { min: number; max: number } {
  return { min: options.min ?? (options.required ? 1 : 0), max: options.max ?? MAX_NAME_LENGTH };
}

export function StringField(options: StringFieldOptions = {}): PropertyDecorator {
  const { min, max } = stringLengths(options);
  const pattern = options.pattern;
  return applyDecorators(
    ...presence(options, { type: String, maxLength: max, minLength: min, ...(pattern ? { pattern: pattern.source } : {}) }),
    IsString(notNull('$property must be a string')),
    Length(min, max, { message: `$property must be ${min > 0 ? `${min} to ` : 'at most '}${max} characters` }),
    ...(pattern ? [Matches(pattern, { message: options.patternMessage ?? `$property must match ${pattern.source}` })] : []),
  );
}

export function TextField(options: FieldOptions = {}): PropertyDecorator {
  return StringField({ ...options, max: MAX_TEXT_LENGTH });
}

/** An employer identification number, `NN-NNNNNNN`; the prefix rule is `einPrefixProblems` (a declaration's `rules`). */
export function EinField(options: FieldOptions = {}): PropertyDecorator {
  return StringField({ ...options, max: 10, pattern: EIN_PATTERN, patternMessage: '$property must be NN-NNNNNNN' });
}

export function EmailField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options, { type: String, format: 'email', maxLength: MAX_NAME_LENGTH }),
    IsString({ message: '$property must be a string' }),
    IsEmail({}, { message: '$property must be a valid e-mail address' }),
    Length(0, MAX_NAME_LENGTH, { message: `$property must be at most ${MAX_NAME_LENGTH} characters` }),
  );
}

export function EnumField(values: readonly string[], options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options, { enum: [...values], type: String }),
    IsIn([...values], { message: `$property must be one of: ${values.join(', ')}` }),
  );
}

export function EnumArrayField(values: readonly string[], options: FieldOptions & { minItems?: number } = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options, { enum: [...values], isArray: true, type: String, minItems: options.minItems, maxItems: values.length * 4 }),
    IsArray({ message: '$property must be an array' }),
    ArrayMaxSize(values.length * 4, { message: '$property has too many items' }),
    ...(options.minItems ? [MinItems(options.minItems)] : []),
    IsIn([...values], { each: true, message: `each item of $property must be one of: ${values.join(', ')}` }),
  );
}

/** A one-off class-validator rule: a name, the message a client reads, and the test. */
function Rule(name: string, message: string | ((args: ValidationArguments) => string), validate: (value: unknown) => boolean): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({ name, target: target.constructor, propertyName: propertyName as string, options: { message }, validator: { validate } });
}

function MinItems(count: number): PropertyDecorator {
  return Rule('minItems', `$property must have at least ${count} item${count === 1 ? '' : 's'}`, (value) => Array.isArray(value) && value.length >= count);
}

export function BooleanField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(...presence(options, { type: Boolean }), IsBoolean({ message: '$property must be true or false' }));
}

export function IntegerField(options: FieldOptions & { min?: number; max?: number } = {}): PropertyDecorator {
  const min = options.min ?? -2_147_483_648;
  const max = options.max ?? 2_147_483_647;
  return applyDecorators(
    ...presence(options, { type: 'integer', minimum: min, maximum: max }),
    IsInt({ message: '$property must be an integer' }),
    Min(min, { message: `$property must be at least ${min}` }),
    Max(max, { message: `$property must be at most ${max}` }),
  );
}

/**
 * The decimals a finite number is written with, exponent notation included (`6e-323` has 323, `1.5e-7` has 8).
 * class-validator's `maxDecimalPlaces` reads `toString().split('.')[1]` and throws on `1e-7`, which has no '.'.
 */
export function decimalsOf(value: number): number {
  if (Number.isInteger(value)) return 0;
  const [mantissa, exponent] = value.toExponential().split('e');
  return Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - Number(exponent));
}

export function NumberField(options: FieldOptions & { min?: number; max?: number; maxDecimals?: number } = {}): PropertyDecorator {
  const min = options.min ?? -MONEY_LIMIT;
  const max = options.max ?? MONEY_LIMIT;
  // Decimals are stated in the description, not as `multipleOf: 0.01`: binary floating point makes validators that
  // divide (ajv among them) refuse valid amounts such as 1.1, so a client checking the schema would reject them.
  const decimals = options.maxDecimals === undefined ? '' : `At most ${options.maxDecimals} decimals.`;
  const description = [options.description, decimals].filter(Boolean).join(options.description?.endsWith('.') ? ' ' : '. ') || undefined;
  const message = options.maxDecimals !== undefined ? `$property must be a number with at most ${options.maxDecimals} decimals` : '$property must be a number';
  const maxDecimals = options.maxDecimals;
  return applyDecorators(
    ...presence({ ...options, description }, { type: Number, minimum: min, maximum: max }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message }),
    ...(maxDecimals === undefined ? [] : [Rule('maxDecimals', message, (value) => typeof value === 'number' && Number.isFinite(value) && decimalsOf(value) <= maxDecimals)]),
    Min(min, { message: `$property must be at least ${min}` }),
    Max(max, { message: `$property must be at most ${max}` }),
  );
}

/** Money: a JSON number with at most 2 decimals within ±999,999,999,999.99 (numeric(14,2) in the database). */
export function MoneyField(options: FieldOptions & { min?: number } = {}): PropertyDecorator {
  return NumberField({ ...options, maxDecimals: 2, min: options.min ?? -MONEY_LIMIT, max: MONEY_LIMIT });
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The dates the API accepts, in bodies and queries (contract §3.1): wide enough for any estate, narrow enough that no
 * date computed from one (a deadline years later, a banking day) leaves what PostgreSQL and the arithmetic handle.
 */
export const EARLIEST_DATE = '1800-01-01';
export const LATEST_DATE = '2199-12-31';

/** `YYYY-MM-DD`, a day that exists in the calendar, from EARLIEST_DATE to LATEST_DATE. */
export function isCalendarDate(value: unknown): value is string {
  return calendarDateProblem('date', value) === undefined;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Why a date written `YYYY-MM-DD` (alone or at the start of a date-time) is no day of the calendar, in a few words
 * (`2026-02-30 does not exist, February 2026 has 28 days`); `undefined` when it is one or is not written so.
 */
export function notACalendarDay(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number);
  const date = match[0];
  if (month < 1 || month > 12) return `${date} has no month ${match[2]} (months run from 01 to 12)`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return `${date} does not exist, ${MONTHS[month - 1]} ${match[1]} has ${days} days`;
  return undefined;
}

/**
 * Why `value` is not a date the API accepts, as the detail of `field` (`reason` format); `undefined` when it is one.
 * Three different answers, so a client knows what to fix: not written `YYYY-MM-DD`; written so but no day of the
 * calendar (`2026-02-30`); a real day outside the accepted range. Every date field (`DateField`) and every date
 * query or path parameter words its refusal with this.
 */
export function calendarDateProblem(field: string, value: unknown): ErrorDetail | undefined {
  if (typeof value !== 'string' || !DATE_PATTERN.test(value)) {
    return { field, message: `${field} must be a date in YYYY-MM-DD format from ${EARLIEST_DATE} to ${LATEST_DATE}`, reason: 'format' };
  }
  const impossible = notACalendarDay(value);
  if (impossible) return { field, message: `${field} is not a calendar date: ${impossible}`, reason: 'format' };
  if (value < EARLIEST_DATE || value > LATEST_DATE) return { field, message: `${field} must be a date from ${EARLIEST_DATE} to ${LATEST_DATE}`, reason: 'format' };
  return undefined;
}

/** `YYYY-MM-DD`, a day that exists in the calendar, within the accepted range. */
export function DateField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options, { type: String, format: 'date', example: options.example ?? '2026-09-01' }),
    Rule('isCalendarDate', (args) => calendarDateProblem(args.property, args.value)?.message ?? `${args.property} must be a date in YYYY-MM-DD format`, isCalendarDate),
  );
}

const TIME_WITH_ZONE = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** ISO 8601 date-time with a time zone; stored and returned in UTC. */
export function DateTimeField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options, { type: String, format: 'date-time', example: options.example ?? '2026-09-01T12:00:00.000Z' }),
    IsISO8601(
      { strict: true, strictSeparator: true },
      {
        message: (args) => {
          const impossible = typeof args.value === 'string' ? notACalendarDay(args.value) : undefined;
          return impossible ? `${args.property} is not a calendar date: ${impossible}` : `${args.property} must be an ISO 8601 date-time, e.g. 2026-09-01T12:00:00.000Z`;
        },
      },
    ),
    Rule('hasTimeZone', '$property must carry a time and a time zone (Z or ±hh:mm)', (value) => typeof value === 'string' && TIME_WITH_ZONE.test(value)),
  );
}

/**
 * @nestjs/swagger takes a function as a lazy type only when it is named `type` (as in `{ type: () => X }`); the
 * arrow a DTO passes here is anonymous, so it was read as a class without a name and every nested object became
 * `$ref: "#/components/schemas/"`. Re-wrapping it as a property named `type` gives the name swagger looks for.
 */
function lazyType(type: () => new () => object): () => new () => object {
  return { type: () => type() }.type;
}

// `Type` has class-transformer build the nested instances class-validator checks; `NestedType` records the same class
// where the kernel reads it (body shapes, the body acceptor).
export function NestedField(type: () => new () => object, options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options, { type: lazyType(type) }),
    IsObject({ message: '$property must be an object' }),
    ValidateNested(),
    Type(type),
    NestedType(type),
  );
}

export function NestedArrayField(type: () => new () => object, options: FieldOptions & { maxItems?: number } = {}): PropertyDecorator {
  return applyDecorators(
    ...presence(options, { type: lazyType(type), isArray: true, maxItems: options.maxItems ?? 100 }),
    IsArray({ message: '$property must be an array' }),
    ArrayMaxSize(options.maxItems ?? 100, { message: `$property may have at most ${options.maxItems ?? 100} items` }),
    ValidateNested({ each: true }),
    Type(type),
    NestedType(type),
  );
}

export function StringArrayField(options: FieldOptions & { maxItems?: number; minItems?: number } = {}): PropertyDecorator {
  return applyDecorators(
    // `type: 'array'` with explicit items: with `type: String, isArray: true` swagger writes its own items and drops maxLength.
    ...presence(options, { type: 'array', items: { type: 'string', maxLength: MAX_NAME_LENGTH }, minItems: options.minItems, maxItems: options.maxItems ?? 100 }),
    IsArray({ message: '$property must be an array' }),
    ArrayMaxSize(options.maxItems ?? 100, { message: `$property may have at most ${options.maxItems ?? 100} items` }),
    ...(options.minItems ? [MinItems(options.minItems)] : []),
    IsString({ each: true, message: 'each item of $property must be a string' }),
    Length(0, MAX_NAME_LENGTH, { each: true, message: `each item of $property must be at most ${MAX_NAME_LENGTH} characters` }),
  );
}
