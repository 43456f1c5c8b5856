import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue';

/** Contract §14.1: events are kept `EVENT_RETENTION_DAYS` days; an hourly job drops the older ones (the outbox's own). */
@Injectable()
export class EventsPurgeJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.define({ name: 'events-purge', enabled: true, cron: '17 * * * *', retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 600, handle: () => this.purge() });
  }

  async purge(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - this.config.eventRetentionDays * 86_400_000);
    await this.em.fork().getConnection().execute('delete from events where created_at < ?', [cutoff]);
  }
}
