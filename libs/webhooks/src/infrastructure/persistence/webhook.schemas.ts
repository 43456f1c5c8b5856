import { webhookDeliveryRecord } from '../../resources/webhook-delivery.record';
import { webhookEndpointRecord } from '../../resources/webhook-endpoint.record';

/** The two webhook tables as their declarations map them: what the store's statements are written from. */
export const WebhookEndpointSchema = webhookEndpointRecord.schema;
export const WebhookDeliverySchema = webhookDeliveryRecord.schema;
