import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import {
  assertIfMatch,
  Clock,
  ConflictError,
  EventOutbox,
  FieldCipher,
  ForbiddenError,
  ListQuery,
  NotFoundError,
  PageMeta,
  Principal,
  UnitOfWork,
  memberOrganizationOf,
} from '@estate/shared-kernel';
import { hashInvitationCode, manages, mayChangeRole, mayRename, newInvitationCode, OrgRole, removesLastOwner } from '../domain/org-roles';
import { InvitationMailer } from './invitation-mailer';
import { PeopleConfig } from './people-config';
import { PeopleStore, ProUser } from './ports/people-store.port';
import { PrincipalChanges } from './ports/principal-changes.port';
import { etagOfProUser, presentMe, presentProUser, previousOf } from './presentation';

export interface Presented {
  data: Record<string, unknown>;
  etag: string;
}

export interface InviteInput {
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  role?: OrgRole;
}

export interface ProUserPatch {
  first_name?: string | null;
  last_name?: string | null;
  role?: OrgRole;
}

const LAST_OWNER = 'The organization must keep at least one active owner; make someone else an owner first.';

/**
 * The organization's members (contract-extensions §13.2): any member reads them; owners and admins invite and
 * deactivate; names by the user or a manager; roles by an owner (an admin only between member and admin). Every role or
 * status change holds the organization's row first, so two changes that would each leave one owner run one after the
 * other and the second sees the first (`409 last_owner`).
 */
