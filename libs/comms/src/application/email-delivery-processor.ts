import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CaseResource, CaseResourceReader, Clock, InjectResource, JobQueue, ResourceEvents, runAsSystem, subjectOf, UnitOfWork } from '@estate/shared-kernel';
import { Email, recordDeliveryStep, recordProviderUnavailable } from '../domain/email';
import { CommsConfig } from './comms-config';
import { EMAIL_STEP_QUEUE, EmailStepJob, EmailStepQueue } from './email-step-queue';
import { EmailProvider } from './ports/email-provider.port';

/** With nothing new from the provider, it is asked again after this long at the least. */
const RECHECK_MS = 1000;

/**
 * Advances emails through their provider in the background (contract-extensions §11.4), one job of the `email-step`
 * queue per step: `send` a queued email, `track` an accepted one. A step holds the email row and acts only if the email
 * is still in the status its job was enqueued for, so a job run twice sends once; the step enqueues the next one in its
 * own transaction. A provider that cannot be reached is retried after 1, 2, 4, 8 and 16 s (the email's own back-off),
 * then the email fails with `provider_unavailable`. `PROVIDER_PROCESSOR=off` keeps a process from working the queue.
 */
@Injectable()
export class EmailDeliveryProcessor implements OnModuleInit {
  private readonly logger = new Logger('EmailDeliveryProcessor');

  constructor(
    @InjectResource('email') private readonly resource: CaseResource<Email>,
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly provider: EmailProvider,
    private readonly clock: Clock,
    private readonly config: CommsConfig,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
    private readonly jobs: JobQueue,
    private readonly steps: EmailStepQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.define<EmailStepJob>({
      name: EMAIL_STEP_QUEUE,
      enabled: this.config.processor === 'on',
      parallel: true,
      batchSize: this.config.batchSize,
      retryLimit: 5,
      retryDelaySeconds: 2,
      expireInSeconds: 120,
      handle: (job) => RequestContext.create(this.em, () => runAsSystem('email_processor', () => this.step(job))),
    });
  }

  /** Runs the due steps now (at most `limit`); answers how many jobs ran. */
  processDue(limit = 50): Promise<number> {
    return this.jobs.runDue(EMAIL_STEP_QUEUE, limit);
  }

  private step(job: EmailStepJob): Promise<void> {
    return this.uow.run(async (em) => {
      await em.execute('select id from emails where id = ? for update', [job.emailId]);
      const email = await em.findOne(this.resource.schema, { id: job.emailId }, { refresh: true });
      if (!email || email.status !== job.status || email.nextCheckAt === null) return;
      const now = this.clock.now();
      const before = this.reader.view(this.resource, email);
      const news = await this.advance(email, now);
      if (!news) {
        // Nothing new: ask again later without touching the email's version (its ETag stays).
        await this.steps.schedule(em, email, now, new Date(now.getTime() + RECHECK_MS));
        return;
      }
      email.updatedAt = now;
      await em.flush();
      // A move the processor made is told like one the API made: email.status_changed, actor the service.
      await this.events.changed(em, subjectOf(this.resource, email), before, this.reader.view(this.resource, email));
      if (email.nextCheckAt !== null) await this.steps.schedule(em, email, now, email.nextCheckAt);
    });
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
