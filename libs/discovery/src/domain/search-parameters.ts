import { einPrefixProblems, ErrorDetail } from '@estate/shared-kernel/domain';
import { BUSINESS_SEARCH_TYPE, SearchType } from './search-vocabulary';

/** `parameters` of `POST …/searches/initiate` as sent (contract-extensions §15.2); the DTO checked their shapes. */
export interface SearchParametersInput {
  states?: string[] | null;
  name_variants?: string[] | null;
  business_id?: string | null;
  business_name?: string | null;
  business_ein?: string | null;
}

/** What an initiated search keeps of its parameters (the EIN is kept apart, encrypted, and shown masked). */
export interface SearchParameters {
  states: string[];
  name_variants: string[];
  business_id: string | null;
  business_name: string | null;
}

/** The deceased as a person search needs them: the names and the date of death (§15.2), null when not recorded. */
export interface SearchedPerson {
  firstName: string | null;
  lastName: string | null;
  dateOfDeath: string | null;
  /** Where `states` defaults to: the state of the deceased's address. */
  state: string | null;
}

/** A business of the case named by `business_id` (§12.6). */
export interface SearchedBusiness {
  id: string;
  businessName: string;
  ein: string | null;
}

const BUSINESS_FIELDS = ['business_id', 'business_name', 'business_ein'] as const;

function repeats(values: readonly string[] | null | undefined, field: string): ErrorDetail[] {
  const list = values ?? [];
  const index = list.findIndex((value, position) => list.indexOf(value) !== position);
  return index < 0 ? [] : [{ field: `${field}[${index}]`, message: `${field} must not repeat "${list[index]}"`, reason: 'conflict' }];
}

/**
 * §15.2's rules on `parameters` that a DTO cannot state: no repeated state or name variant, no blank one; the business fields only on
 * a `business_bank_account` search, which needs `business_id` or `business_name` (one of the two), `business_ein`
 * going with a name (a business of the case brings its own), with a prefix the IRS issues.
 */
export function searchParameterProblems(type: SearchType, input: SearchParametersInput | null | undefined): ErrorDetail[] {
  const parameters = input ?? {};
  const problems = [...repeats(parameters.states, 'parameters.states'), ...repeats(parameters.name_variants, 'parameters.name_variants')];
  (parameters.name_variants ?? []).forEach((name, index) => {
    if (name.trim() === '') problems.push({ field: `parameters.name_variants[${index}]`, message: 'a name variant must not be blank', reason: 'range' });
  });
  const given = BUSINESS_FIELDS.filter((field) => parameters[field] !== null && parameters[field] !== undefined);
  if (type !== BUSINESS_SEARCH_TYPE) {
    for (const field of given) {
      problems.push({ field: `parameters.${field}`, message: `${field} belongs to a search of type ${BUSINESS_SEARCH_TYPE}; a search of type ${type} looks for the deceased`, reason: 'rule' });
    }
    return problems;
  }
  const byId = given.includes('business_id');
  const byName = given.includes('business_name');
  if (!byId && !byName) {
    problems.push({ field: 'parameters.business_id', message: `a search of type ${BUSINESS_SEARCH_TYPE} needs parameters.business_id or parameters.business_name`, reason: 'required' });
  } else if (byId && byName) {
    problems.push({ field: 'parameters.business_name', message: 'give parameters.business_id or parameters.business_name, not both', reason: 'conflict' });
  }
  if (byId && given.includes('business_ein')) {
    problems.push({ field: 'parameters.business_ein', message: 'business_ein goes with business_name; a business named by business_id brings its own EIN', reason: 'conflict' });
  }
  problems.push(...einPrefixProblems(parameters as Record<string, unknown>, 'business_ein').map((problem) => ({ ...problem, field: 'parameters.business_ein' })));
  return problems;
}

/** §15.2: a person search needs the deceased's first and last name and date of death (`422` naming each missing one). */
export function personSearchProblems(type: SearchType, person: SearchedPerson | null): ErrorDetail[] {
  if (type === BUSINESS_SEARCH_TYPE) return [];
  if (person === null) {
    return [{ field: 'deceased', message: `a search of type ${type} needs the deceased's first_name, last_name and date_of_death; the case has no deceased record yet`, reason: 'rule' }];
  }
  const needs: Array<[keyof SearchedPerson, string]> = [
    ['firstName', 'first_name'],
    ['lastName', 'last_name'],
    ['dateOfDeath', 'date_of_death'],
  ];
  return needs
    .filter(([property]) => !person[property])
    .map(([, field]) => ({ field: `deceased.${field}`, message: `a search of type ${type} needs the deceased's ${field}; it is not recorded`, reason: 'rule' as const }));
}

/** The parameters an initiated search keeps: `states` defaulting to the deceased's state, the business resolved. */
export function searchParametersOf(input: SearchParametersInput | null | undefined, person: SearchedPerson | null, business: SearchedBusiness | null): SearchParameters {
  const parameters = input ?? {};
  const states = parameters.states ?? (person?.state ? [person.state] : []);
  return {
    states: [...states],
    name_variants: [...(parameters.name_variants ?? [])],
    business_id: business?.id ?? null,
    business_name: business?.businessName ?? parameters.business_name ?? null,
  };
}
