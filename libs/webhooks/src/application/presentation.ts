import { etagOfVersion } from '@estate/shared-kernel';
import type { ListedEndpoint, WebhookDelivery, WebhookEndpoint } from './ports/webhook-store.port';

/** An endpoint as `GET` shows it (and as its events carry it): never its secret. */
export function presentEndpoint(endpoint: ListedEndpoint): Record<string, unknown> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    enabled_events: endpoint.enabledEvents,
    status: endpoint.status,
    disabled_reason: endpoint.disabledReason,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export function etagOfEndpoint(endpoint: WebhookEndpoint): string {
  return etagOfVersion('webhook_endpoint', endpoint.id, endpoint.version);
}

export function presentDelivery(delivery: WebhookDelivery): Record<string, unknown> {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
  };
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