@Injectable()
export class ProUsers {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: PeopleStore,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly config: PeopleConfig,
    private readonly mailer: InvitationMailer,
    private readonly principals: PrincipalChanges,
  ) {}

  async list(principal: Principal, query: ListQuery): Promise<{ data: Record<string, unknown>[]; meta: PageMeta }> {
    const page = await this.store.list(memberOrganizationOf(principal), query);
    return { data: page.rows.map(presentProUser), meta: page.meta };
  }

  async get(principal: Principal, userId: string): Promise<Presented> {
    return this.uow.run(async () => {
      const user = await this.load(principal, userId);
      return { data: presentProUser(user), etag: etagOfProUser(user) };
    });
  }

  /** An `invited` member and its one-time code (shown here only; the invitation e-mail carries it too). */
  async invite(principal: Principal, input: InviteInput): Promise<Presented> {
    if (!manages(principal.orgRole)) throw new ForbiddenError('Only owners and admins invite pro users.');
    const role = input.role ?? 'member';
    if (!mayChangeRole(principal.orgRole, 'member', role)) throw new ForbiddenError('Only owners invite owners.');
    const email = input.email.trim().toLowerCase();
    return this.uow.run(async (em) => {
      await this.store.lockOrganization(memberOrganizationOf(principal));
      const now = this.clock.now();
      const existing = await this.store.findByEmail(email);
      if (existing && (existing.organizationId !== memberOrganizationOf(principal) || existing.status !== 'deactivated')) {
        throw new ConflictError(
          'already_invited',
          existing.organizationId === memberOrganizationOf(principal) ? `${email} is already ${existing.status} in this organization.` : `${email} already belongs to another organization.`,
        );
      }
      let user: ProUser;
      if (existing) {
        // A deactivated (or declined) member is invited again: the same user, back to `invited`.
        const before = presentProUser(existing);
        user = { ...existing, role, status: 'invited', firstName: input.first_name ?? existing.firstName, lastName: input.last_name ?? existing.lastName, updatedAt: now };
        await this.store.updateUser(user);
        await this.store.closeOpenInvitationsOf(user.id, now);
        await this.tell(em, user, 'pro_user.status_changed', previousOf(before, presentProUser(user)));
      } else {
        user = {
          id: ulid(),
          organizationId: memberOrganizationOf(principal),
          email,
          firstName: input.first_name ?? null,
          lastName: input.last_name ?? null,
          role,
          status: 'invited',
          lastSeenAt: null,
          createdAt: now,
          updatedAt: now,
          revokedAt: null,
        };
        await this.store.insertUser(user);
        await this.tell(em, user, 'pro_user.created');
      }
      const code = newInvitationCode();
      const invitationId = ulid();
      await this.store.insertInvitation({
        id: invitationId,
        kind: 'pro_user',
        organizationId: memberOrganizationOf(principal),
        userId: user.id,
        caseId: null,
        email,
        codeHash: hashInvitationCode(code),
        sealedCode: FieldCipher.encrypt(code),
        invitedBy: principal.userId,
        expiresAt: new Date(now.getTime() + this.config.invitationTtlSeconds * 1000),
        usedAt: null,
        outcome: null,
        createdAt: now,
      });
      await this.mailer.enqueue(invitationId);
      return { data: { ...presentProUser(user), invitation_code: code }, etag: etagOfProUser(user) };
    });
  }

  async patch(principal: Principal, userId: string, patch: ProUserPatch, ifMatch: string | undefined): Promise<Presented> {
    return this.uow.run(async (em) => {
      if (patch.role !== undefined) await this.store.lockOrganization(memberOrganizationOf(principal));
      const user = await this.load(principal, userId);
      assertIfMatch(ifMatch, etagOfProUser(user));
      const renames = patch.first_name !== undefined || patch.last_name !== undefined;
      if (renames && !mayRename({ userId: principal.userId, role: principal.orgRole }, user.id)) {
        throw new ForbiddenError('Only the user themself, an owner or an admin changes a name.');
      }
      const changesRole = patch.role !== undefined && patch.role !== user.role;
      if (patch.role !== undefined && !(changesRole ? mayChangeRole(principal.orgRole, user.role, patch.role) : manages(principal.orgRole))) {
        throw new ForbiddenError(principal.orgRole === 'admin' ? 'An admin moves members between member and admin only.' : 'Only owners change roles.');
      }
      const next: ProUser = {
        ...user,
        firstName: patch.first_name !== undefined ? patch.first_name : user.firstName,
        lastName: patch.last_name !== undefined ? patch.last_name : user.lastName,
        role: patch.role ?? user.role,
      };
      if (changesRole && removesLastOwner(user, next, await this.store.activeOwners(memberOrganizationOf(principal)))) {
        throw new ConflictError('last_owner', LAST_OWNER);
      }
      const before = presentProUser(user);
      const previous = previousOf(before, presentProUser(next));
      if (previous === undefined) return { data: before, etag: etagOfProUser(user) };
      next.updatedAt = this.clock.now();
      await this.store.updateUser(next);
      if (changesRole) this.principals.afterCommit();
      await this.tell(em, next, 'pro_user.updated', previous);
      return { data: presentProUser(next), etag: etagOfProUser(next) };
    });
  }

  /** `deactivated`, its tokens revoked in the same transaction (every process refuses them once it commits). */
  async deactivate(principal: Principal, userId: string): Promise<Presented> {
    if (!manages(principal.orgRole)) throw new ForbiddenError('Only owners and admins deactivate pro users.');
    return this.uow.run(async (em) => {
      await this.store.lockOrganization(memberOrganizationOf(principal));
      const user = await this.load(principal, userId);
      if (user.role === 'owner' && principal.orgRole !== 'owner') throw new ForbiddenError('Only owners deactivate an owner.');
      if (user.status === 'deactivated') return { data: presentProUser(user), etag: etagOfProUser(user) };
      const next: ProUser = { ...user, status: 'deactivated', updatedAt: this.clock.now() };
      if (removesLastOwner(user, next, await this.store.activeOwners(memberOrganizationOf(principal)))) throw new ConflictError('last_owner', LAST_OWNER);
      await this.store.updateUser(next);
      await this.store.revokeTokens(user.id, next.updatedAt);
      await this.store.closeOpenInvitationsOf(user.id, next.updatedAt);
      this.principals.afterCommit();
      await this.tell(em, next, 'pro_user.status_changed', previousOf(presentProUser(user), presentProUser(next)));
      return { data: presentProUser(next), etag: etagOfProUser(next) };
    });
  }

  /** `GET /v1/me` (§13.4). */
  async me(principal: Principal): Promise<Record<string, unknown>> {
    return this.uow.run(async () => {
      // A guest (contract-extensions §13.1) has no organization: null organization, role and tier.
      const user = principal.organizationId === null ? await this.store.findGuest(principal.userId) : await this.load(principal, principal.userId);
      if (!user) throw new NotFoundError('user');
      return { ...presentMe(user), organization_id: principal.organizationId, org_role: principal.orgRole, tier: principal.tier };
    });
  }

  private async load(principal: Principal, userId: string): Promise<ProUser> {
    const user = await this.store.findUser(memberOrganizationOf(principal), userId);
    if (!user) throw new NotFoundError('pro user');
    return user;
  }

  async tell(em: EntityManager, user: ProUser, type: string, previousAttributes?: Record<string, unknown>, actorId?: string): Promise<void> {
    await this.outbox.emit(em, {
      type,
      caseId: null,
      organizationId: user.organizationId,
      object: presentProUser(user),
      previousAttributes,
      actor: actorId ? { type: 'user', id: actorId } : undefined,
    });
  }
}
