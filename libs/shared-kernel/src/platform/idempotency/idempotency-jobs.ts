import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue';
import { IdempotencyStore } from './idempotency.store';

/**
 * Scheduled sweeps of idempotency keys: expired keys every ten minutes (they cannot be replayed any more), and every
 * minute the rows left `in_progress` by the earlier design, which committed a claim on its own
 * (IdempotencyStore.releaseAbandoned; a claim now lives in its request's transaction and leaves nothing behind). Both
 * deletes are idempotent.
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
