import { resolve } from 'node:path';
import { CaseRecordShape, CaseResource, gatherContext, SingletonResource, StandardRoute, toSnakeCase, visibleProperties } from '@estate/shared-kernel';
import { Body, changed, declaredDefaults, declaredInvalidCreates, Entry, entriesOf, filterColumnsOf, filteredField, objectValuesOf, outsideTheKind, patchesOf, sortSamples } from './declared-fields';
import { ContractResource, describeResourceContract, FilterSamples, ResourceContractSpec } from './resource-contract';
import { describeSingletonContract, SingletonContractSpec } from './singleton-contract';
import { describeOnAppOfItsOwn, TestApp, TestCaller } from './test-app';

/**
 * The resource contract of every declaration a context makes with its fields — plain records and aggregates alike
 * (for the contract, which talks HTTP, an aggregate is a resource whose writes have rules) — generated from the
 * declarations: bodies from the fields' examples, the response fields and masking from the schema, two patches, the
 * refusals of each field's kind, sort samples by kind, the parent made from its own declaration. A resource's own suite
 * then tests only its own rules. Its one-per-case declarations made with their fields run the one-per-case contract
 * (`describeSingletonContract`), generated alike (`declaredSingletonContract`).
 *
 *   describeDeclaredContracts('assets', { except: ['real estate property'], beyond: { transaction: { ruled: ['related_id'] } } });
 *
 * `except` names the declarations whose creates need what no example gives (an address object, a multipart upload, a
 * provider's step): their own suites run the contract by hand. `beyond` says, per declaration, the little its
 * declaration cannot (`BeyondTheDeclaration`): never a body.
 */
export interface DeclaredContractsOptions {
  except?: readonly string[];
  /** The environment of the file's app (the provider processors off, so that no status moves under the checks). */
  env?: Record<string, string | undefined>;
  beyond?: Readonly<Record<string, BeyondTheDeclaration>>;
}

/** What a declaration cannot say and its generated contract needs. */
export interface BeyondTheDeclaration {
  /** What a create gives the fields it leaves out where no column default says so (a status its use case starts, a configured sender). */
  defaults?: Body;
  /**
   * JSON fields whose values a rule restricts (a user who must reach the case, documents that must exist, a status
   * that needs other facts or only moves forward, a summary its transcript decides): left out of the full body and of
   * the patches; a filter on one gets its rows' values through SQL, as the contract does for an aggregate's status.
   */
  ruled?: readonly string[];
  /** One-per-case records a create needs in its case (a probate case before a filing), each made from its own body's examples. */
  needs?: readonly SingletonResource<any>[];
  /**
   * Per filter on a ruled field, values its rules accept that only a test can make (users who reach the case): sent in
   * the body. On a field the server writes, values its rules let rows hold side by side (end statuses where one
   * under way holds the only place): set in its column.
   */
  samples?: Readonly<Record<string, NonNullable<FilterSamples['samples']>>>;
  /**
   * A one-per-case record's: what the response reads, beyond `null`, for fields a body leaves out or the server
   * computes, as its rules fill them from the body's other fields (`letters_type` from `role`, a status a new record
   * starts in). The shown timestamps are the generator's.
   */
  derived?: (body: Body) => Body;
  /**
   * A one-per-case record's: fields the declaration does not require but a rule needs in every body (the EIN's
   * `mailing_address`, required unless `ein` is sent): the minimal body sends them as the full one does.
   */
  sent?: readonly string[];
  /**
   * How one record is made where a plain `POST` of its body cannot (a multipart upload; a record that must end before
   * the next one starts; documents, accounts or a person its create must name, made for it): given the generated body
   * with the fields a check sets, it makes the record and returns its view as read back (the spec's `seed`). Since the
   * contract's own creates post bodies as they are, it then runs the read side (lists, sorts, filters, reads, masking,
   * foreign, unknown and deleted cases): what a create needs is the resource's own suite's.
   */
  seed?: NonNullable<ResourceContractSpec['seed']>;
  /** What a create needs in every case the contract opens, made by a test (an authority and an estate account before a transfer). */
  caseNeeds?: NonNullable<ResourceContractSpec['caseNeeds']>;
  /** How the parent is made where its own declaration's example cannot make one the record needs (the bank account a statement's upload names). */
  parent?: NonNullable<ResourceContractSpec['parent']>['create'];
  /**
   * Body fields whose value must differ from one record to the next (one invitation per e-mail address and case): every
   * body the generator gives sends a value of its own, made from the field's example.
   */
  unique?: readonly string[];
  /**
   * With `seed`: a plain `POST` of the generated bodies makes a case's first record, but not the next (a settled
   * accounting's `to` must come after the last one's). The seed makes the records the checks need, and the create checks
   * (defaults, every field, refused bodies) still run, each posting into a case that holds none.
   */
  createsFirstOnly?: boolean;
  /**
   * Values of body fields, in place of their examples, that let one body be created again and again in one place where
   * a rule across records refuses the example repeated (beneficiaries' shares add up to at most 100 per account: a share
   * of 0 never fills them). Said per field; the generator still makes every body.
   */
  repeatable?: Body;
}

