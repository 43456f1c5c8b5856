import { field, OwnRecordOf, recordShape } from '@estate/shared-kernel';
import { DELIVERY_STATUSES } from '../domain/webhook-vocabulary';
import { DeliveryAttemptView } from './delivery-attempt.view';

/**
 * A delivery (contract §14.6): one event for one endpoint, written with the event (the fan-out, or a ping) and moved
 * by the dispatcher only, so every field is read-only and there is no version (its ETag is its body's). Its view
 * documents what is stored, so the identifiers state their property whole.
 */
const deliveryFields = {
  endpointId: field.string({ readOnly: true, required: true, max: 26, description: 'The endpoint.', example: '01JF7Q5W3E2R1T0Y9V8H7N6P5A', view: { type: String } }),
  eventId: field.string({ readOnly: true, required: true, max: 26, description: 'The event (also the `webhook-id` header).', example: '01JF7Q3Z8X5N2M4K6P9R0T1V3W', view: { type: String } }),
  eventType: field.string({ readOnly: true, required: true, max: 80, description: 'The event type.', example: 'person.created', view: { type: String } }),
  organizationId: field.string({ hidden: true, max: 26, column: { nullable: false } }),
  status: field.enum(DELIVERY_STATUSES, { readOnly: true, required: true, description: 'Where the delivery stands.', example: 'succeeded', plainColumn: true, column: { length: 16 } }),
  attempts: field.objectArray(() => DeliveryAttemptView, { readOnly: true, required: true, description: 'Every attempt, oldest first.', view: { type: [DeliveryAttemptView] } }),
  nextAttemptAt: field.dateTime({ readOnly: true, description: 'When the next attempt is due; null once finished.', view: { type: String, format: 'date-time', nullable: true } }),
  /** The dispatcher's claim: until when one attempt holds the delivery (contract §14.7). */
  leaseUntil: field.dateTime({ hidden: true }),
};

/** A delivery as the application holds it. */
export type WebhookDelivery = OwnRecordOf<typeof deliveryFields>;

export const webhookDeliveryRecord = recordShape<typeof deliveryFields, WebhookDelivery>({
  name: 'webhook delivery',
  table: 'webhook_deliveries',
  key: 'own',
  versioned: false,
  patchable: false,
  fields: deliveryFields,
});

/** `GET /v1/webhook-endpoints/{endpoint_id}/deliveries`: its filters and sorts (newest first by default). */
export const WEBHOOK_DELIVERY_LIST = { filters: { status: [...DELIVERY_STATUSES], event_type: { kind: 'equals' as const } }, sorts: ['created_at'] } as const;
