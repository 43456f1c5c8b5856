import {
  BooleanField,
  DateField,
  DateTimeField,
  EinField,
  EmailField,
  EnumArrayField,
  EnumField,
  FieldExample,
  FieldOptions,
  IntegerField,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  MoneyField,
  NestedArrayField,
  NestedField,
  NumberField,
  StringArrayField,
  StringField,
  StringFieldOptions,
  stringLengths,
} from '../validation/fields';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { CalendarDateType, EncryptedStringType, MoneyType } from '../../platform/persistence/column-types';
import { EIN_PATTERN } from '../../platform/domain/ein';

/**
 * One field of a record, declared once: what a body may send (validation and OpenAPI, as a property decorator), the
 * column it is stored in (a MikroORM property), and what the kernel needs besides (masking, a reference, read-only).
 * `V` is the value a record holds, `N` whether it is never `null` there (required, or defaulted on create).
 */
export interface FieldDefinition<V = unknown, N extends boolean = boolean> {
  /** Its kind (`string`, `money`, `enum`, …): what a generated check picks sample values by. */
  readonly kind: FieldKind;
  /** An enum's values. */
  readonly values?: readonly string[];
  /** A text's lengths and the pattern it must match, as its validation checks them. */
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: RegExp;
  /** A nested object's class (an object field's, or the items' of a list of them). */
  readonly of?: () => new () => object;
  /** Validation and the OpenAPI property of the body field, applied to the generated body and view classes. */
  readonly decorate: PropertyDecorator;
  /** The MikroORM property of its column, before nullability (added from `required`/`default`). */
  readonly column: Readonly<Record<string, unknown>>;
  readonly required: boolean;
  /** The field's sentence and realistic value in the OpenAPI document (and the generated contract suite's bodies). */
  readonly description?: string;
  readonly example?: unknown;
  /** Stored and presented, never written by a client (derived on save, moved by a use case). */
  readonly readOnly: boolean;
  /** Presented only, computed when read (the declaration's `present`): read-only, with no column. */
  readonly computed: boolean;
  /** Stored, never presented nor written: the server's bookkeeping (a column the view leaves out). */
  readonly hidden: boolean;
  /** Its OpenAPI property in the view where the server guarantees more than a body may send (`completed` never null). */
  readonly view?: ApiPropertyOptions;
  /** Whether `view` is the field's whole property in the view, not parts over the body's (see `CommonOptions.ownView`). */
  readonly ownView: boolean;
  /**
   * Its validation and OpenAPI property in the merge patch, in place of the body's (an object merged field by field);
   * on a read-only field, the value a merge patch may ask for though no create sends it.
   */
  readonly patch?: PropertyDecorator;
  /** Returned masked wherever it appears (contract §3.2). */
  readonly masked: boolean;
  /** Sent on create only: not part of the writable set of a merge patch. */
  readonly createOnly: boolean;
  /** Sent only: a create's input its use case turns into other fields (a transfer's `amount`), never stored nor presented. */
  readonly sentOnly: boolean;
  /** The kind of record it names (contract §3.1): a late-bound declaration, or a list of kinds. */
  readonly references?: unknown;
  /** The type-level value; never set. */
  readonly value?: V;
  readonly neverNull?: N;
}

/** What every field takes besides its kind's own options. */
export interface CommonOptions extends FieldOptions {
  /** Stored and presented, never written by a client: a derived value, a status a use case moves. */
  readOnly?: boolean;
  /** Computed when presented (the declaration's `present`, e.g. from the clock), never stored: read-only, no column. */
  computed?: boolean;
  /** Stored, never presented nor written (read-only and out of the view): the server's bookkeeping. */
  hidden?: boolean;
  /** Its OpenAPI property in the view, over the body's, where the server guarantees more than a body may send. */
  view?: ApiPropertyOptions;
  /**
   * A written field's view property is `view` alone (with the field's description and example unless it states its
   * own), not the body's with `view` over it: the view then states none of the body's bounds (a length, a pattern),
   * as a published view that never stated them. Such fields follow the body's others in the view.
   */
  ownView?: boolean;
  /**
   * Its validation and OpenAPI property in the merge patch where it differs from the body's (a required address merged
   * field by field, never null: `NestedField(() => PatchAddressBody, {...})`); the patch lists it last. On a read-only
   * field it is what a merge patch may ask for though no create sends it (a status a client moves by hand, which its
   * use case applies).
   */
  patch?: PropertyDecorator;
  /**
   * Its validation and OpenAPI property in the bodies, in place of its kind's, for a rule no kind states (a list of
   * event types whose values a use case checks against the types gathered at start-up); `required`, `description` and
   * `example` are added to it. The kind still gives the column and the value's type.
   */
  body?: PropertyDecorator;
  /** The value a record gets on create when the body leaves the field out (the column's default too). */
  default?: unknown;
  /** Returned masked wherever it appears; an encrypted column is always masked. */
  masked?: boolean;
  /** Stored encrypted (AES-GCM, `v1:` prefix) and returned masked. */
  encrypted?: boolean;
  /** Sent on create only: a merge patch that names it is refused as read-only. */
  createOnly?: boolean;
  /** Sent on create only and never stored nor presented: an input its use case turns into other fields. */
  sentOnly?: boolean;
  /**
   * The column where it differs from the kind's: `{ length: 2 }`, `{ columnType: 'numeric(5,2)' }`, `{ fieldName }`;
   * `{ nullable: false }` for an optional field the server always fills (a status its aggregate sets, a sender).
   */
  column?: Readonly<Record<string, unknown>>;
}

