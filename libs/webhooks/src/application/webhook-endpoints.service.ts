import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import {
  assertIfMatch,
  Clock,
  ConflictError,
  etagOfBody,
  EventOutbox,
  EventTypeCatalog,
  NotFoundError,
  StoredEvent,
  UnitOfWork,
  ValidationFailedError,
} from '@estate/shared-kernel';
import { newWebhookSecret } from '../domain/signature';
import { DeliveryQueue } from './delivery-queue';
import { WebhookEndpoint, WebhookStore } from './ports/webhook-store.port';
import { WebhookTransport } from './ports/webhook-transport.port';
import { changedAttributes, etagOfEndpoint, presentDelivery, presentEndpoint, presentEndpointWithSecret, presentEvent } from './presentation';

/** Contract §14.4: at most this many endpoints per organization. */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 20;
/** Contract §14.4: after a rotation the old secret keeps signing this long. */
export const PREVIOUS_SECRET_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface CreateEndpointInput {
  url: string;
  description?: string | null;
  enabled_events: string[];
}

export interface EndpointPatch {
  url?: string;
  description?: string | null;
  enabled_events?: string[];
  status?: 'enabled' | 'disabled';
}

export interface Presented {
  data: Record<string, unknown>;
  etag: string;
}

/**
 * The webhook endpoint use cases of contract §14.4 for one organization (its owners and admins: the controller's
 * guard refuses members). Each runs in one unit of work with its `webhook_endpoint.*` event, so a refused or rolled-back change
 * tells nothing.
 */
