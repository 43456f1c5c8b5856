import type { ListPage, ListQuery } from '@estate/shared-kernel';
import type { CaseReachFacts } from '../../domain/case-reach';
import type { Invitation } from '../../domain/invitation';
import type { OrgRole } from '../../domain/org-roles';
import type { UserRecord } from '../../resources/pro-user-record';

/** A member of an organization as the people context reads and writes it: a user with an organization and a role. */
export type ProUser = Omit<UserRecord, 'organizationId' | 'role'> & { organizationId: string; role: OrgRole };

/** What decides whether a user reaches a case (§13.1) beside the case's owner, which the case context answers. */
export type UserReachFacts = Omit<CaseReachFacts, 'caseOrganizationId'>;

/** An invitation as the store hands it (a plain copy of the row). */
export type InvitationRecord = Invitation;

/** The people context's tables: the users (its declaration), organizations, tokens and invitations. Reads and writes join the running transaction (ambient). */
export abstract class PeopleStore {
  /** Holds the organization's row until commit: role and status changes of one organization run one at a time. */
  abstract lockOrganization(organizationId: string): Promise<void>;
  abstract organizationTier(organizationId: string): Promise<string | undefined>;
  abstract findUser(organizationId: string, userId: string): Promise<ProUser | undefined>;
  /** The user with this e-mail in any organization (e-mails are unique across the service). */
  abstract findByEmail(email: string): Promise<ProUser | undefined>;
  /** Whoever holds this address, member or guest (e-mails are unique across the service). */
  abstract accountByEmail(email: string): Promise<{ id: string; organizationId: string | null } | undefined>;
  /** A guest user by id (for `/v1/me`). */
  abstract findGuest(userId: string): Promise<UserRecord | undefined>;
  abstract activeOwners(organizationId: string): Promise<number>;
  /** A guest: a user without an organization (nor role), active at once. */
  abstract insertGuest(guest: { id: string; email: string; firstName: string | null; lastName: string | null; now: Date }): Promise<void>;
  abstract insertUser(user: ProUser): Promise<void>;
  abstract updateUser(user: ProUser): Promise<void>;
  abstract list(organizationId: string, query: ListQuery): Promise<ListPage<ProUser>>;
  /** Revokes every live token of the user; answers how many. */
  abstract revokeTokens(userId: string, now: Date): Promise<number>;
  abstract insertToken(userId: string, tokenHash: string, now: Date): Promise<void>;
  abstract insertInvitation(invitation: InvitationRecord): Promise<void>;
  /** The invitation with this code hash, its row held. */
  abstract invitationByHash(codeHash: string): Promise<InvitationRecord | undefined>;
  abstract invitationById(id: string): Promise<InvitationRecord | undefined>;
  abstract updateInvitation(invitation: InvitationRecord): Promise<void>;
  /** Whether this address is an active or invited member of the organization (a collaborator invitation is then refused). */
  abstract isMemberAddress(organizationId: string, email: string): Promise<boolean>;
  /** The invitation with this code hash, read without holding it (to learn its kind before the right use case holds it). */
  abstract peekInvitation(codeHash: string): Promise<InvitationRecord | undefined>;
  /** Ends the open collaborator invitations of this address on this case (a resend or a removal replaces or voids them). */
  abstract closeCollaboratorInvitations(caseId: string, email: string, now: Date): Promise<void>;
  /** The `pending` collaborator of this address on this case, if any (read without holding it). */
  abstract pendingCollaboratorId(caseId: string, email: string): Promise<string | undefined>;
  /** Ends the user's open invitations (a new one replaces them, a deactivation voids them). */
  abstract closeOpenInvitationsOf(userId: string, now: Date): Promise<void>;
  /** The user and its collaborator record on the case (§13.1), read on the caller's connection (its transaction's). */
  abstract userReachFacts(caseId: string, userId: string): Promise<UserReachFacts>;
}
