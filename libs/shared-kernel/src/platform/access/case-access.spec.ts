import { assertCaseAccessChecked, markCaseAccessChecked, misnamedCaseRoutes } from './case-access';

describe('case routes name their case :case_id', () => {
  it('finds routes below cases/ that name the case otherwise', () => {
    expect(
      misnamedCaseRoutes([
        'v1/cases',
        'v1/cases/:case_id',
        'v1/cases/:case_id/persons/:person_id',
        'v1/cases/:id/debts',
        '/v1/cases/:caseId',
        'v1/cases/:case_identifier/x',
        'v1/other/:id',
      ]),
    ).toEqual(['v1/cases/:id/debts', '/v1/cases/:caseId', 'v1/cases/:case_identifier/x']);
  });

  it('a handler refuses to run unless the guard checked this very case', () => {
    const req = { params: { case_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } };
    expect(() => assertCaseAccessChecked(req)).toThrow(/case access was not checked/);
    markCaseAccessChecked(req, '01BX5ZZKBKACTAV9WEVGEMMVRZ');
    expect(() => assertCaseAccessChecked(req)).toThrow(/case access was not checked/);
    markCaseAccessChecked(req, '01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(() => assertCaseAccessChecked(req)).not.toThrow();
    expect(() => assertCaseAccessChecked({ params: {} })).toThrow(/:case_id/);
  });
});
