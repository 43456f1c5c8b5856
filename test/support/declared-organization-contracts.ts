import { OwnRecordShape, StandardRoute } from '@estate/shared-kernel';
import { Body, declaredDefaults, declaredInvalidCreates, entriesOf, filterColumnsOf, filteredField, objectValuesOf, outsideTheKind, patchesOf, sortSamples } from './declared-fields';
import { describeOrganizationRecordContract, OrganizationRecordContractSpec } from './organization-record-contract';
import type { OwnFilterValues } from './contract-checks';
import { describeOnAppOfItsOwn, TestApp } from './test-app';

/**
 * The contract of a record that belongs to no case (`recordShape({ key: 'own', path, filters, sorts, fields })`: the
 * case, and the organization's other records once declared so), generated from its declaration as
 * `declared-contracts.ts` generates a case resource's: bodies from the fields' examples (an object field made of its
 * class's examples), the response from the schema, two patches, the refusals of each field's kind, what no body may
 * write, sort samples by kind, filters from the declared list rules. What the declaration cannot say is said in
 * `beyond`, never as a body:
 *
 *   describeDeclaredOrganizationContract(caseRecord, { beyond: { defaults: { date_of_sign_up: … }, ownFilters: ['access'] } });
 */
export interface OrganizationRecordBeyond {
  /** What a create gives the fields it leaves out where no column default says so (a moment the use case sets). */
  defaults?: Body;
  /** JSON fields whose values a rule restricts: left out of the full body and of the patches; a filter on one sets its column through SQL. */
  ruled?: readonly string[];
  /**
   * Filters on no field of the record (the case's `access`: how the caller reaches it), which only the record's own
   * suite can give rows for: the contract checks their bad values, and names them here so none is forgotten.
   */
  ownFilters?: readonly string[];
  /**
   * Per filter its route's service parses (`{ kind: 'own' }`: the events' `type` patterns), a value it accepts and
   * values it refuses, which no kind says: the contract checks them, and their matches are the own suite's.
   */
  ownFilterValues?: Readonly<Record<string, OwnFilterValues>>;
  /** Of the five standard routes (list, create, read, patch, delete), those its controller leaves out. */
  without?: readonly StandardRoute[];
  /**
   * How one record is made where the API has no create for it (an event: rows come from other writes), given the
   * generated body: it makes the record through other API calls and returns it as read back.
   */
  seed?: OrganizationRecordContractSpec['seed'];
  /**
   * Its list per case, where its controller serves one beside the organization's (the events of one case): its path
   * below the case, the filters it leaves out, and how a record is made in a given case.
   */
  perCase?: OrganizationRecordContractSpec['perCase'];
  /** Fields only a create's answer carries besides the representation (a secret shown once). */
  shownOnCreate?: readonly string[];
  /**
   * Body fields whose value must differ from one record to the next (an e-mail address a pro user is invited with):
   * every body the generator gives sends a value of its own, made from the field's example.
   */
  unique?: readonly string[];
  /**
   * Whether a fresh organization already holds records of it (its first user is a pro user): the list and create
   * checks count them in. Without it, the contract checks that a fresh organization holds none.
   */
  presentAtStart?: boolean;
}

export interface DeclaredOrganizationContractOptions {
  /** The environment of the file's app. */
  env?: Record<string, string | undefined>;
  beyond?: OrganizationRecordBeyond;
}

/** Runs the generated contract of a record of no case, on an app of its own. */
export function describeDeclaredOrganizationContract(record: OwnRecordShape<any>, options: DeclaredOrganizationContractOptions = {}): void {
  describeOnAppOfItsOwn(`${record.name}: the organization record contract of its declaration`, options.env, (app) => {
    const spec = declaredOrganizationContract(record, app, options.beyond);
    return () => describeOrganizationRecordContract(spec);
  });
}

