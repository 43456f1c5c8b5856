import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EventSubscriber, StoredEvent } from '@estate/shared-kernel';
import { WebhookStore } from './ports/webhook-store.port';

/** Sent by the ping use case to its one endpoint, never fanned out. */
export const PING_EVENT = 'webhook_endpoint.ping';

/**
 * The outbox's webhook side (contract §14.7): in the transaction that writes an event, one delivery row per enabled
 * endpoint of the organization whose `enabled_events` match; a case's erasure cancels its events' pending deliveries.
 */
@Injectable()
export class DeliverySubscriber implements EventSubscriber {
  /** Whether anything was queued since the dispatcher last looked (a hint to look sooner, never needed for correctness). */
  private queued = false;

  constructor(private readonly store: WebhookStore) {}

  async eventEmitted(em: EntityManager, event: StoredEvent): Promise<void> {
    if (event.type === PING_EVENT) return;
    if ((await this.store.insertDeliveriesFor(em, event)) > 0) this.queued = true;
  }

  async caseEventsErasing(em: EntityManager, caseId: string): Promise<void> {
    await this.store.cancelPendingOfCase(em, caseId);
  }

  /** True once after deliveries were queued in this process. */
  takeQueued(): boolean {
    const queued = this.queued;
    this.queued = false;
    return queued;
  }
}