export function describeDeclaredContracts(context: string, options: DeclaredContractsOptions = {}): void {
  const declared = declarationsWithFieldsOf(context);
  const declaredSingletons = singletonsWithFieldsOf(context);
  for (const name of [...(options.except ?? []), ...Object.keys(options.beyond ?? {})]) {
    if (![...declared, ...declaredSingletons].some((resource) => resource.name === name)) throw new Error(`the ${context} context declares no ${name} with fields`);
  }
  const resources = declared.filter((resource) => !options.except?.includes(resource.name));
  const singletons = declaredSingletons.filter((resource) => !options.except?.includes(resource.name));
  if (resources.length + singletons.length === 0) throw new Error(`the ${context} context declares nothing with fields that its contract could run for`);
  describeOnAppOfItsOwn(`${context}: the resource contract of each declaration`, options.env, (app) => {
    const specs = resources.map((resource) => declaredContract(resource, app, options.beyond?.[resource.name]));
    const singletonSpecs = singletons.map((resource) => declaredSingletonContract(resource, app, options.beyond?.[resource.name]));
    return () => {
      for (const spec of specs) describeResourceContract(spec);
      for (const spec of singletonSpecs) describeSingletonContract(spec);
    };
  });
}

/** The resources a context declares with their fields, records and aggregates: what a generated contract can run for. */
export function declarationsWithFieldsOf(context: string): CaseResource<any>[] {
  return gatherContext(resolve(__dirname, '../../libs', context, 'src')).resources.filter((resource) => resource.fields !== undefined);
}

/** The one-per-case records a context declares with their fields: what a generated one-per-case contract can run for. */
export function singletonsWithFieldsOf(context: string): SingletonResource<any>[] {
  return gatherContext(resolve(__dirname, '../../libs', context, 'src')).singletons.filter((resource) => resource.declaredFields !== undefined);
}

