import { Deceased } from './deceased';

describe('Deceased.displayName', () => {
  it('joins first, middle and last name', () => {
    expect(Deceased.displayName('Ann', 'Marie', 'Lee')).toBe('Ann Marie Lee');
  });

  it('leaves out a missing or blank middle name', () => {
    expect(Deceased.displayName('Ann', null, 'Lee')).toBe('Ann Lee');
    expect(Deceased.displayName('Ann', undefined, 'Lee')).toBe('Ann Lee');
    expect(Deceased.displayName('Ann', '', 'Lee')).toBe('Ann Lee');
    expect(Deceased.displayName('Ann', '   ', 'Lee')).toBe('Ann Lee');
  });
});

describe('Deceased.datesProblems', () => {
  const today = '2026-06-15';

  it('accepts a death after the birth and not after today', () => {
    expect(Deceased.datesProblems('1940-01-01', '2026-01-10', today)).toEqual([]);
  });

  it('accepts a death today and on the day of birth', () => {
    expect(Deceased.datesProblems('2026-06-15', '2026-06-15', today)).toEqual([]);
  });

  it('accepts an unknown birth date', () => {
    expect(Deceased.datesProblems(null, '2026-01-10', today)).toEqual([]);
    expect(Deceased.datesProblems(undefined, '2026-01-10', today)).toEqual([]);
  });

  it('refuses a death before the birth', () => {
    expect(Deceased.datesProblems('2000-05-02', '2000-05-01', today)).toEqual([
      { field: 'date_of_death', message: 'date_of_death must not be before date_of_birth', reason: 'rule' },
    ]);
  });

  it('refuses a death in the future', () => {
    expect(Deceased.datesProblems('1940-01-01', '2026-06-16', today)).toEqual([
      { field: 'date_of_death', message: 'date_of_death must not be in the future', reason: 'rule' },
    ]);
  });

  it('reports both problems together', () => {
    const problems = Deceased.datesProblems('2027-01-01', '2026-12-31', today);
    expect(problems).toHaveLength(2);
    expect(problems.map((problem) => problem.message)).toEqual([
      'date_of_death must not be before date_of_birth',
      'date_of_death must not be in the future',
    ]);
  });

  it('compares across years and months as calendar dates', () => {
    expect(Deceased.datesProblems('1999-12-31', '2000-01-01', today)).toEqual([]);
    expect(Deceased.datesProblems('2000-10-01', '2000-09-30', today)).toHaveLength(1);
  });
});
