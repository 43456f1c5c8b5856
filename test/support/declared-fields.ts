import { examplesOf, FieldDefinition, FieldMap, FilterSpecs, toSnakeCase } from '@estate/shared-kernel';
import type { InvalidBody } from './contract-checks';

/**
 * What the generated contracts (`declared-contracts.ts` for case resources and one-per-case records,
 * `declared-organization-contracts.ts` for records of no case) derive alike from a declaration's fields: the field
 * table by JSON name, the values an object field is sent with, the values each kind refuses, the defaults a create
 * reads and the create bodies it refuses, two merge patches, sort samples by kind and where a filter's rows get their values. Everything is read from the fields' definitions
 * (`FieldDefinition`: kind, example, required, lengths, pattern, nested class), nothing from a library's metadata.
 */

export type Body = Record<string, unknown>;
export type Entry = [field: string, definition: FieldDefinition];

/** The declared fields by JSON name (the snake_case of the property), in their order. */
export function entriesOf(fields: FieldMap): Entry[] {
  return Object.entries(fields).map(([property, definition]): Entry => [toSnakeCase(property), definition]);
}

/**
 * The values of the object fields a body writes, which have no example of their own: each made of its class's
 * property examples (an address's street, city, …), where they have them.
 */
export function objectValuesOf(written: readonly Entry[], given: Body): Body {
  const objects = written
    .filter(([field, definition]) => definition.kind === 'object' && definition.of !== undefined && !(field in given))
    .map(([field, definition]) => [field, examplesOf(definition.of!())] as const);
  return Object.fromEntries(objects.filter(([, value]) => Object.keys(value).length > 0));
}

/** Values a field's kind refuses, with the reason its detail gives where the kind decides it. */
export function outsideTheKind(definition: FieldDefinition): Array<{ value: unknown; reason?: string }> {
  switch (definition.kind) {
    case 'enum':
      return [{ value: 'not_one_of_them', reason: 'enum' }];
    case 'enumArray':
      return [{ value: ['not_one_of_them'], reason: 'enum' }];
    case 'integer':
      return [{ value: 1.5, reason: 'type' }];
    case 'money':
      // Amounts are JSON numbers with at most two decimals, never text.
      return [{ value: '12.50', reason: 'type' }, { value: 1.005 }];
    case 'number':
      return [{ value: '12.5', reason: 'type' }];
    case 'date':
      return [{ value: '2026-02-30', reason: 'format' }];
    case 'dateTime':
      // A time without its zone names no instant, nor does a day without its time.
      return [
        { value: '2026-09-01T12:00:00', reason: 'format' },
        { value: '2026-09-01', reason: 'format' },
      ];
    case 'email':
      return [{ value: 7, reason: 'type' }, { value: 'not-an-address', reason: 'format' }];
    case 'string':
    case 'text': {
      const outside = ['!', 'not a match'].find((value) => definition.pattern !== undefined && !definition.pattern.test(value));
      return [
        { value: 7, reason: 'type' },
        ...((definition.minLength ?? 0) > 0 ? [{ value: '', reason: 'range' }] : []),
        ...(outside === undefined ? [] : [{ value: outside }]),
      ];
    }
    default:
      return [];
  }
}

/**
 * What a create gives the body fields it leaves out where their column has a default (beyond `false` and `[]`, which
 * the contracts assume), `null` for a boolean declared without one (a fact not known yet), then `given`.
 */
export function declaredDefaults(entries: readonly Entry[], given: Body = {}): Body {
  return {
    ...Object.fromEntries(
      entries
        .filter(([, definition]) => !definition.readOnly && definition.kind === 'boolean' && definition.column.default === undefined)
        .map(([field]) => [field, null]),
    ),
    ...Object.fromEntries(
      entries
        .filter(([, definition]) => !definition.readOnly && definition.column.default !== undefined && definition.column.default !== false && !Array.isArray(definition.column.default))
        .map(([field, definition]) => [field, definition.column.default]),
    ),
    ...given,
  };
}

/** The create bodies a declaration refuses, over a valid `minimal`: a value outside the kind of each field the body sends (`sent`), and what the server writes. */
export function declaredInvalidCreates(entries: readonly Entry[], sent: readonly Entry[], minimal: Body): InvalidBody[] {
  return [
    // Each field of a kind the body checks refuses a value outside it, one detail naming it (contract §3.1).
    ...sent.flatMap(([field, definition]) => outsideTheKind(definition).map(({ value, reason }) => ({ body: { ...minimal, [field]: value }, fields: [field], reason }))),
    // What the server writes (read-only, computed, its own bookkeeping such as a record's organization) is no field of a body.
    ...entries.filter(([, definition]) => definition.readOnly).map(([field, definition]) => ({ body: { ...minimal, [field]: definition.example ?? 'x' }, fields: [field], reason: 'unknown_field' })),
  ];
}

