import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AppConfig, Clock, EventOutbox, JobQueue, UnitOfWork } from '@estate/shared-kernel';
import { DeliveryAttempt, nextRetryDelayMs, SendResult, verdictOf } from '../domain/delivery-rules';
import { signatureHeader } from '../domain/signature';
import { DeliveryJob, DeliveryQueue, WEBHOOK_DELIVERY_QUEUE } from './delivery-queue';
import type { DeliveryStatus } from '../domain/webhook-vocabulary';
import { ClaimedDelivery, WebhookEndpoint, WebhookStore } from './ports/webhook-store.port';
import { WebhookTransport } from './ports/webhook-transport.port';
import { changedAttributes, presentEndpoint, presentEvent } from './presentation';

/** Contract §14.7: a claim holds its deliveries this long; a crashed attempt is taken again after it. */
export const DELIVERY_LEASE_MS = 60_000;
/** Contract §14.6: this many `failed` deliveries in a row disable the endpoint. */
export const FAILED_DELIVERIES_TO_DISABLE = 10;
/** Deliveries are kept 30 days (contract §14.6). */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const USER_AGENT = 'EstateDesk-Webhooks/1';
const ACTOR = { type: 'system' as const, id: 'webhook_dispatcher' };

/** A delivery overdue this long with no job waiting (lost, or queued before the job queue) is enqueued by the sweep. */
const SWEEP_GRACE_MS = 60_000;

/**
 * Sends deliveries (contract §14.5–§14.7), one job of the `webhook-delivery` queue per attempt: the job claims its
 * delivery row with `FOR UPDATE SKIP LOCKED` and a 60-second lease in one short statement, sends it OUTSIDE any
 * transaction, then records the attempt in another short transaction only if its lease still holds — and, when the
 * receiver failed, enqueues the next attempt for the time the delivery's schedule says, in that same transaction. A
 * job that runs twice finds the delivery leased or no longer due and does nothing; a crash repeats at most the
 * attempt in flight. The receiver's schedule (`WEBHOOK_RETRY_SCHEDULE`) is the delivery's; the queue's own retries are
 * for a job that failed (the database unreachable while recording, say).
 */
@Injectable()
export class WebhookDispatcher implements OnModuleInit {
  private readonly logger = new Logger('WebhookDispatcher');

  constructor(
    private readonly store: WebhookStore,
    private readonly transport: WebhookTransport,
    private readonly uow: UnitOfWork,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly deliveries: DeliveryQueue,
  ) {}

  onModuleInit(): void {
    const enabled = this.config.webhookDispatcher === 'on';
    this.jobs.define<DeliveryJob>({
      name: WEBHOOK_DELIVERY_QUEUE,
      enabled,
      parallel: true,
      batchSize: 20,
      retryLimit: 5,
      retryDelaySeconds: 5,
      expireInSeconds: Math.ceil(DELIVERY_LEASE_MS / 1000),
      handle: (job) => this.deliver(job.deliveryId),
    });
    const scheduled = { enabled, retryLimit: 1, retryDelaySeconds: 30, expireInSeconds: 300 };
    this.jobs.define({ ...scheduled, name: 'webhook-sweep', cron: '* * * * *', handle: () => this.sweep() });
    this.jobs.define({ ...scheduled, name: 'webhook-deliveries-purge', cron: '23 * * * *', handle: async () => void (await this.purgeExpired()) });
  }

  /** Runs the due delivery jobs now (at most `limit`, side by side); answers how many ran. */
  runOnce(limit = 20): Promise<number> {
    return this.jobs.runDue(WEBHOOK_DELIVERY_QUEUE, limit);
  }

  /** Passes until nothing is due (tests). */
  async drain(maxPasses = 50): Promise<void> {
    for (let pass = 0; pass < maxPasses; pass++) if ((await this.runOnce()) === 0) return;
  }

  purgeExpired(): Promise<number> {
    return this.store.purgeDeliveriesBefore(new Date(this.clock.now().getTime() - DELIVERY_RETENTION_MS));
  }

  /** One attempt of one delivery, if it is still pending, due and unleased. */
  async deliver(deliveryId: string): Promise<void> {
    const now = this.clock.now();
    const claim = await this.store.claim(deliveryId, now, new Date(now.getTime() + DELIVERY_LEASE_MS));
    if (claim) await this.attempt(claim);
  }

