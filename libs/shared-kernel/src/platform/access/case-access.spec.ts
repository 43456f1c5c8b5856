import { assertCaseAccessChecked, collaboratorMay, markCaseAccessChecked, misnamedCaseRoutes } from './case-access';

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

describe('what a collaborator may do under its case (§13.1)', () => {
  // A route's rule as its context declares it: none (every editor's write), or CollaboratorWrites(…).
  const plain = undefined;

  it('a viewer reads, and calls the writes declared any_role (a download link), and nothing else', () => {
    expect(collaboratorMay('viewer', 'GET', plain)).toBe(true);
    expect(collaboratorMay('viewer', 'HEAD', 'no_collaborator')).toBe(true);
    expect(collaboratorMay('viewer', 'POST', 'any_role')).toBe(true);
    for (const [method, rule] of [['PATCH', plain], ['DELETE', plain], ['POST', plain], ['POST', 'owner_role'], ['PATCH', 'owner_role'], ['DELETE', 'no_collaborator']] as const) {
      expect(collaboratorMay('viewer', method, rule)).toBe(false);
    }
  });

  it('an editor writes everything but the owner_role writes (the collaborators) and the no_collaborator ones (deleting the case)', () => {
    expect(collaboratorMay('editor', 'PATCH', plain)).toBe(true);
    expect(collaboratorMay('editor', 'POST', plain)).toBe(true);
    expect(collaboratorMay('editor', 'POST', 'any_role')).toBe(true);
    expect(collaboratorMay('editor', 'DELETE', 'no_collaborator')).toBe(false);
    expect(collaboratorMay('editor', 'POST', 'owner_role')).toBe(false);
    expect(collaboratorMay('editor', 'DELETE', 'owner_role')).toBe(false);
    expect(collaboratorMay('editor', 'GET', 'owner_role')).toBe(true);
  });

  it('a collaborator owner is an editor who also calls the owner_role writes', () => {
    expect(collaboratorMay('owner', 'POST', 'owner_role')).toBe(true);
    expect(collaboratorMay('owner', 'DELETE', 'owner_role')).toBe(true);
    expect(collaboratorMay('owner', 'PATCH', plain)).toBe(true);
    expect(collaboratorMay('owner', 'DELETE', 'no_collaborator')).toBe(false);
  });
});
