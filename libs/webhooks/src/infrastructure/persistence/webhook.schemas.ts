import { EntitySchema } from '@mikro-orm/core';
import type { WebhookDelivery, WebhookEndpoint } from '../../application/ports/webhook-store.port';

/**
 * The two webhook tables exactly as the migration made them (Migration20261123151000_webhooks), for the kernel's list
 * statements (`recordColumns`, `listRows`) only: every write stays a hand-written statement of `SqlWebhookStore`.
 * `created_at` is a `timestamptz` of microseconds, but every writer stores a JS Date (the clock's `now`, the
 * event's `createdAt`), so it holds whole milliseconds and the kernel's cursor (milliseconds and id) is exact.
 */
const timestamp = { type: 'Date', columnType: 'timestamptz' } as const;

/** A `webhook_endpoints` row: the endpoint's fields, its secrets still sealed by the field cipher. */
export type WebhookEndpointRow = WebhookEndpoint;

/** A `webhook_deliveries` row: the delivery's fields and the dispatcher's lease. */
export type WebhookDeliveryRow = WebhookDelivery & { leaseUntil: Date | null };

export const WebhookEndpointRowSchema = new EntitySchema<WebhookEndpointRow>({
  name: 'WebhookEndpointRow',
  tableName: 'webhook_endpoints',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    organizationId: { type: 'string', length: 26 },
    url: { type: 'string', length: 2048 },
    description: { type: 'text', nullable: true },
    enabledEvents: { type: 'string[]', columnType: 'text[]' },
    status: { type: 'string', length: 16 },
    disabledReason: { type: 'string', length: 16, nullable: true },
    secret: { type: 'text' },
    previousSecret: { type: 'text', nullable: true },
    previousSecretExpiresAt: { ...timestamp, nullable: true },
    consecutiveFailures: { type: 'integer' },
    version: { type: 'integer' },
    createdAt: { ...timestamp },
    updatedAt: { ...timestamp },
  },
});

export const WebhookDeliveryRowSchema = new EntitySchema<WebhookDeliveryRow>({
  name: 'WebhookDeliveryRow',
  tableName: 'webhook_deliveries',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    endpointId: { type: 'string', length: 26 },
    eventId: { type: 'string', length: 26 },
    eventType: { type: 'string', length: 80 },
    organizationId: { type: 'string', length: 26 },
    status: { type: 'string', length: 16 },
    attempts: { type: 'json', columnType: 'jsonb' },
    nextAttemptAt: { ...timestamp, nullable: true },
    leaseUntil: { ...timestamp, nullable: true },
    createdAt: { ...timestamp },
    updatedAt: { ...timestamp },
  },
});
