import { EntitySchema } from '@mikro-orm/core';
import type { DeliveryStatus, DisabledReason, EndpointStatus } from '../../application/ports/webhook-store.port';
import type { DeliveryAttempt } from '../../domain/delivery-rules';

/**
 * The two webhook tables exactly as the migration made them (Migration20261123151000_webhooks), for the kernel's list
 * statements (`recordColumns`, `listRows`) only: every write stays a hand-written statement of `SqlWebhookStore`.
 * `created_at` is a `timestamptz` of microseconds, but every writer stores a JS Date (the clock's `now`, the
 * event's `createdAt`), so it holds whole milliseconds and the kernel's cursor (milliseconds and id) is exact.
 */
const timestamp = { type: 'Date', columnType: 'timestamptz' } as const;

/** A `webhook_endpoints` row as stored: its secrets still sealed by the field cipher. */
export class WebhookEndpointRow {
  id: string;
  organizationId: string;
  url: string;
  description: string | null;
  enabledEvents: string[];
  status: EndpointStatus;
  disabledReason: DisabledReason | null;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  consecutiveFailures: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A `webhook_deliveries` row as stored. */
export class WebhookDeliveryRow {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  organizationId: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  nextAttemptAt: Date | null;
  leaseUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const WebhookEndpointRowSchema = new EntitySchema<WebhookEndpointRow>({
  class: WebhookEndpointRow,
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
  class: WebhookDeliveryRow,
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
