import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CaseResource, InjectResource, ProviderStepQueue, ProviderSteps } from '@estate/shared-kernel';
import { Email, recordDeliveryStep, recordProviderUnavailable } from '../domain/email';
import { EmailProvider } from './ports/email-provider.port';

export const EMAIL_STEP_QUEUE = 'email-step';

/**
 * Advances emails through their provider in the background (contract-extensions §11.4), one job of the `email-step`
 * queue per step (the kernel's `ProviderSteps`): `send` a queued email, `track` an accepted one. A provider that cannot
 * be reached is retried after 1, 2, 4, 8 and 16 s (the email's own back-off), then the email fails with
 * `provider_unavailable`.
 */
@Injectable()
export class EmailDeliveryProcessor implements OnModuleInit {
  private readonly logger = new Logger('EmailDeliveryProcessor');
  private steps!: ProviderStepQueue<Email>;

  constructor(
    @InjectResource('email') private readonly resource: CaseResource<Email>,
    private readonly provider: EmailProvider,
    private readonly providerSteps: ProviderSteps,
  ) {}

  onModuleInit(): void {
    this.steps = this.providerSteps.define<Email>({
      queue: EMAIL_STEP_QUEUE,
      resource: this.resource,
      actor: 'email_processor',
      advance: (email, now) => this.advance(email, now),
    });
  }

  /** Schedules a new email's first step, in the transaction that stores it. */
  scheduleFirst(em: EntityManager, email: { id: string }, now: Date): Promise<void> {
    return this.steps.schedule(em, { id: email.id, status: 'queued' }, now);
  }

  /** Runs the due steps now (at most `limit`); answers how many jobs ran. */
  processDue(limit = 50): Promise<number> {
    return this.steps.runDue(limit);
  }

  /** One provider call; false when the provider had nothing new to report. */
  private async advance(email: Email, now: Date): Promise<boolean> {
    try {
      if (email.status === 'queued') {
        const accepted = await this.provider.send({ id: email.id, to: email.to, from: email.from, subject: email.subject, body: email.body });
        email.provider = this.provider.name;
        email.messageId = accepted.messageId;
        recordDeliveryStep(email, accepted, now);
        return true;
      }
      const report = email.messageId ? await this.provider.track({ messageId: email.messageId, to: email.to, status: email.status }) : null;
      if (!report) return false;
      recordDeliveryStep(email, report, now);
    } catch (error) {
      this.logger.warn({ err: error, email_id: email.id }, 'email provider unreachable; will retry');
      recordProviderUnavailable(email, now);
    }
    return true;
  }
}