/**
 * Two merge patches, each changing one field no rule ties to another: text first, then a flag, then an amount, then
 * a name of no set form (then, where asked, a value of an enum: a record whose fields are all enums still has
 * patches); a field alone is changed twice.
 */
export function patchesOf(free: readonly Entry[], options: { enums?: boolean } = {}): [Body, Body] | undefined {
  const unshaped = ([, definition]: Entry) =>
    definition.pattern === undefined && changed(definition, 2) !== undefined && String(changed(definition, 2)).length <= (definition.maxLength ?? Infinity);
  const ranked = [
    ...free.filter(([, definition]) => definition.kind === 'text'),
    ...free.filter(([, definition]) => definition.kind === 'boolean'),
    ...free.filter(([, definition]) => definition.kind === 'money' && !definition.required),
    ...free.filter(([, definition]) => definition.kind === 'string' && typeof definition.example === 'string' && !definition.required),
    ...(options.enums ? free.filter(([, definition]) => (definition.kind === 'enum' || definition.kind === 'enumArray') && definition.example !== undefined) : []),
  ].filter(unshaped);
  const [first, second] = ranked;
  if (!first) return undefined;
  return [{ [first[0]]: changed(first[1]) }, second ? { [second[0]]: changed(second[1]) } : { [first[0]]: changed(first[1], 2) }];
}

/** A value unlike the field's example (which a full body sets), and unlike the one of an earlier revision. */
export function changed(definition: FieldDefinition, revision = 1): unknown {
  switch (definition.kind) {
    case 'boolean':
      return definition.example !== true;
    case 'money':
      return (typeof definition.example === 'number' ? definition.example : 10) + 1.25 * revision;
    case 'enum':
      return (definition.values ?? []).filter((value) => value !== definition.example)[revision - 1];
    case 'enumArray': {
      const other = (definition.values ?? []).filter((value) => !(definition.example as readonly string[] | undefined)?.includes(value))[revision - 1];
      return other === undefined ? undefined : [other];
    }
    default:
      return `${String(definition.example ?? 'value')} (revised${revision > 1 ? ` ${revision}` : ''})`;
  }
}

/**
 * Per declared filter on a field, where its rows' values come from: the body, unless no body may set the field freely
 * (the server writes it, or a rule restricts it) — then its column, through SQL. A filter on no field is not listed.
 */
export function filterColumnsOf(filters: FilterSpecs, entries: readonly Entry[], createFields: readonly string[], ruled: ReadonlySet<string>): Record<string, { column: string }> {
  const columns: Record<string, { column: string }> = {};
  for (const [name, declared] of Object.entries(filters)) {
    const field = filteredField(name, declared);
    const definition = entries.find(([entry]) => entry === field)?.[1];
    if (!definition || (createFields.includes(field) && !ruled.has(field))) continue;
    columns[name] = { column: String(definition.column.fieldName ?? field) };
  }
  return columns;
}

/** The JSON field a filter reads: its name, or the property it names. */
export function filteredField(name: string, declared: FilterSpecs[string]): string {
  const property = Array.isArray(declared) ? undefined : (declared as { property?: string }).property;
  return toSnakeCase(property ?? name);
}

/** Seven values with a tie, ordered alike by PostgreSQL and by JavaScript, by the kind of the sorted field. */
export function sortSamples(entries: readonly Entry[], sort: string): readonly unknown[] {
  const definition = entries.find(([field]) => field === sort)?.[1];
  switch (definition?.kind) {
    case 'money':
    case 'number':
      // All above 0: an amount a check keeps positive (a transfer's amount_requested) takes them too.
      return [100, 50.5, 100, 0.01, 2500, 100, 7.25];
    case 'integer':
      return [3, 1, 3, 7, 2, 3, 5];
    case 'date':
      return ['2026-01-05', '2026-01-02', '2026-01-05', '2026-01-01', '2026-01-04', '2026-01-05', '2026-01-03'];
    case 'enum':
      return [...(definition.values ?? [])].sort().slice(0, 3).flatMap((value, index) => (index === 0 ? [value, value, value] : [value, value]));
    default:
      return ['delta', 'alpha', 'delta', 'charlie', 'bravo', 'delta', 'echo'];
  }
}