@Injectable()
export class WebhookEndpoints {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: WebhookStore,
    private readonly transport: WebhookTransport,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly deliveries: DeliveryQueue,
    private readonly eventTypes: EventTypeCatalog,
  ) {}

  async create(organizationId: string, input: CreateEndpointInput): Promise<Presented> {
    this.assertEventTypes(input.enabled_events);
    await this.assertDestination(input.url);
    return this.uow.run(async (em) => {
      if ((await this.store.countOfOrganization(organizationId)) >= MAX_ENDPOINTS_PER_ORGANIZATION) {
        throw new ValidationFailedError(
          [{ field: '', message: `an organization has at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints; delete one first`, reason: 'rule' }],
          `An organization has at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints.`,
        );
      }
      const now = this.clock.now();
      const endpoint: WebhookEndpoint = {
        id: ulid(),
        organizationId,
        url: input.url,
        description: input.description ?? null,
        enabledEvents: [...new Set(input.enabled_events)],
        status: 'enabled',
        disabledReason: null,
        secret: newWebhookSecret(),
        previousSecret: null,
        previousSecretExpiresAt: null,
        consecutiveFailures: 0,
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      await this.store.insertEndpoint(endpoint);
      const data = presentEndpoint(endpoint);
      await this.tell(em, endpoint, 'webhook_endpoint.created', data);
      // The secret is shown here and at a rotation, never again (contract §14.4).
      return { data: presentEndpointWithSecret(endpoint), etag: etagOfEndpoint(endpoint) };
    });
  }

  async get(organizationId: string, id: string): Promise<Presented> {
    return this.uow.run(async () => {
      const endpoint = await this.load(organizationId, id, false);
      return { data: presentEndpoint(endpoint), etag: etagOfEndpoint(endpoint) };
    });
  }

  async patch(organizationId: string, id: string, patch: EndpointPatch, ifMatch: string | undefined): Promise<Presented> {
    if (patch.enabled_events !== undefined) this.assertEventTypes(patch.enabled_events);
    if (patch.url !== undefined) await this.assertDestination(patch.url);
    return this.uow.run(async (em) => {
      const endpoint = await this.load(organizationId, id, true);
      assertIfMatch(ifMatch, etagOfEndpoint(endpoint));
      const before = presentEndpoint(endpoint);
      if (patch.url !== undefined) endpoint.url = patch.url;
      if (patch.description !== undefined) endpoint.description = patch.description;
      if (patch.enabled_events !== undefined) endpoint.enabledEvents = [...new Set(patch.enabled_events)];
      if (patch.status === 'enabled' && endpoint.status !== 'enabled') {
        endpoint.status = 'enabled';
        endpoint.disabledReason = null;
        endpoint.consecutiveFailures = 0;
      } else if (patch.status === 'disabled' && endpoint.status !== 'disabled') {
        endpoint.status = 'disabled';
        endpoint.disabledReason = 'manual';
      }
      const previous = changedAttributes(before, presentEndpoint(endpoint));
      if (previous === undefined) return { data: before, etag: etagOfEndpoint(endpoint) };
      endpoint.updatedAt = this.clock.now();
      endpoint.version += 1;
      await this.store.updateEndpoint(endpoint);
      const data = presentEndpoint(endpoint);
      await this.tell(em, endpoint, 'webhook_endpoint.updated', data, previous);
      return { data, etag: etagOfEndpoint(endpoint) };
    });
  }

  async remove(organizationId: string, id: string, ifMatch: string | undefined): Promise<void> {
    await this.uow.run(async (em) => {
      const endpoint = await this.load(organizationId, id, true);
      assertIfMatch(ifMatch, etagOfEndpoint(endpoint));
      await this.store.cancelPendingOfEndpoint(endpoint.id);
      await this.store.deleteEndpoint(endpoint.id);
      await this.tell(em, endpoint, 'webhook_endpoint.deleted', presentEndpoint(endpoint));
    });
  }

  /** A new secret, shown once; the old one keeps signing for 24 hours. */
  async rotateSecret(organizationId: string, id: string): Promise<Presented> {
    return this.uow.run(async (em) => {
      const endpoint = await this.load(organizationId, id, true);
      const now = this.clock.now();
      endpoint.previousSecret = endpoint.secret;
      endpoint.previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_LIFETIME_MS);
      endpoint.secret = newWebhookSecret();
      endpoint.updatedAt = now;
      endpoint.version += 1;
      await this.store.updateEndpoint(endpoint);
      return { data: presentEndpointWithSecret(endpoint), etag: etagOfEndpoint(endpoint) };
    });
  }

  /** A `webhook_endpoint.ping` event, delivered to this endpoint only. */
  async ping(organizationId: string, id: string): Promise<Record<string, unknown>> {
    return this.uow.run(async (em) => {
      const endpoint = await this.load(organizationId, id, false);
      const event = await this.outbox.emit(em, {
        type: 'webhook_endpoint.ping',
        caseId: null,
        organizationId,
        object: presentEndpoint(endpoint),
      });
      if (!event) throw new Error('ping event not written');
      await this.deliveries.enqueue([await this.store.insertDelivery(endpoint.id, event)]);
      return presentEvent(event);
    });
  }

  async delivery(organizationId: string, endpointId: string, deliveryId: string): Promise<Presented> {
    return this.uow.run(async () => {
      await this.load(organizationId, endpointId, false);
      const delivery = await this.store.findDelivery(endpointId, deliveryId);
      if (!delivery) throw new NotFoundError('delivery');
      const data = presentDelivery(delivery);
      return { data, etag: etagOfBody(data) };
    });
  }

  /** A finished delivery goes back to `pending`, due at once; a pending one cannot be retried (409 invalid_state). */
  async retry(organizationId: string, endpointId: string, deliveryId: string): Promise<Record<string, unknown>> {
    return this.uow.run(async () => {
      await this.load(organizationId, endpointId, false);
      const delivery = await this.store.findDelivery(endpointId, deliveryId, true);
      if (!delivery) throw new NotFoundError('delivery');
      if (delivery.status === 'pending') {
        throw new ConflictError('invalid_state', 'The delivery is still pending; it will be attempted on its schedule.');
      }
      const now = this.clock.now();
      await this.store.requeue(delivery.id, now);
      await this.deliveries.enqueue([delivery.id], now);
      return presentDelivery({ ...delivery, status: 'pending', nextAttemptAt: now, updatedAt: now });
    });
  }

  /** The endpoint of this organization (another organization's is not found). */
  async load(organizationId: string, id: string, forUpdate: boolean): Promise<WebhookEndpoint> {
    const endpoint = await this.store.findEndpoint(organizationId, id, forUpdate);
    if (!endpoint) throw new NotFoundError('webhook endpoint');
    return endpoint;
  }

  /** Only `*`, `{key}.*` and the types a resource can emit (contract §14.2); 422 naming each other item. */
  private assertEventTypes(enabledEvents: readonly string[]): void {
    const problems = this.eventTypes.problemsOf('enabled_events', enabledEvents);
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }

  private async assertDestination(url: string): Promise<void> {
    const problem = await this.transport.destinationProblem(url);
    if (problem !== undefined) throw new ValidationFailedError([{ field: 'url', message: problem, reason: 'rule' }]);
  }

  private tell(em: EntityManager, endpoint: WebhookEndpoint, type: string, object: Record<string, unknown>, previousAttributes?: Record<string, unknown>): Promise<StoredEvent | undefined> {
    return this.outbox.emit(em, { type, caseId: null, organizationId: endpoint.organizationId, object, previousAttributes });
  }
}