/** The contract's spec of one declaration, everything taken from it (and from what `beyond` adds). */
export function declaredContract(resource: ContractResource<any>, app: () => TestApp, beyond: BeyondTheDeclaration = {}): ResourceContractSpec {
  const entries = entriesOf(resource.fields ?? {});
  const ruled = new Set(beyond.ruled ?? []);
  for (const field of ruled) if (!entries.some(([name]) => name === field)) throw new Error(`${resource.name} declares no field ${field}`);
  const examples = resource.examples;
  if (!examples) throw new Error(`${resource.name} declares no examples`);
  const requiredRuled = entries.filter(([field, definition]) => ruled.has(field) && definition.required && field in examples.minimal);
  if (requiredRuled.length > 0) throw new Error(`${resource.name}: a required field cannot be left out of the bodies (${requiredRuled.map(([field]) => field)})`);
  for (const name of Object.keys(beyond.samples ?? {})) if (!(name in resource.filters)) throw new Error(`${resource.name} declares no filter ${name}`);
  for (const sort of resource.sorts) if (ruled.has(sort)) throw new Error(`${resource.name}: sort_by=${sort} would need its values set through SQL, which the generated contract does not do`);

  if (beyond.derived || beyond.sent) throw new Error(`${resource.name}: derived and sent are said of one-per-case records`);

  const sent = entries.filter(([, definition]) => !definition.readOnly && definition.references === undefined);
  const patchable = new Set(resource.patch ? entries.filter(([, definition]) => !definition.readOnly && !definition.createOnly).map(([field]) => field) : []);
  const free = sent.filter(([field, definition]) => !definition.createOnly && !ruled.has(field));
  const withoutRuled = (body: Body): Body => Object.fromEntries(Object.entries(body).filter(([field]) => !ruled.has(field)));
  // An object field has no example of its own: its class's properties have theirs (an address's street, city, …).
  const objectValues = objectValuesOf(sent, examples.full);
  const minimal: Body = { ...examples.minimal, ...Object.fromEntries(Object.entries(objectValues).filter(([field]) => entries.some(([name, definition]) => name === field && definition.required))) };
  const full = withoutRuled({ ...examples.full, ...objectValues });
  const needs = beyond.needs ?? [];
  // A record whose free fields are all enums (a collaborator's role) is patched through an enum's other values.
  const patches = patchesOf(free) ?? (resource.patch ? patchesOf(free, { enums: true }) : undefined);

  const made = madeBodies(resource, entries, beyond);
  return {
    app,
    resource,
    ...(Object.keys(objectValues).length > 0 ? { create: () => structuredClone(minimal) } : {}),
    ...(ruled.size > 0 || Object.keys(objectValues).length > 0 ? { full: () => structuredClone(full) } : {}),
    ...(made ? { create: () => made(minimal), full: () => made(full) } : {}),
    patches: patches && [{ body: patches[0] }, { body: patches[1] }],
    defaults: declaredDefaults(entries, beyond.defaults),
    invalidCreates: declaredInvalidCreates(entries, sent, minimal),
    invalidPatches: resource.patch
      ? [
          // What the server writes, and what is fixed at creation, is no field of a patch.
          ...entries.filter(([field]) => !patchable.has(field)).map(([field, definition]) => ({ body: { [field]: definition.example ?? 'x' }, fields: [field] })),
          ...sent
            .filter(([field]) => patchable.has(field))
            .flatMap(([field, definition]) => outsideTheKind(definition).map((invalid) => ({ body: { [field]: invalid.value }, fields: [field] }))),
        ]
      : [],
    computed: entries.filter(([, definition]) => definition.readOnly && !definition.hidden).map(([field]) => field),
    sortValues: Object.fromEntries(resource.sorts.filter((sort) => !sort.endsWith('_at')).map((sort) => [sort, sortSamples(entries, sort)])),
    filters: { ...filterColumnsOf(resource.filters, entries, resource.createFields, ruled), ...samplesOf(resource, entries, beyond) },
    ...(resource.parent ? { parent: { create: parentMaker(resource) } } : {}),
    ...(needs.length > 0 ? { caseNeeds: needsMaker(needs) } : {}),
    ...preparedBy(resource, beyond, needs.length > 0 ? needsMaker(needs) : undefined),
  };
}

/**
 * What `beyond` prepares for a create, as the spec takes it: the seed (and with it the read side), the parent made by
 * a test, what every case needs (after the one-per-case records `needs` makes).
 */
function preparedBy(
  resource: ContractResource<any>,
  beyond: BeyondTheDeclaration,
  needs: ResourceContractSpec['caseNeeds'],
): Pick<ResourceContractSpec, 'seed' | 'side' | 'parent' | 'caseNeeds'> {
  if (beyond.parent && !resource.parent) throw new Error(`${resource.name} has no parent to be made`);
  if (beyond.createsFirstOnly && !beyond.seed) throw new Error(`${resource.name}: createsFirstOnly says that a seed makes the records after a case's first`);
  const caseNeeds = beyond.caseNeeds;
  return {
    ...(beyond.seed ? { seed: beyond.seed, side: beyond.createsFirstOnly ? ('all' as const) : ('read' as const) } : {}),
    ...(beyond.parent ? { parent: { create: beyond.parent } } : {}),
    ...(caseNeeds
      ? {
          caseNeeds: async (t: TestApp, caller: TestCaller, caseId: string) => {
            await needs?.(t, caller, caseId);
            await caseNeeds(t, caller, caseId);
          },
        }
      : {}),
  };
}