/** Whether a record's value is never `null`: a required field, one with a default, or one whose column says so. */
type NeverNull<O> = O extends { required: true }
  ? true
  : O extends { default: NonNullable<unknown> }
    ? true
    : O extends { column: { nullable: false } }
      ? true
      : false;

/** A boolean's options as stored: `default: false` added, unless the declaration states `default: undefined`. */
type BooleanDefault<O> = O extends { default: undefined } ? O : O & { default: false };

export type FieldKind =
  | 'string' | 'text' | 'email' | 'ein' | 'enum' | 'enumArray' | 'stringArray' | 'integer' | 'number' | 'money' | 'boolean' | 'date' | 'dateTime'
  | 'object' | 'objectArray' | 'reference';

function define<V, O extends CommonOptions>(
  kind: FieldKind,
  decorate: PropertyDecorator,
  column: Record<string, unknown>,
  options: O,
  extra: Pick<FieldDefinition, 'references' | 'values' | 'minLength' | 'maxLength' | 'pattern' | 'of'> = {},
): FieldDefinition<V, NeverNull<O>> {
  const encrypted = options.encrypted === true;
  const hidden = options.hidden === true;
  const stated = options.body
    ? applyDecorators(options.body, ApiProperty({ required: options.required === true, description: options.description, example: options.example }), FieldExample(options.example))
    : decorate;
  // A body property stated in place of the kind's checks what it states, not the kind's lengths and pattern.
  const { minLength, maxLength, pattern, ...described } = extra;
  const checks = options.body ? {} : Object.fromEntries(Object.entries({ minLength, maxLength, pattern }).filter(([, value]) => value !== undefined));
  return {
    kind,
    // An example of `null` (a time stamped only later) stays `null`: the kinds' decorators take it for "none given".
    decorate: options.example === null ? applyDecorators(stated, ApiProperty({ example: null })) : stated,
    column: {
      ...column,
      ...(encrypted ? { type: EncryptedStringType } : {}),
      ...(options.default !== undefined ? { default: options.default } : {}),
      ...(hidden ? { hidden: true } : {}),
      ...options.column,
    },
    required: options.required === true,
    description: options.description,
    example: options.example,
    readOnly: hidden || options.readOnly === true || options.computed === true,
    computed: options.computed === true,
    hidden,
    view: options.view,
    ownView: options.ownView === true,
    patch: options.patch,
    masked: encrypted || options.masked === true,
    createOnly: options.createOnly === true || options.sentOnly === true,
    sentOnly: options.sentOnly === true,
    ...described,
    ...checks,
  };
}

type NumberOptions = CommonOptions & { min?: number; max?: number };

const SSN_PATTERN = /^\d{3}-?\d{2}-?\d{4}$/;
const SSN_PATTERN_MESSAGE = '$property must be 9 digits, optionally as 123-45-6789';
const SSN = {
  description: 'Social Security number, 9 digits with or without dashes; accepted in full, stored encrypted, returned masked.',
  view: { description: 'Social Security number, masked: all but the last four characters read `*`.' },
} as const;

/**
 * The kinds of field (contract §3.1), each its validation, its OpenAPI property and its column together. The column
 * of each kind is the one the schemas have always used; `column` states a different one.
 */
