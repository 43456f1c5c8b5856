import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { FieldCipher, JobQueue, ProviderSettings, runAsSystem, UnitOfWork } from '@estate/shared-kernel';
import { PeopleConfig } from './people-config';
import { InvitationEmails } from './ports/invitation-email.port';
import { PeopleStore } from './ports/people-store.port';

export const INVITATION_EMAIL_QUEUE = 'invitation-email';

type InvitationEmailJob = { invitation_id: string };

/**
 * Sends an invitation's e-mail through the comms context's e-mail port, in the background (no provider call inside the
 * HTTP request): the route enqueues one job of `invitation-email` in its own transaction; the job holds the invitation,
 * sends the code it kept encrypted, and forgets the code in the same transaction. A provider that throws is retried by
 * the queue (2, 4, 8… s); a second run of a sent job finds no code and sends nothing. `PROVIDER_PROCESSOR=off` keeps a
 * process from working it (tests step it with `processDue`).
 */
@Injectable()
export class InvitationMailer implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly settings: ProviderSettings,
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly store: PeopleStore,
    private readonly emails: InvitationEmails,
    private readonly config: PeopleConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.define<InvitationEmailJob>({
      name: INVITATION_EMAIL_QUEUE,
      enabled: this.settings.processor === 'on',
      retryLimit: 5,
      retryDelaySeconds: 2,
      expireInSeconds: 120,
      handle: (job) => RequestContext.create(this.em, () => runAsSystem('invitation_mailer', () => this.send(job.invitation_id))),
    });
  }

  enqueue(invitationId: string): Promise<void> {
    return this.jobs.enqueue(INVITATION_EMAIL_QUEUE, { invitation_id: invitationId }, { singletonKey: invitationId });
  }

  /** Runs the due jobs now, in this process (tests); answers how many ran. */
  processDue(limit = 50): Promise<number> {
    return this.jobs.runDue(INVITATION_EMAIL_QUEUE, limit);
  }

  private send(invitationId: string): Promise<void> {
    return this.uow.run(async () => {
      const invitation = await this.store.invitationById(invitationId);
      if (!invitation?.sealedCode || invitation.usedAt !== null) return;
      const code = FieldCipher.decrypt(invitation.sealedCode);
      await this.emails.send({
        id: invitation.id,
        to: invitation.email,
        from: this.config.senderAddress,
        subject: 'You are invited to Estate Desk',
        body:
          `You have been invited to join an organization on Estate Desk.\n\n` +
          `Accept with POST /v1/invitations/accept and the code below (or decline with POST /v1/invitations/decline). ` +
          `It works once, until ${invitation.expiresAt.toISOString()}.\n\n${code}\n`,
      });
      await this.store.updateInvitation({ ...invitation, sealedCode: null });
    });
  }
}