/** A number per made value, so that no two bodies of a run share a unique one. */
let madeCount = 0;

/** A value of a field's kind unlike every other made: an address's local part, a text's end, numbered. */
function uniqueValue(resource: ContractResource<any>, field: string, value: unknown): unknown {
  madeCount += 1;
  if (typeof value !== 'string') throw new Error(`${resource.name}: ${field} has no text example to be made unique`);
  const at = value.lastIndexOf('@');
  return at > 0 ? `${value.slice(0, at)}.${madeCount}${value.slice(at)}` : `${value} ${madeCount}`;
}

/** Bodies with the `repeatable` values and the `unique` fields made anew each time; none when `beyond` says neither. */
function madeBodies(resource: ContractResource<any>, entries: Entry[], beyond: BeyondTheDeclaration): ((body: Body) => Body) | undefined {
  const unique = beyond.unique ?? [];
  const repeatable = beyond.repeatable ?? {};
  if (unique.length === 0 && Object.keys(repeatable).length === 0) return undefined;
  for (const field of [...unique, ...Object.keys(repeatable)]) {
    if (!entries.some(([name, definition]) => name === field && !definition.readOnly)) throw new Error(`${resource.name} declares no body field ${field}`);
  }
  return (body) => {
    const made: Body = { ...structuredClone(body), ...structuredClone(repeatable) };
    for (const field of unique) if (field in made) made[field] = uniqueValue(resource, field, made[field]);
    return made;
  };
}

/**
 * The one-per-case contract's spec of one declaration made with its fields, everything taken from it (and from what
 * `beyond` adds): the response's fields are the schema's visible properties (the timestamps where it shows them, read
 * as date-times); the bodies are the declared examples (`minimal` the required written fields, `full` every written
 * field but references, an object field made of its class's property examples), the masked fields' full values
 * theirs; the required fields its required written fields; two merge patches of its free written fields when it has
 * `PATCH`.
 */
