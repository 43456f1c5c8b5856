import { Injectable } from '@nestjs/common';
import { Clock, generateAccessToken, hashAccessToken, NotFoundError, UnitOfWork } from '@estate/shared-kernel';
import { hashInvitationCode, looksLikeInvitationCode } from '../domain/org-roles';
import { InvitationRecord, PeopleStore, ProUser } from './ports/people-store.port';
import { presentProUser, previousOf } from './presentation';
import { ProUsers } from './pro-users.service';
import { PrincipalChanges } from './ports/principal-changes.port';
import { CollaboratorAnswers } from './collaborators/collaborator-answers';
import type { Accepted } from './accepted-invitation';

export type { Accepted };

/**
 * Accepting or declining an invitation code (contract-extensions §13.4), without `Authorization`: the code is the
 * credential, used once. An unknown, used or expired code is `404 not_found` (which of the three is not told).
 */
@Injectable()
export class Invitations {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: PeopleStore,
    private readonly clock: Clock,
    private readonly proUsers: ProUsers,
    private readonly principals: PrincipalChanges,
    private readonly collaborators: CollaboratorAnswers,
  ) {}

  /**
   * The invited pro user becomes `active` and receives a token, shown once; a collaborator invitation is answered by
   * the collaborators' use case (the case is granted, `collaborator.status_changed`).
   */
  async accept(code: string): Promise<Accepted> {
    const collaborator = await this.collaboratorInvitation(code);
    if (collaborator) return this.collaborators.accept(collaborator, hashInvitationCode(code));
    return this.uow.run(async (em) => {
      const { invitation, user, now } = await this.open(code);
      await this.store.updateInvitation({ ...invitation, usedAt: now, outcome: 'accepted', sealedCode: null });
      const active: ProUser = { ...user, status: 'active', updatedAt: now };
      await this.store.updateUser(active);
      const token = generateAccessToken();
      await this.store.insertToken(user.id, hashAccessToken(token), now);
      this.principals.afterCommit();
      await this.proUsers.tell(em, active, 'pro_user.status_changed', previousOf(presentProUser(user), presentProUser(active)), user.id);
      return { user_id: user.id, organization_id: user.organizationId, token };
    });
  }

  /**
   * The invitation is used up and the invited pro user becomes `deactivated` (kept, like every user, for the audit
   * trail): its e-mail may be invited again, which brings the same user back to `invited`.
   */
  async decline(code: string): Promise<void> {
    const collaborator = await this.collaboratorInvitation(code);
    if (collaborator) return this.collaborators.decline(collaborator, hashInvitationCode(code));
    return this.uow.run(async (em) => {
      const { invitation, user, now } = await this.open(code);
      await this.store.updateInvitation({ ...invitation, usedAt: now, outcome: 'declined', sealedCode: null });
      const declined: ProUser = { ...user, status: 'deactivated', updatedAt: now };
      await this.store.updateUser(declined);
      await this.proUsers.tell(em, declined, 'pro_user.status_changed', previousOf(presentProUser(user), presentProUser(declined)), user.id);
    });
  }

  /** The collaborator invitation of this code, read without holding it (its use case holds it after the case row). */
  private async collaboratorInvitation(code: string): Promise<InvitationRecord | undefined> {
    if (!looksLikeInvitationCode(code)) return undefined;
    const invitation = await this.store.peekInvitation(hashInvitationCode(code));
    return invitation?.kind === 'collaborator' ? invitation : undefined;
  }

  /** The live invitation of this code, held, with its invited user still `invited`; else 404. */
  private async open(code: string): Promise<{ invitation: InvitationRecord; user: ProUser; now: Date }> {
    if (!looksLikeInvitationCode(code)) throw new NotFoundError('invitation');
    const invitation = await this.store.invitationByHash(hashInvitationCode(code));
    const now = this.clock.now();
    if (!invitation || invitation.usedAt !== null || invitation.expiresAt <= now || invitation.kind !== 'pro_user' || !invitation.userId) {
      throw new NotFoundError('invitation');
    }
    await this.store.lockOrganization(invitation.organizationId);
    const user = await this.store.findUser(invitation.organizationId, invitation.userId);
    if (!user || user.status !== 'invited') throw new NotFoundError('invitation');
    return { invitation, user, now };
  }
}
