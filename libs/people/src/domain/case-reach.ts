import type { CollaboratorStatus } from './collaborator';
import type { ProUserStatus } from './org-roles';

/** What decides whether a user reaches a case, as read from the people tables. */
export interface CaseReachFacts {
  /** The organization that owns the case; null when there is no such live case. */
  caseOrganizationId: string | null;
  /** The user; null when there is no such user. `organizationId` is null for a guest. */
  user: { organizationId: string | null; status: ProUserStatus; revoked: boolean } | null;
  /** The status of the user's collaborator record on that case, the accepted one first; null when there is none. */
  collaboratorStatus: CollaboratorStatus | null;
}

/**
 * Contract-extensions §13.1: a user reaches a case as a member of the organization that owns it (every role is
 * `owner` on every case of its organization) or as a collaborator of that case who accepted the invitation (a guest
 * is one too). Only an active user whose tokens were not revoked reaches anything — the same users the access guard
 * lets through.
 */
export function reachesCase(facts: CaseReachFacts): boolean {
  const { user, caseOrganizationId } = facts;
  if (user === null || caseOrganizationId === null || user.status !== 'active' || user.revoked) return false;
  if (user.organizationId !== null && user.organizationId === caseOrganizationId) return true;
  return facts.collaboratorStatus === 'accepted';
}
