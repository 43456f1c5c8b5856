import { Injectable } from '@nestjs/common';
import { CaseResource, InjectResource, ProviderProcessor, ProviderProcessorSteps, ProviderSteps } from '@estate/shared-kernel';
import { EmailDelivery, recordDeliveryStep, recordProviderUnavailable } from '../domain/email';
import { EmailProvider } from './ports/email-provider.port';

export const EMAIL_STEP_QUEUE = 'email-step';

/**
 * Advances emails through their provider in the background (contract-extensions §11.4), one job of the `email-step`
 * queue per step (the kernel's `ProviderSteps`): `send` a queued email, `track` an accepted one. A provider that cannot
 * be reached is retried after 1, 2, 4, 8 and 16 s (the email's own back-off), then the email fails with
 * `provider_unavailable`.
 */
@Injectable()
export class EmailDeliveryProcessor extends ProviderProcessor<EmailDelivery> {
  constructor(
    @InjectResource('email') private readonly resource: CaseResource<EmailDelivery>,
    private readonly provider: EmailProvider,
    providerSteps: ProviderSteps,
  ) {
    super(providerSteps);
  }

  protected describeSteps(): ProviderProcessorSteps<EmailDelivery> {
    return { queue: EMAIL_STEP_QUEUE, resource: this.resource, actor: 'email_processor', firstStatus: 'queued', logAs: { provider: 'email', id: 'email_id' } };
  }

  /** One provider call; false when the provider had nothing new to report. */
  protected async advance(email: EmailDelivery, now: Date): Promise<boolean> {
    const moved = await this.callProvider(
      email,
      async () => {
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
        return true;
      },
      () => recordProviderUnavailable(email, now),
    );
    return moved !== false;
  }
}
