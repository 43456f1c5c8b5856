import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { declaredCaseResources, declaredSingletonResources } from '@estate/shared-kernel';
import { declarationsWithFieldsOf, singletonsWithFieldsOf } from './support/declared-contracts';
import '../apps/api/src/app.module';

/**
 * Every declaration runs the shared contract: `describeResourceContract` for case resources (the read side for
 * aggregates), `describeSingletonContract` for one-per-case resources, the organization record contract for each
 * record of no case that states its collection (`describeDeclaredOrganizationContract`), and the resource contract for
 * each case's records served by their own controller that state their collection (`describeDeclaredCaseRecordContract`). The declarations are the ones
 * the application loads (importing the app module loads every context); a suite names each by its exported constant.
 */

const ROOT = resolve(__dirname, '..');

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** `export const personResource = caseResource<Person>({ name: 'person', …` → person → personResource. */
function declarationConstants(): Map<string, string> {
  const constants = new Map<string, string>();
  for (const file of filesUnder(join(ROOT, 'libs')).filter((path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'))) {
    const text = readFileSync(file, 'utf8');
    for (const [, constant, name] of text.matchAll(/export const (\w+) = (?:caseResource|singletonResource)(?:<[^>]*>)?\(\{\s*name: '([^']+)'/g)) constants.set(name, constant);
  }
  return constants;
}

/** The constants named as `resource:` in each hand-written contract call of the e2e suites, with the suite. */
function handRuns(): Map<string, string> {
  const runs = new Map<string, string>();
  for (const file of readdirSync(join(ROOT, 'test')).filter((name) => name.endsWith('.e2e-spec.ts'))) {
    const text = readFileSync(join(ROOT, 'test', file), 'utf8');
    for (const [, kind, constant] of text.matchAll(/describe(Resource|Singleton)Contract\(\{[^]*?\n\s+resource: (\w+),/g)) runs.set(constant, `${kind}:${file}`);
  }
  return runs;
}

/**
 * The constants of the declarations the generated contracts run for: every declaration a context makes with its
 * fields, case resources and one-per-case records (test/contracts/<context>), but those it names in `except`
 * (whole-line comments, which give the reasons, left out).
 */
function generatedRuns(): Map<string, string> {
  const constants = declarationConstants();
  const runs = new Map<string, string>();
  for (const file of readdirSync(join(ROOT, 'test', 'contracts'))) {
    const text = readFileSync(join(ROOT, 'test', 'contracts', file), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    for (const [, context, options] of text.matchAll(/describeDeclaredContracts\('(\w+)'(?:, (\{[^]*?\}))?\);/g)) {
      const excepted = [...(options?.match(/except: \[([^\]]*)\]/)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(([, name]) => name);
      for (const resource of declarationsWithFieldsOf(context).filter((declared) => !excepted.includes(declared.name))) {
        runs.set(constants.get(resource.name) ?? resource.name, `Resource:contracts/${file}`);
      }
      for (const resource of singletonsWithFieldsOf(context).filter((declared) => !excepted.includes(declared.name))) {
        runs.set(constants.get(resource.name) ?? resource.name, `Singleton:contracts/${file}`);
      }
    }
  }
  return runs;
}

/**
 * The records of no case that state their collection (`recordShape({ … key: 'own', path: … })`), by constant: what the
 * organization record contract can run for.
 */
function ownCollectionConstants(): string[] {
  const constants: string[] = [];
  for (const file of filesUnder(join(ROOT, 'libs')).filter((path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'))) {
    for (const [, constant, declaration] of readFileSync(file, 'utf8').matchAll(/export const (\w+) = recordShape(?:<[^>]*>)?\(\{([^]*?)\n\}\);/g)) {
      if (/\n  key: 'own',/.test(declaration) && /\n  path: '/.test(declaration)) constants.push(constant);
    }
  }
  return constants;
}

/**
 * The case's records served by their own controller that state their collection (`recordShape({ … path: … })` of no
 * `key: 'own'`), by constant: what `describeDeclaredCaseRecordContract` can run for.
 */
function caseCollectionConstants(): string[] {
  const constants: string[] = [];
  for (const file of filesUnder(join(ROOT, 'libs')).filter((path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'))) {
    for (const [, constant, declaration] of readFileSync(file, 'utf8').matchAll(/export const (\w+) = recordShape(?:<[^>]*>)?\(\{([^]*?)\n\}\);/g)) {
      if (!/\n  key: 'own',/.test(declaration) && /\n  path: '/.test(declaration)) constants.push(constant);
    }
  }
  return constants;
}

/**
 * The constants a generated contract runs for, with the file: `describeDeclaredCaseRecordContract(settledAccountingRecord, …)`
 * for `CaseRecord`, `describeDeclaredOrganizationContract(caseRecord, …)` for `Organization`.
 */
function contractRuns(kind: 'CaseRecord' | 'Organization'): Map<string, string> {
  const runs = new Map<string, string>();
  const call = new RegExp(`describeDeclared${kind}Contract\\((\\w+)`, 'g');
  for (const file of readdirSync(join(ROOT, 'test', 'contracts'))) {
    const text = readFileSync(join(ROOT, 'test', 'contracts', file), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    for (const [, constant] of text.matchAll(call)) runs.set(constant, `${kind}:contracts/${file}`);
  }
  return runs;
}

describe('the shared contract covers every declaration', () => {
  const constants = declarationConstants();
  const hand = handRuns();
  const generated = generatedRuns();
  const organization = contractRuns('Organization');
  const caseRecords = contractRuns('CaseRecord');
  const runs = new Map([...hand, ...generated]);

  it('finds each loaded declaration in the code, by name', () => {
    const loaded = [...declaredCaseResources(), ...declaredSingletonResources()].map((resource) => resource.name).sort();
    expect(loaded.length).toBeGreaterThanOrEqual(20);
    expect([...constants.keys()].sort()).toEqual(loaded);
  });

  it('runs describeResourceContract for every case resource and describeSingletonContract for every one-per-case resource', () => {
    const missing = (names: string[], kind: string) => names.filter((name) => !runs.get(constants.get(name) ?? '')?.startsWith(`${kind}:`));
    expect(missing(declaredCaseResources().map((resource) => resource.name), 'Resource')).toEqual([]);
    expect(missing(declaredSingletonResources().map((resource) => resource.name), 'Singleton')).toEqual([]);
  });

  it('runs the organization record contract for every record of no case that states its collection', () => {
    const declared = ownCollectionConstants();
    expect(declared).toContain('caseRecord');
    expect(declared.filter((constant) => !organization.has(constant))).toEqual([]);
    expect([...organization.keys()].filter((constant) => !declared.includes(constant))).toEqual([]);
  });

  it("runs the resource contract for every case's records that state their collection", () => {
    const declared = caseCollectionConstants();
    expect(declared).toContain('settledAccountingRecord');
    expect(declared.filter((constant) => !caseRecords.has(constant))).toEqual([]);
    expect([...caseRecords.keys()].filter((constant) => !declared.includes(constant))).toEqual([]);
  });

  it('runs no hand-written contract for a declaration a generated one covers (nothing re-tests what it covers)', () => {
    // Each file of generated contracts is read (a call the pattern missed would count nothing).
    for (const file of readdirSync(join(ROOT, 'test', 'contracts'))) {
      expect([...generated.values(), ...organization.values(), ...caseRecords.values()].some((run) => run.endsWith(`:contracts/${file}`))).toBe(true);
    }
    expect([...generated.keys()].filter((constant) => hand.has(constant)).map((constant) => `${constant} (${hand.get(constant)})`)).toEqual([]);
  });
});
