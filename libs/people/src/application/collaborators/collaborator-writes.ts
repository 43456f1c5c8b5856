import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ulid } from 'ulid';
import {
  AggregateWrites,
  CaseOwnership,
  CaseResource,
  Clock,
  ConflictError,
  CreateUseCase,
  FieldCipher,
  InjectResource,
  JsonObject,
  NotFoundError,
  PatchUseCase,
  RemoveUseCase,
  currentActor,
  SingleResource,
} from '@estate/shared-kernel';
import type { CollaboratorRole } from '@estate/shared-kernel/domain';
import { Collaborator } from '../../domain/collaborator';
import { hashInvitationCode, newInvitationCode } from '../../domain/org-roles';
import { InvitationMailer } from '../invitation-mailer';
import { PeopleConfig } from '../people-config';
import { PeopleStore } from '../ports/people-store.port';
import { PrincipalChanges } from '../ports/principal-changes.port';

type Scope = { caseId: string } & Record<string, string>;

const ALREADY_INVITED = 'The address already belongs to a member of the organization that owns the case, or to a collaborator of the case who has neither declined nor expired.';

/**
 * The invitation of a collaborator: a new one-time code (its hash stored, the code sealed for the invitation e-mail
 * job), the previous open codes of this address on this case closed. Answers the code, to be shown once.
 */
@Injectable()
export class CollaboratorInvitationCodes {
  constructor(
    private readonly store: PeopleStore,
    private readonly mailer: InvitationMailer,
    private readonly config: PeopleConfig,
  ) {}

  expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.config.invitationTtlSeconds * 1000);
  }

  async issue(collaborator: Collaborator, now: Date): Promise<string> {
    await this.store.closeCollaboratorInvitations(collaborator.caseId, collaborator.email, now);
    const code = newInvitationCode();
    const invitationId = ulid();
    await this.store.insertInvitation({
      id: invitationId,
      kind: 'collaborator',
      organizationId: collaborator.organizationId,
      userId: null,
      caseId: collaborator.caseId,
      email: collaborator.email,
      codeHash: hashInvitationCode(code),
      sealedCode: FieldCipher.encrypt(code),
      invitedBy: collaborator.invitedBy,
      expiresAt: collaborator.invitationExpiresAt,
      usedAt: null,
      outcome: null,
      createdAt: now,
    });
    await this.mailer.enqueue(invitationId);
    return code;
  }
}

/** The user whose token invites (a system actor has no user). */
function invitedBy(): string | null {
  const actor = currentActor();
  return actor.type === 'user' ? actor.id : null;
}

function withCode(presented: SingleResource, code: string): SingleResource {
  (presented.data as Record<string, unknown>).invitation_code = code;
  return presented;
}

/**
 * `POST …/collaborators` (contract-extensions §13.3): a `pending` collaborator and its invitation (e-mailed by the
 * invitation job); `409 already_invited` when the address is a member of the owning organization or a collaborator of
 * the case who has neither declined nor expired.
 */
@Injectable()
export class CreateCollaborator implements CreateUseCase {
  constructor(
    @InjectResource('collaborator') private readonly resource: CaseResource<Collaborator>,
    private readonly writes: AggregateWrites,
    private readonly moduleRef: ModuleRef,
    private readonly store: PeopleStore,
    private readonly codes: CollaboratorInvitationCodes,
  ) {}

  /** The kernel's port, bound by the case context (resolved as the access guard resolves it). */
  private get ownership(): CaseOwnership {
    return this.moduleRef.get(CaseOwnership, { strict: false });
  }

  async execute(scope: Scope, body: JsonObject): Promise<SingleResource> {
    const email = String(body.email).trim().toLowerCase();
    let code = '';
    const presented = await this.writes.add(this.resource, scope, async (clock, em) => {
      const organizationId = await this.ownership.organizationOf(scope.caseId);
      if (!organizationId) throw new NotFoundError('case');
      const now = clock.now();
      const others = await em.find(Collaborator, { caseId: scope.caseId, email });
      if ((await this.store.isMemberAddress(organizationId, email)) || others.some((other) => other.holdsInvitation(now))) {
        throw new ConflictError('already_invited', ALREADY_INVITED);
      }
      const collaborator = Object.assign(new Collaborator(), {
        id: ulid(),
        caseId: scope.caseId,
        organizationId,
        email,
        firstName: (body.first_name as string | null | undefined) ?? null,
        lastName: (body.last_name as string | null | undefined) ?? null,
        role: body.role as CollaboratorRole,
        status: 'pending' as const,
        userId: null,
        invitedBy: invitedBy(),
        message: (body.message as string | null | undefined) ?? null,
        invitationExpiresAt: this.codes.expiryFrom(now),
        acceptedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      code = await this.codes.issue(collaborator, now);
      return collaborator;
    });
    return withCode(presented, code);
  }
}

/** `PATCH …/collaborators/{id}` (role only): an accepted collaborator's next request already has the new role. */
@Injectable()
export class PatchCollaborator implements PatchUseCase {
  constructor(
    @InjectResource('collaborator') private readonly resource: CaseResource<Collaborator>,
    private readonly writes: AggregateWrites,
    private readonly principals: PrincipalChanges,
  ) {}

  execute(scope: Scope, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.resource, scope, id, ifMatch, (collaborator, clock) => {
      if (patch.role !== undefined && patch.role !== collaborator.role) {
        collaborator.role = patch.role as CollaboratorRole;
        collaborator.updatedAt = clock.now();
        this.principals.afterCommit();
      }
    });
  }
}

/** `DELETE …/collaborators/{id}`: its open invitation is voided, and every process refuses its next request. */
@Injectable()
export class RemoveCollaborator implements RemoveUseCase {
  constructor(
    @InjectResource('collaborator') private readonly resource: CaseResource<Collaborator>,
    private readonly writes: AggregateWrites,
    private readonly store: PeopleStore,
    private readonly clock: Clock,
    private readonly principals: PrincipalChanges,
  ) {}

  execute(scope: Scope, id: string, ifMatch: string | undefined): Promise<void> {
    return this.writes.remove(this.resource, scope, id, ifMatch, async (collaborator) => {
      await this.store.closeCollaboratorInvitations(collaborator.caseId, collaborator.email, this.clock.now());
      this.principals.afterCommit();
    });
  }
}

/** `POST …/collaborators/{id}/resend`: from `pending` or `expired`, a new code and expiry; otherwise `409 invalid_state`. */
@Injectable()
export class ResendCollaboratorInvitation {
  constructor(
    @InjectResource('collaborator') private readonly resource: CaseResource<Collaborator>,
    private readonly writes: AggregateWrites,
    private readonly codes: CollaboratorInvitationCodes,
  ) {}

  async execute(scope: Scope, id: string, ifMatch: string | undefined): Promise<SingleResource> {
    let code = '';
    const presented = await this.writes.change(
      this.resource,
      scope,
      id,
      ifMatch,
      async (collaborator, clock) => {
        if (!collaborator.mayResend()) {
          const message = `A ${collaborator.status} collaborator's invitation cannot be sent again; only a pending or expired one can.`;
          throw new ConflictError('invalid_state', message, [{ field: 'status', message, reason: 'conflict' }]);
        }
        const now = clock.now();
        collaborator.invitationExpiresAt = this.codes.expiryFrom(now);
        collaborator.updatedAt = now;
        code = await this.codes.issue(collaborator, now);
      },
      { lock: true },
    );
    return withCode(presented, code);
  }
}
