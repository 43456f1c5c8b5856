import { personSearchProblems, searchParameterProblems, searchParametersOf } from './search-parameters';

const reasons = (problems: Array<{ field: string; reason: string }>) => problems.map((problem) => [problem.field, problem.reason]);

describe('search parameters (contract-extensions §15.2)', () => {
  it('takes the business fields only on a business_bank_account search, which needs an id or a name, not both', () => {
    expect(reasons(searchParameterProblems('bank_account', { business_id: 'B1' }))).toEqual([['parameters.business_id', 'rule']]);
    expect(reasons(searchParameterProblems('business_bank_account', null))).toEqual([['parameters.business_id', 'required']]);
    expect(reasons(searchParameterProblems('business_bank_account', { business_id: 'B1', business_name: 'Okafor LLC' }))).toEqual([['parameters.business_name', 'conflict']]);
    expect(reasons(searchParameterProblems('business_bank_account', { business_id: 'B1', business_ein: '36-4829175' }))).toEqual([['parameters.business_ein', 'conflict']]);
    expect(searchParameterProblems('business_bank_account', { business_name: 'Okafor LLC', business_ein: '36-4829175' })).toEqual([]);
    expect(reasons(searchParameterProblems('business_bank_account', { business_name: 'Okafor LLC', business_ein: '07-4829175' }))).toEqual([['parameters.business_ein', 'rule']]);
  });

  it('refuses repeated states and name variants, and blank names', () => {
    expect(reasons(searchParameterProblems('vehicle', { states: ['IL', 'IA', 'IL'], name_variants: ['Sam', '  ', 'Sam'] }))).toEqual([
      ['parameters.states[2]', 'conflict'],
      ['parameters.name_variants[2]', 'conflict'],
      ['parameters.name_variants[1]', 'range'],
    ]);
  });

  it('a person search needs the deceased’s names and date of death; a business search needs no deceased', () => {
    expect(reasons(personSearchProblems('debt', null))).toEqual([['deceased', 'rule']]);
    expect(reasons(personSearchProblems('debt', { firstName: 'Sam', lastName: null, dateOfDeath: null, state: null }))).toEqual([
      ['deceased.last_name', 'rule'],
      ['deceased.date_of_death', 'rule'],
    ]);
    expect(personSearchProblems('business_bank_account', null)).toEqual([]);
  });

  it('keeps states (defaulting to the deceased’s), name variants and the business as resolved', () => {
    const person = { firstName: 'Sam', lastName: 'Okafor', dateOfDeath: '2026-08-20', state: 'IL' };
    expect(searchParametersOf(undefined, person, null)).toEqual({ states: ['IL'], name_variants: [], business_id: null, business_name: null });
    expect(searchParametersOf({ states: [] }, person, null).states).toEqual([]);
    expect(searchParametersOf({ business_id: 'B1' }, null, { id: 'B1', businessName: 'Okafor LLC', ein: null })).toEqual({ states: [], name_variants: [], business_id: 'B1', business_name: 'Okafor LLC' });
  });
});
