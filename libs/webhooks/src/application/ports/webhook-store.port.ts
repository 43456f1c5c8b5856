import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventStatementPart, ListPage, ListQuery, StoredEvent } from '@estate/shared-kernel';
import type { DeliveryAttempt } from '../../domain/delivery-rules';

export type EndpointStatus = 'enabled' | 'disabled';
export type DisabledReason = 'manual' | 'gone' | 'failing';
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/** The fan-out's share of an event's statement; the subscriber adds what it does with the deliveries' ids. */
export type DeliveryFanOut = Omit<EventStatementPart, 'joined'>;

/** A webhook endpoint as the application sees it: secrets in clear (the store encrypts them at rest). */
export interface WebhookEndpoint {
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

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  organizationId: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An endpoint as its list reads it: without its secrets, which no list shows and so none decrypts. */
export type ListedEndpoint = Omit<WebhookEndpoint, 'secret' | 'previousSecret'>;

/** A due delivery claimed under a lease, with what its attempt needs. */
export interface ClaimedDelivery {
  delivery: WebhookDelivery;
  /** The lease this claim holds: the attempt is recorded only while it still holds. */
  leaseUntil: Date;
  endpoint: WebhookEndpoint | undefined;
  event: StoredEvent | undefined;
}

/** Persistence of endpoints and deliveries (SQL in infrastructure/). Calls inside a unit of work join its transaction. */
export abstract class WebhookStore {
  abstract countOfOrganization(em: EntityManager, organizationId: string): Promise<number>;
  abstract insertEndpoint(em: EntityManager, endpoint: WebhookEndpoint): Promise<void>;
  abstract findEndpoint(em: EntityManager, organizationId: string, id: string, forUpdate?: boolean): Promise<WebhookEndpoint | undefined>;
  /** The organization's endpoints, a page of the parsed list query (the kernel's list statements: totals or cursor). */
  abstract listEndpoints(organizationId: string, query: ListQuery): Promise<ListPage<ListedEndpoint>>;
  abstract updateEndpoint(em: EntityManager, endpoint: WebhookEndpoint): Promise<void>;
  abstract deleteEndpoint(em: EntityManager, id: string): Promise<void>;

  /**
   * One delivery per enabled endpoint of the event's organization whose `enabled_events` match, written by the event's
   * own statement (`EventStatementPart`); it returns the deliveries' ids.
   */
  abstract fanOutAlong(event: StoredEvent): DeliveryFanOut;
  abstract insertDelivery(em: EntityManager, endpointId: string, event: StoredEvent): Promise<string>;
  abstract cancelPendingOfCase(em: EntityManager, caseId: string): Promise<void>;
  abstract cancelPendingOfEndpoint(em: EntityManager, endpointId: string): Promise<void>;
  /** The endpoint's deliveries, a page of the parsed list query, its `status` and `event_type` filters included. */
  abstract listDeliveries(endpointId: string, query: ListQuery): Promise<ListPage<WebhookDelivery>>;
  abstract findDelivery(em: EntityManager, endpointId: string, id: string, forUpdate?: boolean): Promise<WebhookDelivery | undefined>;
  abstract requeue(em: EntityManager, id: string, now: Date): Promise<void>;

  /** Claims one delivery if it is pending, due and not leased (`FOR UPDATE SKIP LOCKED`), leased until `leaseUntil`. */
  abstract claim(deliveryId: string, now: Date, leaseUntil: Date): Promise<ClaimedDelivery | undefined>;
  /** Ids of pending deliveries due before `dueBefore` and not leased (the sweep's candidates), oldest first. */
  abstract overduePending(dueBefore: Date, limit: number): Promise<string[]>;
  /** Writes the outcome of an attempt if the lease still holds; false when it no longer does. */
  abstract recordAttempt(
    em: EntityManager,
    claim: ClaimedDelivery,
    change: { status: DeliveryStatus; attempt: DeliveryAttempt | null; nextAttemptAt: Date | null; now: Date },
  ): Promise<boolean>;
  abstract purgeDeliveriesBefore(cutoff: Date): Promise<number>;
}
