import type { EventStatementPart, ListPage, ListQuery, StoredEvent } from '@estate/shared-kernel';
import type { DeliveryAttempt } from '../../domain/delivery-rules';
import type { DeliveryStatus } from '../../domain/webhook-vocabulary';
import type { WebhookDelivery } from '../../resources/webhook-delivery.record';
import type { WebhookEndpoint } from '../../resources/webhook-endpoint.record';

/** The fan-out's share of an event's statement; the subscriber adds what it does with the deliveries' ids. */
export type DeliveryFanOut = Omit<EventStatementPart, 'joined'>;

/** Endpoints and deliveries as their declarations type them (resources/): an endpoint's secrets in clear. */
export type { WebhookDelivery, WebhookEndpoint };

/** A due delivery claimed under a lease, with what its attempt needs. */
export interface ClaimedDelivery {
  delivery: WebhookDelivery;
  /** The lease this claim holds: the attempt is recorded only while it still holds. */
  leaseUntil: Date;
  endpoint: WebhookEndpoint | undefined;
  event: StoredEvent | undefined;
}

/** Persistence of endpoints and deliveries (SQL in infrastructure/). Calls inside a unit of work join its transaction, which is ambient. */
export abstract class WebhookStore {
  abstract countOfOrganization(organizationId: string): Promise<number>;
  abstract insertEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  abstract findEndpoint(organizationId: string, id: string, forUpdate?: boolean): Promise<WebhookEndpoint | undefined>;
  /**
   * The organization's endpoints, a page of the parsed list query (the kernel's list statements: totals or cursor),
   * each as its view straight from its row: no list shows a secret, so none is read.
   */
  abstract listEndpoints(organizationId: string, query: ListQuery): Promise<ListPage<Record<string, unknown>>>;
  abstract updateEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  abstract deleteEndpoint(id: string): Promise<void>;

  /**
   * One delivery per enabled endpoint of the event's organization whose `enabled_events` match, written by the event's
   * own statement (`EventStatementPart`); it returns the deliveries' ids.
   */
  abstract fanOutAlong(event: StoredEvent): DeliveryFanOut;
  abstract insertDelivery(endpointId: string, event: StoredEvent): Promise<string>;
  abstract cancelPendingOfCase(caseId: string): Promise<void>;
  abstract cancelPendingOfEndpoint(endpointId: string): Promise<void>;
  /** The endpoint's deliveries, a page of the parsed list query, its `status` and `event_type` filters included, as views. */
  abstract listDeliveries(endpointId: string, query: ListQuery): Promise<ListPage<Record<string, unknown>>>;
  abstract findDelivery(endpointId: string, id: string, forUpdate?: boolean): Promise<WebhookDelivery | undefined>;
  abstract requeue(id: string, now: Date): Promise<void>;

  /** Claims one delivery if it is pending, due and not leased (`FOR UPDATE SKIP LOCKED`), leased until `leaseUntil`. */
  abstract claim(deliveryId: string, now: Date, leaseUntil: Date): Promise<ClaimedDelivery | undefined>;
  /** Ids of pending deliveries due before `dueBefore` and not leased (the sweep's candidates), oldest first. */
  abstract overduePending(dueBefore: Date, limit: number): Promise<string[]>;
  /** Writes the outcome of an attempt if the lease still holds; false when it no longer does. */
  abstract recordAttempt(claim: ClaimedDelivery, change: { status: DeliveryStatus; attempt: DeliveryAttempt | null; nextAttemptAt: Date | null; now: Date }): Promise<boolean>;
  abstract purgeDeliveriesBefore(cutoff: Date): Promise<number>;
}