export const field = {
  string: <const O extends CommonOptions & StringFieldOptions>(options: O = {} as O) =>
    define<string, O>('string', StringField(options), { type: 'string', length: options.max ?? MAX_NAME_LENGTH }, options, textChecks(options)),
  text: <const O extends CommonOptions>(options: O = {} as O) =>
    define<string, O>('text', StringField({ ...options, max: MAX_TEXT_LENGTH }), { type: 'string', length: MAX_TEXT_LENGTH }, options, textChecks({ ...options, max: MAX_TEXT_LENGTH })),
  email: <const O extends CommonOptions>(options: O = {} as O) =>
    define<string, O>('email', EmailField(options), { type: 'string', length: MAX_NAME_LENGTH }, options, { maxLength: MAX_NAME_LENGTH }),
  ein: <const O extends CommonOptions>(options: O = {} as O) =>
    define<string, O>('ein', EinField(options), { type: EncryptedStringType }, { ...options, encrypted: true }, textChecks({ ...options, max: 10, pattern: EIN_PATTERN })),
  /** A Social Security number: 9 digits, with or without dashes; accepted in full, stored encrypted, always returned masked. */
  ssn: <const O extends CommonOptions>(options: O = {} as O) => {
    const stated = { ...SSN, ...options };
    const checked = { max: 11, pattern: SSN_PATTERN, patternMessage: SSN_PATTERN_MESSAGE, ...stated };
    return define<string, typeof stated>('string', StringField(checked), { type: 'string', length: 11 }, { ...stated, encrypted: true }, textChecks(checked));
  },
  /**
   * One of `values`, stored as MikroORM's enum (a generated column is `text` with a check of the values); `plainColumn`
   * keeps a plain `varchar` whose check, if any, a committed migration states (a founding table's column).
   */
  enum: <const V extends string, const O extends CommonOptions & { plainColumn?: boolean }>(values: readonly V[], options: O = {} as O) =>
    define<V, O>('enum', EnumField(values, options), { ...(options.plainColumn ? {} : { enum: true, items: [...values] }), type: 'string', length: 30 }, options, { values }),
  enumArray: <const V extends string, const O extends CommonOptions & { minItems?: number }>(values: readonly V[], options: O = {} as O) =>
    define<V[], O & { default: [] }>('enumArray', EnumArrayField(values, options), { type: 'json' }, { default: [], ...options } as O & { default: [] }, { values }),
  stringArray: <const O extends CommonOptions & { maxItems?: number; minItems?: number }>(options: O = {} as O) =>
    define<string[], O & { default: [] }>('stringArray', StringArrayField(options), { type: 'json' }, { default: [], ...options } as O & { default: [] }),
  integer: <const O extends NumberOptions>(options: O = {} as O) => define<number, O>('integer', IntegerField(options), { type: 'integer' }, options),
  number: <const O extends NumberOptions & { maxDecimals?: number }>(options: O = {} as O) => define<number, O>('number', NumberField(options), { type: 'double' }, options),
  money: <const O extends CommonOptions & { min?: number }>(options: O = {} as O) => define<number, O>('money', MoneyField(options), { type: MoneyType }, options),
  /** `false` when unset, unless declared `default: undefined`: then `null`, a fact not known yet. */
  boolean: <const O extends CommonOptions>(options: O = {} as O) =>
    define<boolean, BooleanDefault<O>>('boolean', BooleanField(options), { type: 'boolean' }, { default: false, ...options } as BooleanDefault<O>),
  date: <const O extends CommonOptions>(options: O = {} as O) => define<string, O>('date', DateField(options), { type: CalendarDateType }, options),
  dateTime: <const O extends CommonOptions>(options: O = {} as O) =>
    define<Date, O>('dateTime', DateTimeField(options), { type: 'Date', columnType: 'timestamptz(3)' }, options),
  /** A nested object, stored as the JSON sent; its class declares its own fields (a body class). */
  object: <T extends object, const O extends CommonOptions>(type: () => new () => T, options: O = {} as O) =>
    define<T, O>('object', NestedField(type, options), { type: 'json' }, options, { of: type }),
  /** A list of nested objects, stored as the JSON sent; `[]` when unset. */
  objectArray: <T extends object, const O extends CommonOptions & { maxItems?: number }>(type: () => new () => T, options: O = {} as O) =>
    define<T[], O & { default: [] }>('objectArray', NestedArrayField(type, options), { type: 'json' }, { default: [], ...options } as O & { default: [] }, { of: type }),
  /**
   * The id of another record of the same case (contract §3.1): it must exist in the case, else 422; deleting that
   * record sets this field to `null` in the same transaction.
   */
  reference: <const O extends CommonOptions & StringFieldOptions>(target: unknown, options: O = {} as O) =>
    define<string, O>('reference', StringField({ max: 26, ...options }), { type: 'string', length: 26 }, options, { references: target, ...textChecks({ max: 26, ...options }) }),
};

/** What a text field's validation checks besides its kind: its lengths (`StringField`'s) and its pattern. */
function textChecks(options: StringFieldOptions): Pick<FieldDefinition, 'minLength' | 'maxLength' | 'pattern'> {
  const { min, max } = stringLengths(options);
  return { minLength: min, maxLength: max, ...(options.pattern ? { pattern: options.pattern } : {}) };
}

export type FieldMap = Readonly<Record<string, FieldDefinition>>;

type ValueOf<D> = D extends FieldDefinition<infer V, infer N> ? (N extends true ? V : V | null) : never;

/** The values a record of these fields holds, by property. */
export type FieldValues<F extends FieldMap> = { -readonly [K in keyof F]: ValueOf<F[K]> };
