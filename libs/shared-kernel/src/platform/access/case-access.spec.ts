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
  const person = '/v1/cases/:case_id/persons/:person_id';
  const link = '/v1/cases/:case_id/documents/:document_id/download-links';
  const collaborators = '/v1/cases/:case_id/collaborators';
  const resend = '/v1/cases/:case_id/collaborators/:collaborator_id/resend';
  const theCase = '/v1/cases/:case_id';

  it('a viewer reads, and asks for download links, and nothing else', () => {
    expect(collaboratorMay('viewer', 'GET', person)).toBe(true);
    expect(collaboratorMay('viewer', 'HEAD', theCase)).toBe(true);
    expect(collaboratorMay('viewer', 'POST', link)).toBe(true);
    for (const [method, path] of [['PATCH', person], ['DELETE', person], ['POST', '/v1/cases/:case_id/persons'], ['POST', collaborators], ['PATCH', theCase], ['DELETE', theCase], ['POST', '/v1/cases/:case_id/transfers/:transfer_id/cancel']]) {
      expect(collaboratorMay('viewer', method, path)).toBe(false);
    }
  });

  it('an editor writes everything but the collaborators and the deletion of the case', () => {
    expect(collaboratorMay('editor', 'PATCH', person)).toBe(true);
    expect(collaboratorMay('editor', 'PATCH', theCase)).toBe(true);
    expect(collaboratorMay('editor', 'POST', '/v1/cases/:case_id/transfers/:transfer_id/cancel')).toBe(true);
    expect(collaboratorMay('editor', 'DELETE', theCase)).toBe(false);
    expect(collaboratorMay('editor', 'POST', collaborators)).toBe(false);
    expect(collaboratorMay('editor', 'POST', resend)).toBe(false);
    expect(collaboratorMay('editor', 'GET', collaborators)).toBe(true);
  });

  it('a collaborator owner is an editor who also manages the collaborators', () => {
    expect(collaboratorMay('owner', 'POST', collaborators)).toBe(true);
    expect(collaboratorMay('owner', 'DELETE', `${collaborators}/:collaborator_id`)).toBe(true);
    expect(collaboratorMay('owner', 'POST', resend)).toBe(true);
    expect(collaboratorMay('owner', 'DELETE', theCase)).toBe(false);
  });
});
