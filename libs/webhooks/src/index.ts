import { WEBHOOKS_PARTS } from './webhooks.parts';

export { WebhooksModule } from './webhooks.module';
export { WebhookDispatcher } from './application/webhook-dispatcher';
/** Its ORM mappings, gathered from its folder (the two tables its lists read through the kernel). */
export const WEBHOOKS_ENTITIES = WEBHOOKS_PARTS.entities;
export { webhookEndpointRecord } from './resources/webhook-endpoint.record';
export { eventRecord } from './resources/event.record';
