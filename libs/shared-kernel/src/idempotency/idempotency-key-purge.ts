import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { IdempotencyStore } from './idempotency.store';

/** Expired keys cannot be replayed any more; sweeping them this often keeps the table small without touching requests. */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60 * 1000;
/** Keys left in progress by a process that died are looked for this often (one indexed query on a tiny partial index). */
export const ABANDONED_KEYS_INTERVAL_MS = 30 * 1000;

/**
 * Sweeps expired idempotency keys in the background of every process that runs the kernel (API and worker), once at
 * start and then on an interval; and, more often, releases keys left in progress by a process that died
 * (IdempotencyStore.releaseAbandoned), so nothing stays `in_progress` after a crash even if the client never retries.
 * The deletes are idempotent, so processes sweeping at the same time do no harm.
 */
@Injectable()
export class IdempotencyKeyPurge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdempotencyKeyPurge');
  private timers: NodeJS.Timeout[] = [];
  private running?: Promise<unknown>;

  constructor(private readonly store: IdempotencyStore) {}

  onApplicationBootstrap(): void {
    this.timers = [
      setInterval(() => this.sweep(), IDEMPOTENCY_PURGE_INTERVAL_MS),
      setInterval(() => this.run(() => this.store.releaseAbandoned()), ABANDONED_KEYS_INTERVAL_MS),
    ];
    for (const timer of this.timers) timer.unref();
    setImmediate(() => this.timers.length && this.sweep());
  }

  async onApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.running;
  }

  sweep(): Promise<unknown> {
    return this.run(() => Promise.all([this.store.purgeExpired(), this.store.releaseAbandoned()]));
  }

  private run(work: () => Promise<unknown>): Promise<unknown> {
    if (this.running) return this.running;
    this.running = work()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'idempotency key sweep failed; retried at the next interval'))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
