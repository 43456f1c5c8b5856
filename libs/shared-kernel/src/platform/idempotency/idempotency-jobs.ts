import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue';
import { IdempotencyStore } from './idempotency.store';

/**
 * Scheduled sweeps of idempotency keys: expired keys every ten minutes (they cannot be replayed any more), and every
 * minute the keys left `in_progress` by a process that died (IdempotencyStore.releaseAbandoned), so nothing stays
 * claimed after a crash even if the client never retries. Both deletes are idempotent.
 */
@Injectable()
export class IdempotencyJobs implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly store: IdempotencyStore,
  ) {}

  onModuleInit(): void {
    const scheduled = { enabled: true, retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 300 };
    this.jobs.define({ ...scheduled, name: 'idempotency-purge', cron: '*/10 * * * *', handle: async () => void (await this.store.purgeExpired()) });
    this.jobs.define({ ...scheduled, name: 'idempotency-release', cron: '* * * * *', handle: async () => void (await this.store.releaseAbandoned()) });
  }
}
