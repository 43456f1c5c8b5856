import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import type { JurisdictionRules } from '../../domain/jurisdiction-rules';

const FOLDER = join('libs', 'probate', 'reference-data');

/**
 * The committed folder `libs/probate/reference-data`, found upwards from this file: from the sources (tests) and from
 * the build under `dist/` alike, without copying data files into the build.
 */
function referenceDataFolder(): string {
  for (let directory = __dirname; ; directory = dirname(directory)) {
    if (existsSync(join(directory, FOLDER, 'us-probate.json'))) return join(directory, FOLDER);
    if (dirname(directory) === directory) throw new Error(`${FOLDER}/us-probate.json was not found above ${__dirname}`);
  }
}

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(join(referenceDataFolder(), name), 'utf8'));
}

/**
 * The committed jurisdiction file, validated against its JSON Schema (contract-extensions §10.4). A broken file stops
 * start-up: the probate module loads it in `onModuleInit`, before the service listens.
 */
export function validateJurisdictionRules(candidate: unknown): JurisdictionRules {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
  const validate = ajv.compile(readJson('us-probate.schema.json') as object);
  if (!validate(candidate)) {
    const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ');
    throw new Error(`libs/probate/reference-data/us-probate.json does not match its schema: ${problems}`);
  }
  const rules = candidate as JurisdictionRules;
  const keys = rules.deadline_templates.map((template) => template.key);
  if (new Set(keys).size !== keys.length) throw new Error('libs/probate/reference-data/us-probate.json repeats a deadline template key');
  return rules;
}

let loaded: JurisdictionRules | undefined;

/** The validated rules, once per process. */
export function jurisdictionRules(): JurisdictionRules {
  loaded ??= validateJurisdictionRules(readJson('us-probate.json'));
  return loaded;
}
