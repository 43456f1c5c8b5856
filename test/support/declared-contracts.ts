import { resolve } from 'node:path';
import { CaseResource, FieldDefinition, gatherContext, toSnakeCase } from '@estate/shared-kernel';
import { Body, describeResourceContract, PatchStep, ResourceContractSpec } from './resource-contract';
import { createTestApp, TestApp, TestCaller } from './test-app';

/**
 * The resource contract of every plain record a context declares with its fields, generated from the declarations:
 * bodies from the fields' examples, the response fields and masking from the schema, two patches, sort samples by
 * kind, the parent made from its own declaration. A resource's own suite then tests only its own rules.
 *
 *   describeDeclaredContracts('assets', { except: ['transaction'] });
 *
 * `except` names the declarations whose rules need bodies no example gives (a transaction's category follows its
 * amount's sign): their own suites run the contract with those bodies.
 */
export function describeDeclaredContracts(context: string, options: { except?: readonly string[] } = {}): void {
  const resources = declaredRecordsOf(context).filter((resource) => !options.except?.includes(resource.name));
  if (resources.length === 0) throw new Error(`the ${context} context declares no plain record with fields`);
  describe(`${context}: the resource contract of each declaration`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());
    for (const resource of resources) describeResourceContract(declaredContract(resource, () => t));
  });
}

/** The plain records a context declares with their fields: what a generated contract can run for. */
export function declaredRecordsOf(context: string): CaseResource<any>[] {
  return gatherContext(resolve(__dirname, '../../libs', context, 'src')).resources.filter((resource) => resource.kind === 'record' && resource.fields);
}

type Entry = [string, FieldDefinition];

/** The contract's spec of one declaration, everything taken from it. */
export function declaredContract(resource: CaseResource<any>, app: () => TestApp): ResourceContractSpec {
  const entries = Object.entries(resource.fields ?? {}) as Entry[];
  const writable = entries.filter(([, definition]) => !definition.readOnly && !definition.createOnly && definition.references === undefined);
  return {
    app,
    resource,
    patches: patchesOf(writable),
    defaults: Object.fromEntries(
      entries
        .filter(([, definition]) => !definition.readOnly && definition.column.default !== undefined && definition.column.default !== false && !Array.isArray(definition.column.default))
        .map(([property, definition]) => [toSnakeCase(property), definition.column.default]),
    ),
    // Each enum refuses a value outside its set, one detail naming it (contract §3.1).
    invalidCreates: writable
      .filter(([, definition]) => definition.kind === 'enum')
      .map(([property]) => ({ body: { ...resource.examples?.minimal, [toSnakeCase(property)]: 'not_one_of_them' }, fields: [toSnakeCase(property)], reason: 'enum' })),
    computed: entries.filter(([, definition]) => definition.readOnly && !definition.hidden).map(([property]) => toSnakeCase(property)),
    sortValues: Object.fromEntries(resource.sorts.filter((sort) => !sort.endsWith('_at')).map((sort) => [sort, sortSamples(entries, sort)])),
    ...(resource.parent ? { parent: { create: parentMaker(resource) } } : {}),
  };
}

/** Two merge patches, each changing one field no rule ties to another: text first, then a flag, then an amount. */
function patchesOf(writable: Entry[]): readonly [PatchStep, PatchStep, ...PatchStep[]] | undefined {
  const ranked = [
    ...writable.filter(([, definition]) => definition.kind === 'text'),
    ...writable.filter(([, definition]) => definition.kind === 'boolean'),
    ...writable.filter(([, definition]) => definition.kind === 'money' && !definition.required),
    ...writable.filter(([, definition]) => definition.kind === 'string' && typeof definition.example === 'string' && !definition.required),
  ];
  const steps = ranked.slice(0, 2).map(([property, definition]) => ({ body: { [toSnakeCase(property)]: changed(definition) } }));
  return steps.length === 2 ? (steps as [PatchStep, PatchStep]) : undefined;
}

/** A value unlike the field's example (which a full body sets). */
function changed(definition: FieldDefinition): unknown {
  switch (definition.kind) {
    case 'boolean':
      return definition.example !== true;
    case 'money':
      return typeof definition.example === 'number' ? definition.example + 1.25 : 10.5;
    default:
      return `${String(definition.example ?? 'value')} (revised)`;
  }
}

/** Seven values with a tie, ordered alike by PostgreSQL and by JavaScript, by the kind of the sorted field. */
function sortSamples(entries: Entry[], sort: string): readonly unknown[] {
  const definition = entries.find(([property]) => toSnakeCase(property) === sort)?.[1];
  switch (definition?.kind) {
    case 'money':
    case 'number':
      return [100, 50.5, 100, 0.01, 2500, 100, 0];
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

/** Makes the parent record in a case from the parent declaration's own example body. */
function parentMaker(resource: CaseResource<any>): (t: TestApp, caller: TestCaller, caseId: string) => Promise<string> {
  const parent = resource.parent!.resource();
  if (!parent.examples) throw new Error(`${resource.name}: its parent ${parent.name} declares no examples to be made from`);
  const body: Body = parent.examples.minimal;
  return async (t, caller, caseId) => {
    const res = await t.http().post(`/v1/cases/${caseId}/${parent.path}`).set(caller.auth).send(body);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data.id;
  };
}
