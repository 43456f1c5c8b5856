import { eventRecord } from '../../resources/event.record';
import { webhookDeliveryRecord } from '../../resources/webhook-delivery.record';
import { webhookEndpointRecord } from '../../resources/webhook-endpoint.record';

/** The webhook tables as their declarations map them: what the store's statements are written from. */
export const WebhookEndpointSchema = webhookEndpointRecord.schema;
export const WebhookDeliverySchema = webhookDeliveryRecord.schema;

/** The outbox's `events` table, which the kernel writes and the feed reads through the kernel's statements. */
export const EventRecordSchema = eventRecord.schema;
