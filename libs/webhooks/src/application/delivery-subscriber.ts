import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EventStatementPart, EventSubscriber, StoredEvent } from '@estate/shared-kernel';
import { DeliveryQueue } from './delivery-queue';
import { WebhookStore } from './ports/webhook-store.port';

/** Sent by the ping use case to its one endpoint, never fanned out. */
export const PING_EVENT = 'webhook_endpoint.ping';

/**
 * The outbox's webhook side (contract §14.7): in the statement that writes an event, one delivery row per enabled
 * endpoint of the organization whose `enabled_events` match, each with its job; a case's erasure cancels its events' pending deliveries.
 */
@Injectable()
export class DeliverySubscriber implements EventSubscriber {
  constructor(
    private readonly store: WebhookStore,
    private readonly deliveries: DeliveryQueue,
  ) {}

  joinEvent(event: StoredEvent): EventStatementPart | undefined {
    if (event.type === PING_EVENT) return undefined;
    return { ...this.store.fanOutAlong(event), joined: (deliveryIds) => this.deliveries.enqueue(deliveryIds) };
  }

  async caseEventsErasing(_em: EntityManager, caseId: string): Promise<void> {
    await this.store.cancelPendingOfCase(caseId);
  }
}
