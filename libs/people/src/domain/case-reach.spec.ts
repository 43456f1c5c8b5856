import { CaseReachFacts, reachesCase } from './case-reach';

const ORG = '01JORG0000000000000000000A';
const OTHER = '01JORG0000000000000000000B';
const member = (organizationId: string | null, changes: Partial<NonNullable<CaseReachFacts['user']>> = {}) => ({ organizationId, status: 'active' as const, revoked: false, ...changes });

describe('reachesCase (contract-extensions §13.1)', () => {
  it('lets in an active member of the owning organization, whatever the collaborator records', () => {
    expect(reachesCase({ caseOrganizationId: ORG, user: member(ORG), collaboratorStatus: null })).toBe(true);
  });

  it('lets in an accepted collaborator of the case: a member of another organization, or a guest', () => {
    expect(reachesCase({ caseOrganizationId: ORG, user: member(OTHER), collaboratorStatus: 'accepted' })).toBe(true);
    expect(reachesCase({ caseOrganizationId: ORG, user: member(null), collaboratorStatus: 'accepted' })).toBe(true);
  });

  it('keeps out a member of another organization, and a collaborator who has not accepted', () => {
    expect(reachesCase({ caseOrganizationId: ORG, user: member(OTHER), collaboratorStatus: null })).toBe(false);
    for (const status of ['pending', 'declined', 'expired'] as const) {
      expect(reachesCase({ caseOrganizationId: ORG, user: member(OTHER), collaboratorStatus: status })).toBe(false);
    }
  });

  it('keeps out users who cannot sign in (invited, deactivated, revoked), unknown users and a case that is not there', () => {
    expect(reachesCase({ caseOrganizationId: ORG, user: member(ORG, { status: 'invited' }), collaboratorStatus: null })).toBe(false);
    expect(reachesCase({ caseOrganizationId: ORG, user: member(ORG, { status: 'deactivated' }), collaboratorStatus: null })).toBe(false);
    expect(reachesCase({ caseOrganizationId: ORG, user: member(null, { revoked: true }), collaboratorStatus: 'accepted' })).toBe(false);
    expect(reachesCase({ caseOrganizationId: ORG, user: null, collaboratorStatus: null })).toBe(false);
    expect(reachesCase({ caseOrganizationId: null, user: member(ORG), collaboratorStatus: null })).toBe(false);
  });
});