  /** Safety net: pending deliveries overdue with no job waiting get one. */
  private async sweep(): Promise<void> {
    const overdue = await this.store.overduePending(new Date(this.clock.now().getTime() - SWEEP_GRACE_MS), 500);
    const live = await this.jobs.liveKeys(WEBHOOK_DELIVERY_QUEUE, overdue);
    const missing = overdue.filter((id) => !live.has(id));
    if (missing.length === 0) return;
    await this.uow.run(() => this.deliveries.enqueue(missing));
    this.logger.warn({ count: missing.length }, 'overdue webhook deliveries had no job; enqueued');
  }

  private async attempt(claim: ClaimedDelivery): Promise<void> {
    const { endpoint, event } = claim;
    if (!endpoint || !event || endpoint.status !== 'enabled') {
      // The endpoint was deleted or disabled, or the event erased with its case: nothing to send any more.
      await this.uow.run(() => this.store.recordAttempt(claim, { status: 'cancelled', attempt: null, nextAttemptAt: null, now: this.clock.now() }));
      return;
    }
    const body = JSON.stringify(presentEvent(event));
    const started = this.clock.now();
    const timestamp = Math.floor(started.getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': event.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(this.liveSecrets(endpoint, started), event.id, timestamp, body),
    };
    const result = await this.transport.send(endpoint.url, headers, body);
    await this.record(claim, endpoint, started, result);
  }

  private liveSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
    const previousLive = endpoint.previousSecret !== null && endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > now;
    return previousLive ? [endpoint.secret, endpoint.previousSecret as string] : [endpoint.secret];
  }

  private async record(claim: ClaimedDelivery, endpoint: WebhookEndpoint, started: Date, result: SendResult): Promise<void> {
    const verdict = verdictOf(result);
    const attempt: DeliveryAttempt = {
      attempted_at: started.toISOString(),
      response_status: result.status,
      duration_ms: Math.round(result.durationMs),
      error: verdict.kind === 'failed' ? verdict.error : null,
    };
    const now = this.clock.now();
    let status: DeliveryStatus;
    let nextAttemptAt: Date | null = null;
    if (verdict.kind === 'succeeded') {
      status = 'succeeded';
    } else if (verdict.kind === 'gone') {
      status = 'failed';
    } else {
      const delay = nextRetryDelayMs(this.config.webhookRetrySchedule, claim.delivery.attempts.length + 1, result, now);
      status = delay === undefined ? 'failed' : 'pending';
      if (delay !== undefined) nextAttemptAt = new Date(now.getTime() + delay);
    }
    await this.uow.run(async (em) => {
      if (!(await this.store.recordAttempt(claim, { status, attempt, nextAttemptAt, now }))) return;
      if (status === 'pending') return this.deliveries.enqueue([claim.delivery.id], nextAttemptAt ?? now);
      // The endpoint row under lock: its failure count and status move one delivery at a time.
      const current = await this.store.findEndpoint(endpoint.organizationId, endpoint.id, true);
      if (!current) return;
      const before = presentEndpoint(current);
      if (verdict.kind === 'succeeded') {
        if (current.consecutiveFailures === 0) return;
        current.consecutiveFailures = 0;
      } else if (verdict.kind === 'gone') {
        if (current.status === 'enabled') {
          current.status = 'disabled';
          current.disabledReason = 'gone';
        }
      } else {
        current.consecutiveFailures += 1;
        if (current.consecutiveFailures >= FAILED_DELIVERIES_TO_DISABLE && current.status === 'enabled') {
          current.status = 'disabled';
          current.disabledReason = 'failing';
        }
      }
      const previous = changedAttributes(before, presentEndpoint(current));
      if (previous !== undefined) {
        current.version += 1;
        current.updatedAt = now;
      }
      await this.store.updateEndpoint(current);
      if (previous !== undefined) {
        await this.outbox.emit(em, {
          type: 'webhook_endpoint.updated',
          caseId: null,
          organizationId: current.organizationId,
          object: presentEndpoint(current),
          previousAttributes: previous,
          actor: ACTOR,
        });
      }
    });
  }
}
