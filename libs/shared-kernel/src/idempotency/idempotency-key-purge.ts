import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { IdempotencyStore } from './idempotency.store';

/** Expired keys cannot be replayed any more; sweeping them this often keeps the table small without touching requests. */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Sweeps expired idempotency keys in the background of every process that runs the kernel (API and worker), once at
 * start and then on an interval. The delete is idempotent, so processes sweeping at the same time do no harm.
 */
@Injectable()
export class IdempotencyKeyPurge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdempotencyKeyPurge');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(private readonly store: IdempotencyStore) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.sweep(), IDEMPOTENCY_PURGE_INTERVAL_MS);
    this.timer.unref();
    setImmediate(() => this.timer && this.sweep());
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  sweep(): Promise<unknown> {
    if (this.running) return this.running;
    this.running = this.store
      .purgeExpired()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'idempotency key purge failed; retried at the next interval'))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
