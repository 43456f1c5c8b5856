import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, Clock, EventOutbox, presentEvent, UnitOfWork } from '@estate/shared-kernel';
import { DeliveryAttempt, nextRetryDelayMs, SendResult, verdictOf } from '../domain/delivery-rules';
import { signatureHeader } from '../domain/signature';
import { ClaimedDelivery, DeliveryStatus, WebhookEndpoint, WebhookStore } from './ports/webhook-store.port';
import { WebhookTransport } from './ports/webhook-transport.port';
import { changedAttributes, presentEndpoint } from './presentation';

/** Contract §14.7: a claim holds its deliveries this long; a crashed attempt is taken again after it. */
export const DELIVERY_LEASE_MS = 60_000;
/** Contract §14.6: this many `failed` deliveries in a row disable the endpoint. */
export const FAILED_DELIVERIES_TO_DISABLE = 10;
/** Deliveries are kept 30 days (contract §14.6). */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const USER_AGENT = 'EstateDesk-Webhooks/1';
const ACTOR = { type: 'system' as const, id: 'webhook_dispatcher' };

/**
 * Sends due deliveries (contract §14.5–§14.7): claims them with `FOR UPDATE SKIP LOCKED` and a 60-second lease in one
 * short statement, sends each OUTSIDE any transaction, then records the attempt in another short transaction, only if
 * its lease still holds. Several processes never send one attempt twice; a crash repeats at most the attempt in flight.
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger('WebhookDispatcher');

  constructor(
    private readonly store: WebhookStore,
    private readonly transport: WebhookTransport,
    private readonly uow: UnitOfWork,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** One pass: claims up to `limit` due deliveries and attempts them concurrently; answers how many were claimed. */
  async runOnce(limit = 20): Promise<number> {
    const now = this.clock.now();
    const claims = await this.store.claimDue(now, new Date(now.getTime() + DELIVERY_LEASE_MS), limit);
    await Promise.all(
      claims.map((claim) =>
        this.attempt(claim).catch((error: unknown) => this.logger.warn({ err: error, deliveryId: claim.delivery.id }, 'webhook attempt not recorded; retried after its lease')),
      ),
    );
    return claims.length;
  }

  /** Passes until nothing is due (tests). */
  async drain(maxPasses = 50): Promise<void> {
    for (let pass = 0; pass < maxPasses; pass++) if ((await this.runOnce()) === 0) return;
  }

  purgeExpired(): Promise<number> {
    return this.store.purgeDeliveriesBefore(new Date(this.clock.now().getTime() - DELIVERY_RETENTION_MS));
  }

  private async attempt(claim: ClaimedDelivery): Promise<void> {
    const { endpoint, event } = claim;
    if (!endpoint || !event || endpoint.status !== 'enabled') {
      // The endpoint was deleted or disabled, or the event erased with its case: nothing to send any more.
      await this.uow.run((em) => this.store.recordAttempt(em, claim, { status: 'cancelled', attempt: null, nextAttemptAt: null, now: this.clock.now() }));
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
      if (!(await this.store.recordAttempt(em, claim, { status, attempt, nextAttemptAt, now }))) return;
      if (status === 'pending') return;
      // The endpoint row under lock: its failure count and status move one delivery at a time.
      const current = await this.store.findEndpoint(em, endpoint.organizationId, endpoint.id, true);
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
      await this.store.updateEndpoint(em, current);
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
