import { STATE_CODES } from '@estate/shared-kernel/domain';
import type { JurisdictionRules } from '../../domain/jurisdiction-rules';
import { assertMatchesSchema, firstRepeated, readReferenceFile, refuse } from './reference-file';

const FILE = 'us-probate.json';

/**
 * The committed jurisdiction file, validated against its JSON Schema (contract-extensions §10.4), with the rules the
 * schema cannot state: unique template keys, states and county FIPS codes; every county of a known state and inside
 * its FIPS code; `counties_shipped` exactly for the states with counties. A broken file stops start-up: the probate
 * module loads it in `onModuleInit`, before the service listens.
 */
export function validateJurisdictionRules(candidate: unknown): JurisdictionRules {
  const rules = assertMatchesSchema<JurisdictionRules>(candidate, FILE, 'us-probate.schema.json');
  const repeatedKey = firstRepeated(rules.deadline_templates.map((template) => template.key));
  refuse(FILE, repeatedKey && `repeats a deadline template key (${repeatedKey})`);
  const repeatedState = firstRepeated(rules.states.map((state) => state.code));
  refuse(FILE, repeatedState && `repeats the state ${repeatedState}`);
  const repeatedCounty = firstRepeated(rules.counties.map((county) => county.fips));
  refuse(FILE, repeatedCounty && `repeats the county ${repeatedCounty}`);
  const codes = rules.states.map((state) => state.code).sort();
  refuse(FILE, codes.join() !== STATE_CODES.join() ? `must list the 50 states and DC once each; it lists ${codes.join(', ')}` : undefined);
  const states = new Map(rules.states.map((state) => [state.code, state]));
  for (const county of rules.counties) {
    const state = states.get(county.state);
    refuse(FILE, !state ? `has county ${county.fips} of an unknown state ${county.state}` : undefined);
    refuse(FILE, state && !county.fips.startsWith(state.fips) ? `has county ${county.fips} outside ${county.state} (FIPS ${state.fips})` : undefined);
  }
  for (const state of rules.states) {
    const shipped = rules.counties.some((county) => county.state === state.code);
    refuse(FILE, shipped !== state.counties_shipped ? `says counties_shipped: ${state.counties_shipped} for ${state.code}, which has ${shipped ? 'counties' : 'none'}` : undefined);
  }
  return rules;
}

let loaded: { rules: JurisdictionRules; sha256: string } | undefined;

function load(): { rules: JurisdictionRules; sha256: string } {
  if (!loaded) {
    const file = readReferenceFile(FILE);
    loaded = { rules: validateJurisdictionRules(file.content), sha256: file.sha256 };
  }
  return loaded;
}

/** The validated rules, once per process. */
export function jurisdictionRules(): JurisdictionRules {
  return load().rules;
}

/** The SHA-256 of the jurisdiction file as committed: the `ETag` of the reference-data routes. */
export function jurisdictionFileDigest(): string {
  return load().sha256;
}
