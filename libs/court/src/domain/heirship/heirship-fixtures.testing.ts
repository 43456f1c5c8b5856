import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FamilyPerson, Kinship } from './family';
import { computeHeirship, type HeirshipAnswer, type PropertyKind } from './heirship';
import { readIntestacyRules, rulesOf, type IntestacyRules, type StateRules } from './rule-language';

/** The committed compiled rules, read and checked once per test file. */
export const RULES: IntestacyRules = readIntestacyRules(JSON.parse(readFileSync(join(__dirname, 'intestacy-rules.json'), 'utf8')));

export function stateRules(code: string): StateRules {
  const rules = rulesOf(RULES, code);
  if (!rules) throw new Error(`no rules for ${code}`);
  return rules;
}

/** A person of the case: `person('B', 'child', { is_deceased: true })`; the name is the id. */
export function person(id: string, kinship: Kinship | null, fields: Partial<FamilyPerson> = {}): FamilyPerson {
  return {
    id,
    name: id,
    kinship,
    through_person_id: null,
    descendant_of_spouse: null,
    spouse_has_other_descendants: null,
    side: null,
    is_deceased: false,
    ...fields,
  };
}

export const dead = (id: string, kinship: Kinship, fields: Partial<FamilyPerson> = {}) => person(id, kinship, { ...fields, is_deceased: true });
export const through = (id: string, kinship: Kinship, parent: string, fields: Partial<FamilyPerson> = {}) =>
  person(id, kinship, { ...fields, through_person_id: parent });

export function heirship(
  code: string,
  persons: FamilyPerson[],
  options: { dollars?: number; property?: PropertyKind; death_year?: number } = {},
): HeirshipAnswer {
  return computeHeirship(stateRules(code), {
    persons,
    property: options.property ?? 'separate',
    estate_cents: BigInt(Math.round((options.dollars ?? 300_000) * 100)),
    death_year: options.death_year ?? null,
  });
}

/** `{ S: '1/2', A: '1/4' }`: each heir's fraction by person id. */
export const fractions = (answer: HeirshipAnswer): Record<string, string | null> =>
  Object.fromEntries(answer.heirs.map((heir) => [heir.person_id, heir.fraction]));

/** `{ S: '150000.00' }`: each heir's amount by person id, as text. */
export const amounts = (answer: HeirshipAnswer): Record<string, string> =>
  Object.fromEntries(answer.heirs.map((heir) => [heir.person_id, `${heir.amount_cents / 100n}.${(heir.amount_cents % 100n).toString().padStart(2, '0')}`]));
