import { Module } from '@nestjs/common';
import { CommsModule } from '@estate/comms';
import { registerErrorCodes } from '@estate/shared-kernel';
import { InvitationMailer } from './application/invitation-mailer';
import { Invitations } from './application/invitations.service';
import { loadPeopleConfig, PeopleConfig } from './application/people-config';
import { InvitationEmails } from './application/ports/invitation-email.port';
import { PeopleStore } from './application/ports/people-store.port';
import { PrincipalChanges } from './application/ports/principal-changes.port';
import { ProUsers } from './application/pro-users.service';
import { InvitationsController, MeController, ProUsersController } from './http/pro-users.controller';
import { PrincipalChangesAfterCommit } from './infrastructure/principal-changes.adapter';
import { CommsInvitationEmails } from './infrastructure/comms-invitation-emails';
import { SqlPeopleStore } from './infrastructure/persistence/people.store';

registerErrorCodes({
  last_owner: { status: 409, explanation: 'The change would leave the organization without an active owner: make another member an owner first.' },
  already_invited: {
    status: 409,
    explanation: 'The address already belongs to an active or invited member of this organization (or to another organization); a deactivated member may be invited again.',
  },
});

/**
 * The people bounded context (issue 22, contract-extensions §13): the organization's members and their roles, the
 * one-time invitation codes (sent through the comms context's e-mail port) and `/v1/me`. Users and tokens are the
 * kernel's identity tables; the principal carries the role, so the kernel's guards and other contexts read it there.
 */
@Module({
  imports: [CommsModule],
  controllers: [ProUsersController, MeController, InvitationsController],
  providers: [
    { provide: PeopleConfig, useFactory: () => loadPeopleConfig(process.env) },
    { provide: PeopleStore, useClass: SqlPeopleStore },
    { provide: InvitationEmails, useClass: CommsInvitationEmails },
    { provide: PrincipalChanges, useClass: PrincipalChangesAfterCommit },
    ProUsers,
    Invitations,
    InvitationMailer,
  ],
  exports: [InvitationMailer],
})
export class PeopleModule {}