/** The contract's spec of a record of no case, everything taken from its declaration (and from what `beyond` adds). */
export function declaredOrganizationContract(record: OwnRecordShape<any>, app: () => TestApp, beyond: OrganizationRecordBeyond = {}): OrganizationRecordContractSpec {
  if (record.path === undefined || record.listRules === undefined) throw new Error(`${record.name} states no collection (recordShape's key: 'own' with path, filters, sorts)`);
  const entries = entriesOf(record.fields);
  const definitionOf = (field: string) => entries.find(([name]) => name === field)?.[1];
  const ruled = new Set(beyond.ruled ?? []);
  for (const field of ruled) if (!definitionOf(field)) throw new Error(`${record.name} declares no field ${field}`);
  const { filters, sorts } = record.listRules;
  // A filter its route's service parses is the own suite's, whatever it reads: no kind says which rows it matches.
  const parsedByTheRoute = Object.keys(filters).filter((name) => !Array.isArray(filters[name]) && (filters[name] as { kind: string }).kind === 'own');
  const ownFilterValues = beyond.ownFilterValues ?? {};
  for (const name of parsedByTheRoute) if (!ownFilterValues[name]) throw new Error(`${record.name}: the filter ${name} is parsed by its route; say the values it accepts and refuses in beyond.ownFilterValues`);
  for (const name of Object.keys(ownFilterValues)) if (!parsedByTheRoute.includes(name)) throw new Error(`${record.name} declares no filter ${name} its route parses`);
  const ownFilters = [...(beyond.ownFilters ?? []), ...parsedByTheRoute];
  for (const name of beyond.ownFilters ?? []) {
    if (!(name in filters)) throw new Error(`${record.name} declares no filter ${name}`);
    if (parsedByTheRoute.includes(name)) throw new Error(`${record.name}: the filter ${name} is parsed by its route, its own already`);
    if (definitionOf(filteredField(name, filters[name]))) throw new Error(`${record.name}: the filter ${name} reads a field, so the contract gives its rows their values`);
  }
  for (const [name, declared] of Object.entries(filters)) {
    if (!definitionOf(filteredField(name, declared)) && !ownFilters.includes(name)) throw new Error(`${record.name}: the filter ${name} reads no field; name it in beyond.ownFilters (its own suite gives its rows)`);
  }
  const fieldFilters = Object.fromEntries(Object.entries(filters).filter(([name]) => !ownFilters.includes(name)));
  for (const sort of sorts) {
    if (!sort.endsWith('_at') && !definitionOf(sort)) throw new Error(`${record.name}: sort_by=${sort} names no field`);
    if (ruled.has(sort)) throw new Error(`${record.name}: sort_by=${sort} would need its values set through SQL, which the generated contract does not do`);
  }
  const unique = beyond.unique ?? [];
  for (const field of unique) if (typeof definitionOf(field)?.example !== 'string' || definitionOf(field)!.readOnly) throw new Error(`${record.name}: ${field} is no body field with a text example to be made unique`);
  const requiredRuled = entries.filter(([field, definition]) => ruled.has(field) && definition.required);
  if (requiredRuled.length > 0) throw new Error(`${record.name}: a required field cannot be left out of the bodies (${requiredRuled.map(([field]) => field)})`);

  const examples = record.examples;
  const sent = entries.filter(([, definition]) => !definition.readOnly && definition.references === undefined);
  const createFields = entries.filter(([, definition]) => !definition.readOnly).map(([field]) => field);
  const patchable = new Set(record.patch ? entries.filter(([, definition]) => !definition.readOnly && !definition.createOnly).map(([field]) => field) : []);
  // A read-only field with a patch property of its own is a field of the patch (an endpoint's status a client moves).
  const patchedReadOnly = record.patch ? entries.filter(([, definition]) => definition.readOnly && definition.patch !== undefined && !definition.createOnly && !definition.hidden && !definition.computed) : [];
  for (const [field] of patchedReadOnly) patchable.add(field);
  const free = sent.filter(([field, definition]) => !definition.createOnly && !ruled.has(field));
  const withoutRuled = (body: Body): Body => Object.fromEntries(Object.entries(body).filter(([field]) => !ruled.has(field)));
  // An object field has no example of its own: its class's properties have theirs (the case's nested deceased, …).
  const objectValues = objectValuesOf(sent, examples.full);
  const minimal: Body = { ...examples.minimal, ...Object.fromEntries(Object.entries(objectValues).filter(([field]) => definitionOf(field)?.required)) };
  const full = withoutRuled({ ...examples.full, ...objectValues });
  const patches = record.patch ? patchesOf(free, { enums: true }) : undefined;
  if (record.patch && !patches) throw new Error(`${record.name} has a merge patch and no field a generated patch can change`);

  const madeUnique = (body: Body): Body => {
    const made = structuredClone(body);
    for (const field of unique) if (field in made) made[field] = uniqueValue(made[field] as string);
    return made;
  };

  const masked = Object.fromEntries(
    record.masked.map((field) => {
      if (typeof full[field] !== 'string') throw new Error(`${record.name}: its masked ${field} has no example a full body can send`);
      return [field, full[field] as string];
    }),
  );
  const without = new Set<StandardRoute>([...(beyond.without ?? []), ...(record.patch ? [] : (['patch'] as const))]);

  return {
    app,
    record,
    routes: new Set((['list', 'create', 'read', 'patch', 'delete'] as const).filter((route) => !without.has(route))),
    create: () => madeUnique(minimal),
    full: () => madeUnique(full),
    ...(patches ? { patches: [{ body: patches[0] }, { body: patches[1] }] } : {}),
    defaults: declaredDefaults(entries, beyond.defaults),
    invalidCreates: declaredInvalidCreates(entries, sent, minimal),
    invalidPatches: record.patch
      ? [
          // What the server writes, and what is fixed at creation (or only sent with the create), is no field of a patch.
          ...entries.filter(([field]) => !patchable.has(field)).map(([field, definition]) => ({ body: { [field]: definition.example ?? objectValues[field] ?? 'x' }, fields: [field], reason: 'unknown_field' })),
          ...[...sent, ...patchedReadOnly].filter(([field]) => patchable.has(field)).flatMap(([field, definition]) => outsideTheKind(definition).map(({ value }) => ({ body: { [field]: value }, fields: [field] }))),
        ]
      : [],
    computed: entries.filter(([, definition]) => definition.readOnly && !definition.hidden).map(([field]) => field),
    sortValues: Object.fromEntries(sorts.filter((sort) => !sort.endsWith('_at')).map((sort) => [sort, sortSamples(entries, sort)])),
    filters: filterColumnsOf(fieldFilters, entries, createFields, ruled),
    ownFilters,
    ...(parsedByTheRoute.length > 0 ? { ownFilterValues } : {}),
    ...(beyond.seed ? { seed: beyond.seed } : {}),
    ...(beyond.perCase ? { perCase: beyond.perCase } : {}),
    ...(beyond.shownOnCreate ? { shownOnCreate: beyond.shownOnCreate } : {}),
    ...(beyond.presentAtStart ? { presentAtStart: true } : {}),
    ...(Object.keys(masked).length > 0 ? { masked } : {}),
  };
}

/** A number per made value, so that no two bodies of a run share a unique one. */
let madeCount = 0;

/** A value unlike every other made: an address's local part, a text's end, numbered. */
function uniqueValue(value: string): string {
  madeCount += 1;
  const at = value.lastIndexOf('@');
  return at > 0 ? `${value.slice(0, at)}.${madeCount}${value.slice(at)}` : `${value} ${madeCount}`;
}
