import { pastFactDateProblems } from './past-fact-dates';

describe('pastFactDateProblems (contract-extensions §10.0)', () => {
  const today = '2026-12-01';

  it('refuses each named date after today, and only those', () => {
    const document = { opened_date: '2026-12-02', closed_date: '2026-12-01', filed_date: '1998-05-11', other_date: '2030-01-01' };
    expect(pastFactDateProblems(document, ['opened_date', 'closed_date', 'filed_date'], today)).toEqual([
      { field: 'opened_date', message: 'opened_date is a past fact and must not be after today (2026-12-01)', reason: 'range' },
    ]);
  });

  it('leaves absent and null dates alone', () => {
    expect(pastFactDateProblems({ opened_date: null }, ['opened_date', 'closed_date'], today)).toEqual([]);
  });
});