export function declaredSingletonContract(resource: SingletonResource<any>, app: () => TestApp, beyond: BeyondTheDeclaration = {}): SingletonContractSpec {
  const declared = resource.declaredFields;
  const examples = resource.bodyExamples;
  if (!declared || !examples) throw new Error(`${resource.name} is not declared with its fields`);
  if (beyond.seed || beyond.caseNeeds || beyond.parent || beyond.unique || beyond.repeatable) throw new Error(`${resource.name}: seed, caseNeeds, parent, unique and repeatable are said of case resources`);
  if (beyond.defaults || beyond.needs || beyond.samples) throw new Error(`${resource.name}: defaults, needs and samples are said of case resources (a one-per-case record's are derived)`);
  const entries = entriesOf(declared);
  const definitionOf = (field: string) => entries.find(([name]) => name === field)?.[1];
  const ruled = new Set(beyond.ruled ?? []);
  for (const field of [...ruled, ...(beyond.sent ?? [])]) if (!definitionOf(field)) throw new Error(`${resource.name} declares no field ${field}`);
  const written = entries.filter(([, definition]) => !definition.readOnly);
  const required = written.filter(([, definition]) => definition.required).map(([field]) => field);
  const requiredRuled = required.filter((field) => ruled.has(field));
  if (requiredRuled.length > 0) throw new Error(`${resource.name}: a required field cannot be left out of the bodies (${requiredRuled})`);

  const withoutRuled = (body: Body): Body => Object.fromEntries(Object.entries(body).filter(([field]) => !ruled.has(field)));
  // An object field has no example of its own: its class's properties have theirs (an address's street, city, …).
  const objectValues = objectValuesOf(written, examples.full);
  const full = withoutRuled({ ...examples.full, ...objectValues });
  const alsoSent = (beyond.sent ?? []).map((field) => {
    if (ruled.has(field) || !(field in full)) throw new Error(`${resource.name}: ${field} has no example a body can send`);
    return [field, full[field]] as const;
  });
  const requiredObjects = required.filter((field) => field in objectValues).map((field) => [field, objectValues[field]] as const);
  let minimal: Body = { ...withoutRuled(examples.minimal), ...Object.fromEntries(requiredObjects), ...Object.fromEntries(alsoSent) };
  // A full body setting nothing the minimal one leaves out would not replace it: the minimal one takes another value
  // of each field whose kind has one (an enum's next value).
  if (Object.keys(full).every((field) => field in minimal)) {
    const another = (field: string, value: unknown) => (['enum', 'enumArray'].includes(definitionOf(field)!.kind) ? (changed(definitionOf(field)!) ?? value) : value);
    minimal = Object.fromEntries(Object.entries(minimal).map(([field, value]) => [field, another(field, value)]));
    if (JSON.stringify(minimal) === JSON.stringify(full)) throw new Error(`${resource.name}: its examples make no minimal body unlike the full one`);
  }

  const masked = Object.fromEntries(
    [...resource.maskedFields].map((field) => {
      if (typeof full[field] !== 'string') throw new Error(`${resource.name}: its masked ${field} has no example a full body can send`);
      return [field, full[field] as string];
    }),
  );
  const fields = visibleProperties(resource.schema).map(({ field }) => field);
  // The shown timestamps are the server's: any instant, in UTC.
  const stamps = Object.fromEntries(fields.filter((field) => field === 'created_at' || field === 'updated_at').map((field) => [field, expect.stringMatching(/Z$/)]));
  const free = written.filter(([field, definition]) => definition.references === undefined && !definition.createOnly && !ruled.has(field));
  const patches = resource.patch ? patchesOf(free, { enums: true }) : undefined;
  if (resource.patch && !patches) throw new Error(`${resource.name} has PATCH and no field a generated patch can change`);

  return {
    app,
    resource,
    fields,
    minimal: () => structuredClone(minimal),
    full: () => structuredClone(full),
    derived: (body) => ({ ...stamps, ...beyond.derived?.(body) }),
    required,
    ...(patches ? { patches } : {}),
    ...(Object.keys(masked).length > 0 ? { masked } : {}),
  };
}

/**
 * The `samples` said per filter: sent in the body, but on a field no body can send (the server writes it), set in its
 * column through SQL as the filter's default samples are (a transfer's end statuses, which hold no active place).
 */
function samplesOf(resource: ContractResource<any>, entries: Entry[], beyond: BeyondTheDeclaration): Record<string, FilterSamples> {
  return Object.fromEntries(
    Object.entries(beyond.samples ?? {}).map(([name, samples]) => {
      const field = filteredField(name, resource.filters[name]);
      const definition = entries.find(([entry]) => entry === field)?.[1];
      const written = definition?.readOnly === true && !definition.hidden;
      return [name, written ? { samples, column: String(definition!.column.fieldName ?? field) } : { samples }];
    }),
  );
}

/** Makes the parent record in a case from the parent declaration's own example body. */
function parentMaker(resource: ContractResource<any>): (t: TestApp, caller: TestCaller, caseId: string) => Promise<string> {
  const parent = resource.parent!.resource();
  if (!parent.examples) throw new Error(`${resource.name}: its parent ${parent.name} declares no examples to be made from`);
  const body: Body = parent.examples.minimal;
  return async (t, caller, caseId) => {
    const res = await t.http().post(`/v1/cases/${caseId}/${parent.path}`).set(caller.auth).send(body);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data.id;
  };
}

