import { Module, OnModuleInit } from '@nestjs/common';
import { PEOPLE_PARTS } from './people.parts';
import { CaseModule, CaseReach } from '@estate/case';
import { CommsModule } from '@estate/comms';
import { CaseResourceModule, PrincipalDirectory, registerErrorCodes } from '@estate/shared-kernel';
import {
  CollaboratorInvitationCodes,
  CreateCollaborator,
  PatchCollaborator,
  RemoveCollaborator,
  ResendCollaboratorInvitation,
} from './application/collaborators/collaborator-writes';
import { CollaboratorAnswers } from './application/collaborators/collaborator-answers';
import { GuestUsers } from './application/collaborators/guest-users';
import { collaboratorResource } from './resources/collaborator.resource';
import { InvitationMailer } from './application/invitation-mailer';
import { Invitations } from './application/invitations.service';
import { loadPeopleConfig, PeopleConfig } from './application/people-config';
import { InvitationEmails } from './application/ports/invitation-email.port';
import { PeopleStore } from './application/ports/people-store.port';
import { PrincipalChanges } from './application/ports/principal-changes.port';
import { ProUsers } from './application/pro-users.service';
import { PrincipalChangesAfterCommit } from './infrastructure/principal-changes.adapter';
import { CommsInvitationEmails } from './infrastructure/comms-invitation-emails';
import { SqlPeopleStore } from './infrastructure/persistence/people.store';
import { SqlPrincipalDirectory } from './infrastructure/persistence/sql-principal-directory';
import { CaseReachability } from './application/case-reachability';

registerErrorCodes({
  last_owner: { status: 409, explanation: 'The change would leave the organization without an active owner: make another member an owner first.' },
  already_invited: {
    status: 409,
    explanation:
      'The address already belongs to an active or invited member of this organization (or to another organization); a deactivated member may be invited again. ' +
      'For a collaborator: the address belongs to a member of the organization that owns the case, or to a collaborator of the case who has neither declined nor expired.',
  },
});

/**
 * The people bounded context (issue 22, contract-extensions §13): the organization's members and their roles, the
 * one-time invitation codes (sent through the comms context's e-mail port) and `/v1/me`. It maps the identity tables
 * (users, from their declaration; organizations; access tokens) and answers the kernel's `PrincipalDirectory` (who
 * holds a token, in plain statements); the principal carries the role, so the kernel's guards and other contexts read
 * it there. The operator's invitation and revocation (`OperatorEnrolment`) are its too.
 */
@Module({
  imports: [CaseModule, CommsModule, CaseResourceModule.forResources([collaboratorResource])],
  controllers: PEOPLE_PARTS.controllers,
  providers: [
    { provide: PeopleConfig, useFactory: () => loadPeopleConfig(process.env) },
    { provide: PeopleStore, useClass: SqlPeopleStore },
    // The kernel's authentication asks it who holds a token (found at the first request, as CaseOwnership is).
    { provide: PrincipalDirectory, useClass: SqlPrincipalDirectory },
    { provide: InvitationEmails, useClass: CommsInvitationEmails },
    { provide: PrincipalChanges, useClass: PrincipalChangesAfterCommit },
    ProUsers,
    Invitations,
    InvitationMailer,
    CollaboratorInvitationCodes,
    CreateCollaborator,
    PatchCollaborator,
    RemoveCollaborator,
    ResendCollaboratorInvitation,
    CollaboratorAnswers,
    GuestUsers,
    CaseReachability,
  ],
  exports: [InvitationMailer],
})
export class PeopleModule implements OnModuleInit {
  constructor(
    private readonly caseReach: CaseReach,
    private readonly reachability: CaseReachability,
  ) {}

  onModuleInit(): void {
    // The case context asks who can reach a case (a goal's assignee, contract-extensions §12.8); §13.1 is decided here.
    this.caseReach.answerWith((caseId, userId) => this.reachability.reaches(caseId, userId));
  }
}
