import { resourceManifest } from '@estate/shared-kernel';
import { webhookEndpointRecord } from './webhook-endpoint.record';

/**
 * Webhook endpoints (contract §14.4), an organization-level resource: created, changed (a disabling by hand, by `410`
 * or for failing included: `updated`, not `status_changed`, §14.2), deleted, and pinged (to that endpoint only).
 */
export const webhookEndpointManifest = resourceManifest({
  eventKey: 'webhook_endpoint',
  emits: ['created', 'updated', 'deleted', 'ping'],
  tag: 'Webhooks',
  tagDescription:
    'Webhook endpoints: HTTPS addresses the service delivers events to, signed with Standard Webhooks, with their secrets, a ping and the record of every delivery attempt.',
  view: webhookEndpointRecord.view,
});