/** Makes each one-per-case record a create needs, from the examples of its declared required fields. */
function needsMaker(needs: readonly SingletonResource<any>[]): (t: TestApp, caller: TestCaller, caseId: string) => Promise<void> {
  const bodies = needs.map((singleton) => {
    if (!singleton.declaredFields) throw new Error(`${singleton.name} is not declared with its fields: a create cannot need it`);
    const body: Body = {};
    for (const [field, definition] of entriesOf(singleton.declaredFields)) {
      if (!definition.required || definition.readOnly) continue;
      if (definition.example === undefined) throw new Error(`${singleton.name}: its required ${field} has no example to be made from`);
      body[field] = definition.example;
    }
    return { path: singleton.path, body };
  });
  return async (t, caller, caseId) => {
    for (const { path, body } of bodies) {
      const res = await t.http().put(`/v1/cases/${caseId}/${path}`).set(caller.auth).send(body);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    }
  };
}

/** What a case's records served by their own controller add, beyond a case resource's, to what their declaration says. */
export interface CaseRecordBeyond extends BeyondTheDeclaration {
  /** Of the standard routes (list, create, read, patch, delete), those its controller leaves out (`PATCH` goes without a merge patch). */
  without?: readonly StandardRoute[];
}

/**
 * Runs the generated resource contract of a case's records that their own controller serves and whose declaration
 * states their collection (`recordShape({ path, itemKey, itemDocument, filters, sorts, fields })`: the settled
 * accounting), on an app of its own:
 *
 *   describeDeclaredCaseRecordContract(settledAccountingRecord, { beyond: { seed, createsFirstOnly: true, caseNeeds, defaults } });
 */
export function describeDeclaredCaseRecordContract(record: CaseRecordShape<any>, options: { env?: Record<string, string | undefined>; beyond?: CaseRecordBeyond } = {}): void {
  describeOnAppOfItsOwn(`${record.name}: the resource contract of its declaration`, options.env, (app) => {
    const spec = declaredCaseRecordContract(record, app, options.beyond);
    return () => describeResourceContract(spec);
  });
}

/**
 * The resource contract's spec of a case's records stating their collection, as `declaredContract` makes a case
 * resource's: its path below the case, the key that addresses an item, the document a create and a read answer, its
 * list's rules, its routes (the standard ones but those `beyond.without` names, `PATCH` only with a merge patch). A
 * record that keeps no `updated_at` (`timestamps: false`: never updated) has its rows made at the moments the checks
 * order them by. Its hidden fields (what it stores and never presents) are no field of a body either.
 */
export function declaredCaseRecordContract(record: CaseRecordShape<any>, app: () => TestApp, beyond: CaseRecordBeyond = {}): ResourceContractSpec {
  if (record.path === undefined || record.listRules === undefined) throw new Error(`${record.name} states no collection (recordShape's path, filters, sorts)`);
  const without = new Set<StandardRoute>([...(beyond.without ?? []), ...(record.patch ? [] : (['patch'] as const))]);
  const resource: ContractResource<any> = {
    name: record.name,
    path: record.path,
    idParam: toSnakeCase(record.itemKey),
    routes: new Set((['list', 'create', 'read', 'patch', 'delete'] as const).filter((route) => !without.has(route))),
    filters: record.listRules.filters,
    sorts: record.listRules.sorts,
    // Its controller answers another organization's case as an unknown one (`ForeignCase('not_found')`).
    forbiddenForForeignCase: new Set(),
    keptWhenCaseDeleted: false,
    schema: record.schema,
    create: record.create,
    patch: record.patch,
    createFields: record.stored,
    examples: record.examples,
    masked: new Set(record.masked),
    fields: record.fields,
  };
  const { without: _without, ...rest } = beyond;
  const spec = declaredContract(resource, app, rest);
  const minimal = spec.create?.() ?? record.examples.minimal;
  const hidden = entriesOf(record.fields).filter(([field, definition]) => definition.hidden && field !== 'case_id');
  return {
    ...spec,
    itemKey: toSnakeCase(record.itemKey),
    ...(record.itemDocument ? { itemDocument: toSnakeCase(record.itemDocument) } : {}),
    immutable: !('updatedAt' in record.schema.meta.properties),
    invalidCreates: [...(spec.invalidCreates ?? []), ...hidden.map(([field]) => ({ body: { ...minimal, [field]: {} }, fields: [field], reason: 'unknown_field' }))],
  };
}
