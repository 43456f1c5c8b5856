import { etagOfVersion, serializeRecord, type StoredEvent } from '@estate/shared-kernel';
import { eventRecord } from '../resources/event.record';
import { webhookDeliveryRecord } from '../resources/webhook-delivery.record';
import { webhookEndpointRecord } from '../resources/webhook-endpoint.record';
import type { WebhookDelivery, WebhookEndpoint } from './ports/webhook-store.port';

/** An endpoint as `GET` shows it (and as its events carry it): its declaration's view, which never holds a secret. */
export function presentEndpoint(endpoint: WebhookEndpoint): Record<string, unknown> {
  return serializeRecord(endpoint, webhookEndpointRecord.schema);
}

/** The endpoint at its creation and a rotation (`WebhookEndpointWithSecretView`): the only answers with its secret. */
export function presentEndpointWithSecret(endpoint: WebhookEndpoint): Record<string, unknown> {
  return { ...presentEndpoint(endpoint), secret: endpoint.secret };
}

export function etagOfEndpoint(endpoint: WebhookEndpoint): string {
  return etagOfVersion('webhook_endpoint', endpoint.id, endpoint.version);
}

export function presentDelivery(delivery: WebhookDelivery): Record<string, unknown> {
  return serializeRecord(delivery, webhookDeliveryRecord.schema);
}

/**
 * The event as `GET /v1/events/{event_id}` returns it and as a webhook delivery's body carries it (its declaration's
 * view): the same object, so a receiver and a reader see the same bytes' meaning.
 */
export function presentEvent(event: StoredEvent): Record<string, unknown> {
  return serializeRecord(event, eventRecord.schema);
}

/** The former values of the fields whose presentation changed (`updated_at` aside), or undefined when none did. */
export function changedAttributes(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> | undefined {
  const previous: Record<string, unknown> = {};
  for (const field of Object.keys(after)) {
    if (field === 'updated_at') continue;
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) previous[field] = before[field] ?? null;
  }
  return Object.keys(previous).length > 0 ? previous : undefined;
}
