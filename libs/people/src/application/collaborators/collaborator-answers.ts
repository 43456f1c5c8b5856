import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, NotFoundError } from '@estate/shared-kernel';
import { Collaborator } from '../../domain/collaborator';
import type { InvitationRecord } from '../ports/people-store.port';
import { PeopleStore } from '../ports/people-store.port';
import { PrincipalChanges } from '../ports/principal-changes.port';
import type { Accepted } from '../accepted-invitation';
import { GuestUsers } from './guest-users';

/**
 * The collaborator's side of `/v1/invitations/accept|decline` (contract-extensions §13.4). Each is one move of the
 * collaborator aggregate (the case row held first, `collaborator.status_changed` told in the same transaction), the
 * invitation held and checked again inside it: unknown, used or expired → `404 not_found`.
 */
@Injectable()
export class CollaboratorAnswers {
  constructor(
    @InjectResource('collaborator') private readonly resource: CaseResource<Collaborator>,
    private readonly writes: AggregateWrites,
    private readonly store: PeopleStore,
    private readonly principals: PrincipalChanges,
    private readonly guests: GuestUsers,
  ) {}

  /**
   * The case is granted to the existing user with the invited address (`token: null`: it keeps its own tokens), or to
   * a new guest user, who receives a token shown once; the collaborator becomes `accepted`.
   */
  async accept(peeked: InvitationRecord, codeHash: string): Promise<Accepted> {
    let accepted: Accepted | undefined;
    const collaboratorId = await this.pendingOf(peeked);
    await this.writes.change(this.resource, { caseId: peeked.caseId! }, collaboratorId, undefined, async (collaborator, clock, em) => {
      const now = clock.now();
      const invitation = await this.store.invitationByHash(codeHash);
      if (!invitation || invitation.usedAt !== null || invitation.expiresAt <= now || collaborator.statusAt(now) !== 'pending') throw new NotFoundError('invitation');
      await this.store.updateInvitation({ ...invitation, usedAt: now, outcome: 'accepted', sealedCode: null });
      const existing = await this.store.accountByEmail(collaborator.email);
      const user = existing ?? (await this.guests.create(collaborator, now));
      Object.assign(collaborator, { status: 'accepted', userId: user.id, acceptedAt: now, updatedAt: now });
      this.principals.afterCommit();
      accepted = { user_id: user.id, organization_id: user.organizationId, token: existing ? null : await this.guests.token(user.id, now) };
    });
    return accepted!;
  }

  /** The code is used up and the collaborator becomes `declined` (its address may be invited again). */
  async decline(peeked: InvitationRecord, codeHash: string): Promise<void> {
    const collaboratorId = await this.pendingOf(peeked);
    await this.writes.change(this.resource, { caseId: peeked.caseId! }, collaboratorId, undefined, async (collaborator, clock) => {
      const now = clock.now();
      const invitation = await this.store.invitationByHash(codeHash);
      if (!invitation || invitation.usedAt !== null || invitation.expiresAt <= now || collaborator.statusAt(now) !== 'pending') throw new NotFoundError('invitation');
      await this.store.updateInvitation({ ...invitation, usedAt: now, outcome: 'declined', sealedCode: null });
      Object.assign(collaborator, { status: 'declined', updatedAt: now });
    });
  }

  /** The collaborator the invitation was sent to, still waiting for an answer; else 404 (it was removed meanwhile). */
  private async pendingOf(invitation: InvitationRecord): Promise<string> {
    const id = invitation.caseId ? await this.store.pendingCollaboratorId(invitation.caseId, invitation.email) : undefined;
    if (!id) throw new NotFoundError('invitation');
    return id;
  }
}
