import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { findRecords, ListPage, ListQuery, plainRows, RecordFields, runListQuery } from '@estate/shared-kernel';
import { InvitationRecord, PeopleStore, ProUser, UserReachFacts } from '../../application/ports/people-store.port';
import { Collaborator, CollaboratorStatus } from '../../domain/collaborator';
import type { ProUserStatus } from '../../domain/org-roles';
import { Invitation } from '../../domain/invitation';
import type { UserRecord } from '../../resources/pro-user-record';
import { AccessToken, Organization, UserSchema } from './people.schemas';

interface UserReachRow {
  user_organization_id: string | null;
  user_status: ProUserStatus;
  revoked: boolean;
  collaborator_status: CollaboratorStatus | null;
}

/**
 * The user and the user's collaborator record on the case (the accepted one first), in one statement on the caller's
 * connection: what `reachesCase` decides from beside the case's owner, which is the case context's answer.
 */
const USER_REACH_FACTS = `
  select u.organization_id as user_organization_id, u.status as user_status, u.revoked_at is not null as revoked,
         (select k.status from collaborators k where k.case_id = $1 and k.user_id = u.id
           order by k.status = 'accepted' desc limit 1) as collaborator_status
    from users u
   where u.id = $2`;

/** A member (a guest, without organization, is never read as one: `findUser` names an organization). */
function proUserOf(user: RecordFields<UserRecord>): ProUser {
  return { ...user, organizationId: user.organizationId ?? '', role: user.role ?? 'member' };
}

/** The people tables through MikroORM's unit of work: the injected entity manager is the running transaction's (ambient). */
@Injectable()
export class SqlPeopleStore extends PeopleStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async lockOrganization(organizationId: string): Promise<void> {
    await this.em.findOne(Organization, { id: organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  async organizationTier(organizationId: string): Promise<string | undefined> {
    return (await this.em.findOne(Organization, { id: organizationId }))?.tier;
  }

  async findUser(organizationId: string, userId: string): Promise<ProUser | undefined> {
    const [user] = await findRecords(this.em, UserSchema, [{ id: userId, organizationId }]);
    return user ? proUserOf(user) : undefined;
  }

  async findByEmail(email: string): Promise<ProUser | undefined> {
    const [user] = await findRecords(this.em, UserSchema, [{ email }]);
    return user ? proUserOf(user) : undefined;
  }

  async accountByEmail(email: string): Promise<{ id: string; organizationId: string | null } | undefined> {
    const [user] = await findRecords(this.em, UserSchema, [{ email }]);
    return user ? { id: user.id, organizationId: user.organizationId } : undefined;
  }

  async findGuest(userId: string): Promise<UserRecord | undefined> {
    const [user] = await findRecords(this.em, UserSchema, [{ id: userId, organizationId: null }]);
    return user;
  }

  async activeOwners(organizationId: string): Promise<number> {
    return this.em.count(UserSchema, { organizationId, role: 'owner', status: 'active' });
  }

  async insertGuest(guest: { id: string; email: string; firstName: string | null; lastName: string | null; now: Date }): Promise<void> {
    this.em.create(UserSchema, {
      id: guest.id,
      organizationId: null,
      email: guest.email,
      role: null,
      status: 'active',
      firstName: guest.firstName,
      lastName: guest.lastName,
      lastSeenAt: null,
      createdAt: guest.now,
      updatedAt: guest.now,
      revokedAt: null,
    });
    await this.em.flush();
  }

  async insertUser(user: ProUser): Promise<void> {
    this.em.create(UserSchema, user);
    await this.em.flush();
  }

  async updateUser(user: ProUser): Promise<void> {
    const row = await this.em.findOneOrFail(UserSchema, { id: user.id });
    Object.assign(row, { firstName: user.firstName, lastName: user.lastName, role: user.role, status: user.status, updatedAt: user.updatedAt });
    await this.em.flush();
  }

  async list(organizationId: string, query: ListQuery): Promise<ListPage<ProUser>> {
    const page = await runListQuery(this.em.fork(), UserSchema, { organizationId }, query);
    return { rows: page.rows.map(proUserOf), meta: page.meta };
  }

  async revokeTokens(userId: string, now: Date): Promise<number> {
    return this.em.nativeUpdate(AccessToken, { userId, revokedAt: null }, { revokedAt: now });
  }

  async insertToken(userId: string, tokenHash: string, now: Date): Promise<void> {
    this.em.create(AccessToken, { id: ulid(), userId, tokenHash, createdAt: now, revokedAt: null });
    await this.em.flush();
  }

  async insertInvitation(invitation: InvitationRecord): Promise<void> {
    this.em.create(Invitation, { ...invitation });
    await this.em.flush();
  }

  async invitationByHash(codeHash: string): Promise<InvitationRecord | undefined> {
    return (await this.em.findOne(Invitation, { codeHash }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })) ?? undefined;
  }

  async invitationById(id: string): Promise<InvitationRecord | undefined> {
    return (await this.em.findOne(Invitation, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })) ?? undefined;
  }

  async updateInvitation(invitation: InvitationRecord): Promise<void> {
    const row = await this.em.findOneOrFail(Invitation, { id: invitation.id });
    Object.assign(row, { usedAt: invitation.usedAt, outcome: invitation.outcome, sealedCode: invitation.sealedCode });
    await this.em.flush();
  }

  async closeOpenInvitationsOf(userId: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(Invitation, { userId, usedAt: null }, { usedAt: now, sealedCode: null });
  }

  async isMemberAddress(organizationId: string, email: string): Promise<boolean> {
    return (await this.em.count(UserSchema, { organizationId, email, status: { $in: ['active', 'invited'] } })) > 0;
  }

  async peekInvitation(codeHash: string): Promise<InvitationRecord | undefined> {
    return (await this.em.fork().findOne(Invitation, { codeHash })) ?? undefined;
  }

  async closeCollaboratorInvitations(caseId: string, email: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(Invitation, { kind: 'collaborator', caseId, email, usedAt: null }, { usedAt: now, sealedCode: null });
  }

  async pendingCollaboratorId(caseId: string, email: string): Promise<string | undefined> {
    return (await this.em.fork().findOne(Collaborator, { caseId, email, status: 'pending' }))?.id;
  }

  async userReachFacts(caseId: string, userId: string): Promise<UserReachFacts> {
    const [row] = await plainRows<UserReachRow>(this.em, USER_REACH_FACTS, [caseId, userId], { prepared: true });
    if (!row) return { user: null, collaboratorStatus: null };
    return {
      user: { organizationId: row.user_organization_id, status: row.user_status, revoked: row.revoked },
      collaboratorStatus: row.collaborator_status,
    };
  }
}
