import { Authority } from './authority';

describe('Authority.typesProblems', () => {
  it('accepts distinct types', () => {
    expect(Authority.typesProblems(['executor_in_will', 'next_of_kin'])).toEqual([]);
    expect(Authority.typesProblems(['other'])).toEqual([]);
  });

  it('accepts an empty list', () => {
    expect(Authority.typesProblems([])).toEqual([]);
  });

  it('refuses a repeated type with one detail on types', () => {
    expect(Authority.typesProblems(['next_of_kin', 'executor_in_will', 'next_of_kin'])).toEqual([
      { field: 'types', message: 'types must not repeat a value', reason: 'rule' },
    ]);
    expect(Authority.typesProblems(['other', 'other', 'other', 'other'])).toHaveLength(1);
  });
});
