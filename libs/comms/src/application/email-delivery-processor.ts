import { EntityManager } from '@mikro-orm/postgresql';
import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CaseResource, CaseResourceReader, Clock, ResourceEvents, runAsSystem, subjectOf } from '@estate/shared-kernel';
import { Email, recordDeliveryStep, recordProviderUnavailable } from '../domain/email';
import { CommsConfig } from './comms-config';
import { EmailProvider } from './ports/email-provider.port';

/**
 * Advances emails through their provider in the background (contract-extensions §11.4), until the job queue of a
 * later issue takes over: every `EMAIL_POLL_INTERVAL_MS` it claims due emails with `SELECT … FOR UPDATE SKIP LOCKED`
 * — so several API processes never take the same step twice — and takes one step of each: `send` a queued email,
 * `track` an accepted one. An email is due `PROVIDER_STEP_DELAY_MS` after its last step. State lives in the row, so a
 * process that dies mid-step leaves the email to the next poll. It never takes the case lock (lock order: a case
 * row is never locked after a claimed row). `PROVIDER_PROCESSOR=off` keeps a process from running it.
 */
export class EmailDeliveryProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EmailDeliveryProcessor');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly resource: CaseResource<Email>,
    private readonly em: EntityManager,
    private readonly provider: EmailProvider,
    private readonly clock: Clock,
    private readonly config: CommsConfig,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.processor === 'off') return;
    this.timer = setInterval(() => this.poll(), this.config.pollIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    // A step in flight finishes and commits; the next process picks up whatever is still due.
    await this.running;
  }

  /** One poll unless one is still running. */
  poll(): Promise<unknown> {
    if (this.running) return this.running;
    this.running = runAsSystem('email_processor', () => this.processDue())
      .catch((error: unknown) => this.logger.warn({ err: error }, 'email delivery poll failed; retried at the next interval'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Claims the due emails of one batch and takes one step of each; returns how many it advanced. */
  processDue(): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const now = this.clock.now();
      const dueBy = new Date(now.getTime() - this.config.stepDelayMs);
      const claimed: Array<{ id: string }> = await em.execute(
        'select id from emails where next_check_at <= ? order by next_check_at, id limit ? for update skip locked',
        [dueBy, this.config.batchSize],
      );
      if (claimed.length === 0) return 0;
      const emails = await em.find(this.resource.schema, { id: { $in: claimed.map((row) => row.id) } });
      const before = emails.map((email) => this.reader.view(this.resource, email));
      for (const email of emails) await this.step(em, email, now);
      await em.flush();
      // A move the processor made is told like one the API made: email.status_changed, actor the service.
      for (const [index, email] of emails.entries()) {
        await this.events.changed(em, subjectOf(this.resource, email), before[index], this.reader.view(this.resource, email));
      }
      return emails.length;
    });
  }

  private async step(em: EntityManager, email: Email, now: Date): Promise<void> {
    try {
      if (email.status === 'queued') {
        const accepted = await this.provider.send({ id: email.id, to: email.to, from: email.from, subject: email.subject, body: email.body });
        email.provider = this.provider.name;
        email.messageId = accepted.messageId;
        recordDeliveryStep(email, accepted, now);
      } else {
        const report = email.messageId ? await this.provider.track({ messageId: email.messageId, to: email.to, status: email.status }) : null;
        if (!report) {
          // Nothing new: ask again later without touching the email's version (its ETag stays).
          await em.nativeUpdate(this.resource.schema, { id: email.id }, { nextCheckAt: now });
          return;
        }
        recordDeliveryStep(email, report, now);
      }
    } catch (error) {
      this.logger.warn({ err: error, email_id: email.id }, 'email provider unreachable; will retry');
      recordProviderUnavailable(email, now);
    }
    email.updatedAt = now;
  }
}
