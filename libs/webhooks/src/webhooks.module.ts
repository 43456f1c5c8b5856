import { Module, OnModuleInit } from '@nestjs/common';
import { WEBHOOKS_PARTS } from './webhooks.parts';
import { EventOutbox } from '@estate/shared-kernel';
import { DeliverySubscriber } from './application/delivery-subscriber';
import { WebhookStore } from './application/ports/webhook-store.port';
import { WebhookTransport } from './application/ports/webhook-transport.port';
import { WebhookDispatcher } from './application/webhook-dispatcher';
import { DeliveryQueue } from './application/delivery-queue';
import { EventReader } from './application/event-reader';
import { WebhookEndpoints } from './application/webhook-endpoints.service';
import { WebhookQueries } from './application/webhook-queries';
import { HttpWebhookTransport } from './infrastructure/http-webhook-transport';
import { SqlWebhookStore } from './infrastructure/persistence/webhook.store';

/**
 * The webhooks bounded context (issue 11, contract §14.3–§14.8): the events feed (`GET …/events`, pulled), endpoints, the outbox subscriber that queues one
 * delivery per matching endpoint in the event's transaction, the signed, retried, leased
 * dispatcher (jobs of the `webhook-delivery` queue) and its log.
 */
@Module({
  controllers: WEBHOOKS_PARTS.controllers,
  providers: [
    { provide: WebhookStore, useClass: SqlWebhookStore },
    { provide: WebhookTransport, useClass: HttpWebhookTransport },
    DeliverySubscriber,
    WebhookEndpoints,
    WebhookQueries,
    DeliveryQueue,
    WebhookDispatcher,
    EventReader,
  ],
  exports: [WebhookDispatcher],
})
export class WebhooksModule implements OnModuleInit {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly subscriber: DeliverySubscriber,
  ) {}

  onModuleInit(): void {
    this.outbox.subscribe(this.subscriber);
  }
}
