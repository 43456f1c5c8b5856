import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { monotonicFactory } from 'ulid';
import { FieldCipher, findRecords, ListPage, ListQuery, pooledRandom, RecordFields, runListQuery, StoredEvent } from '@estate/shared-kernel';
import type { DeliveryAttempt } from '../../domain/delivery-rules';
import {
  ClaimedDelivery,
  DeliveryFanOut,
  DeliveryStatus,
  ListedEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookStore,
} from '../../application/ports/webhook-store.port';
import { WebhookDeliveryRow, WebhookDeliveryRowSchema, WebhookEndpointRow, WebhookEndpointRowSchema } from './webhook.schemas';

type Row = Record<string, unknown>;

const ENDPOINT_COLUMNS =
  'id, organization_id, url, description, enabled_events, status, disabled_reason, secret, previous_secret, previous_secret_expires_at, consecutive_failures, version, created_at, updated_at';
/** One delivery id per possible endpoint of an organization (at most 20), handed to the fan-out insert. */
const FAN_OUT_IDS = 20;
/** The fan-out, as a part of the event's own statement: it reads the inserted event from `emitted`. */
function fanOutAlongEvent(param: (n: number) => string): string {
  return `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, organization_id, status, attempts, next_attempt_at, created_at, updated_at)
   select (${param(1)}::text[])[matching.position], matching.id, emitted.id, ${param(2)}::text, ${param(3)}::text, 'pending', '[]'::jsonb, ${param(4)}::timestamptz, ${param(4)}::timestamptz, ${param(4)}::timestamptz
   from emitted cross join (
     select id, row_number() over (order by id) as position from webhook_endpoints
     where organization_id = ${param(3)}::text and status = 'enabled'
       and ('*' = any(enabled_events) or ${param(2)}::text = any(enabled_events) or ${param(5)}::text = any(enabled_events))
   ) matching
   returning id`;
}

/**
 * A statement in the caller's transaction. `em.execute` would not do: on the injected (global) entity manager it
 * runs on a pooled connection of its own, outside the transaction — a delivery row could then outlive a rolled-back
 * write, and a write holding the case lock would wait for a second connection.
 */
function inTransaction<T = Row[]>(em: EntityManager, sql: string, params: unknown[]): Promise<T> {
  return em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T>;
}

/** A text[] literal: the query builder would spread a JS array into separate parameters. */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

function endpointOf(row: Row, prefix = ''): WebhookEndpoint {
  const at = (column: string) => row[`${prefix}${column}`];
  return {
    id: at('id') as string,
    organizationId: at('organization_id') as string,
    url: at('url') as string,
    description: (at('description') as string | null) ?? null,
    enabledEvents: at('enabled_events') as string[],
    status: at('status') as WebhookEndpoint['status'],
    disabledReason: (at('disabled_reason') as WebhookEndpoint['disabledReason']) ?? null,
    secret: FieldCipher.decrypt(at('secret') as string),
    previousSecret: at('previous_secret') ? FieldCipher.decrypt(at('previous_secret') as string) : null,
    previousSecretExpiresAt: toDateOrNull(at('previous_secret_expires_at')),
    consecutiveFailures: Number(at('consecutive_failures')),
    version: Number(at('version')),
    createdAt: toDate(at('created_at')),
    updatedAt: toDate(at('updated_at')),
  };
}

/** A listed endpoint from its row's fields: no list shows a secret, so none is decrypted (or kept) here. */
function listedEndpointOf({ secret: _secret, previousSecret: _previous, ...listed }: RecordFields<WebhookEndpointRow>): ListedEndpoint {
  return listed;
}

/** An endpoint from its row's fields, its secrets unsealed for the routes and the dispatcher that use them. */
function unsealedEndpointOf(fields: RecordFields<WebhookEndpointRow>): WebhookEndpoint {
  return { ...fields, secret: FieldCipher.decrypt(fields.secret), previousSecret: fields.previousSecret ? FieldCipher.decrypt(fields.previousSecret) : null };
}

/** A listed delivery from its row's fields: all of them but the dispatcher's lease. */
function listedDeliveryOf({ leaseUntil: _lease, ...delivery }: RecordFields<WebhookDeliveryRow>): WebhookDelivery {
  return delivery;
}

function deliveryOf(row: Row): WebhookDelivery {
  return {
    id: row.id as string,
    endpointId: row.endpoint_id as string,
    eventId: row.event_id as string,
    eventType: row.event_type as string,
    organizationId: row.organization_id as string,
    status: row.status as DeliveryStatus,
    attempts: (typeof row.attempts === 'string' ? JSON.parse(row.attempts) : row.attempts) as DeliveryAttempt[],
    nextAttemptAt: toDateOrNull(row.next_attempt_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/**
 * Endpoints and deliveries in PostgreSQL, by hand-written statements; secrets through the kernel's field cipher. The
 * two lists are the kernel's list statements (`runListQuery`) over the tables' schemas (webhook.schemas.ts).
 */
@Injectable()
export class SqlWebhookStore extends WebhookStore {
  private readonly nextId = monotonicFactory(pooledRandom);

  constructor(private readonly em: EntityManager) {
    super();
  }

  async countOfOrganization(em: EntityManager, organizationId: string): Promise<number> {
    // Two creations at once must not both pass the limit: the organization's endpoint creations queue here.
    await inTransaction(em, `select pg_advisory_xact_lock(hashtext('webhook_endpoints:' || ?))`, [organizationId]);
    const rows = await inTransaction<Array<{ count: string }>>(em, 'select count(*) as count from webhook_endpoints where organization_id = ?', [organizationId]);
    return Number(rows[0].count);
  }

  async insertEndpoint(em: EntityManager, endpoint: WebhookEndpoint): Promise<void> {
    await inTransaction(
      em,
      `insert into webhook_endpoints (${ENDPOINT_COLUMNS}) values (?, ?, ?, ?, ?::text[], ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [...this.endpointValues(endpoint)],
    );
  }

  async findEndpoint(em: EntityManager, organizationId: string, id: string, forUpdate = false): Promise<WebhookEndpoint | undefined> {
    const [fields] = await findRecords(em, WebhookEndpointRowSchema, [{ id, organizationId }], { forUpdate });
    return fields && unsealedEndpointOf(fields);
  }

  async listEndpoints(organizationId: string, query: ListQuery): Promise<ListPage<ListedEndpoint>> {
    const page = await runListQuery(this.em, WebhookEndpointRowSchema, { organizationId }, query);
    return { rows: page.rows.map(listedEndpointOf), meta: page.meta };
  }

  async updateEndpoint(em: EntityManager, endpoint: WebhookEndpoint): Promise<void> {
    const [id, , url, description, enabledEvents, status, disabledReason, secret, previousSecret, previousExpiresAt, failures, version, , updatedAt] =
      this.endpointValues(endpoint);
    await inTransaction(
      em,
      `update webhook_endpoints set url = ?, description = ?, enabled_events = ?::text[], status = ?, disabled_reason = ?, secret = ?, previous_secret = ?,
         previous_secret_expires_at = ?, consecutive_failures = ?, version = ?, updated_at = ? where id = ?`,
      [url, description, enabledEvents, status, disabledReason, secret, previousSecret, previousExpiresAt, failures, version, updatedAt, id],
    );
  }

  async deleteEndpoint(em: EntityManager, id: string): Promise<void> {
    await inTransaction(em, 'delete from webhook_endpoints where id = ?', [id]);
  }

  fanOutAlong(event: StoredEvent): DeliveryFanOut {
    // Every write runs this (issue 19): inside the event's own statement, prepared, on the write's connection.
    const ids = Array.from({ length: FAN_OUT_IDS }, () => this.nextId());
    const prefixPattern = `${event.type.split('.')[0]}.*`;
    return { key: 'webhook-fan-out', text: fanOutAlongEvent, values: [ids, event.type, event.organizationId, event.createdAt, prefixPattern] };
  }

  async insertDelivery(em: EntityManager, endpointId: string, event: StoredEvent): Promise<string> {
    const id = this.nextId();
    await inTransaction(
      em,
      `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, organization_id, status, attempts, next_attempt_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'pending', '[]'::jsonb, ?, ?, ?)`,
      [id, endpointId, event.id, event.type, event.organizationId, event.createdAt, event.createdAt, event.createdAt],
    );
    return id;
  }

  async cancelPendingOfCase(em: EntityManager, caseId: string): Promise<void> {
    await inTransaction(
      em,
      `update webhook_deliveries set status = 'cancelled', next_attempt_at = null, lease_until = null, updated_at = now()
       where status = 'pending' and event_id in (select id from events where case_id = ? and type <> 'case.deleted')`,
      [caseId],
    );
  }

  async cancelPendingOfEndpoint(em: EntityManager, endpointId: string): Promise<void> {
    await inTransaction(
      em,
      `update webhook_deliveries set status = 'cancelled', next_attempt_at = null, lease_until = null, updated_at = now() where endpoint_id = ? and status = 'pending'`,
      [endpointId],
    );
  }

  async listDeliveries(endpointId: string, query: ListQuery): Promise<ListPage<WebhookDelivery>> {
    // `status` and `event_type` are the query's declared filters: the kernel's statement applies them.
    const page = await runListQuery(this.em, WebhookDeliveryRowSchema, { endpointId }, query);
    return { rows: page.rows.map(listedDeliveryOf), meta: page.meta };
  }

  async findDelivery(em: EntityManager, endpointId: string, id: string, forUpdate = false): Promise<WebhookDelivery | undefined> {
    const [fields] = await findRecords(em, WebhookDeliveryRowSchema, [{ id, endpointId }], { forUpdate });
    return fields && listedDeliveryOf(fields);
  }

  async requeue(em: EntityManager, id: string, now: Date): Promise<void> {
    await inTransaction(em, `update webhook_deliveries set status = 'pending', next_attempt_at = ?, lease_until = null, updated_at = ? where id = ?`, [now, now, id]);
  }

  async overduePending(dueBefore: Date, limit: number): Promise<string[]> {
    const rows = await this.em.fork().execute<Array<{ id: string }>>(
      `select id from webhook_deliveries where status = 'pending' and next_attempt_at < ? and (lease_until is null or lease_until <= ?)
       order by next_attempt_at limit ?`,
      [dueBefore, dueBefore, limit],
    );
    return rows.map((row) => row.id);
  }

  async claim(deliveryId: string, now: Date, leaseUntil: Date): Promise<ClaimedDelivery | undefined> {
    // One statement, so one short transaction: the rows are locked (others skip them), leased, and released at once.
    const rows = await this.em.fork().execute<Row[]>(
      `with due as (
         select id from webhook_deliveries
         where id = ? and status = 'pending' and next_attempt_at <= ? and (lease_until is null or lease_until <= ?)
         for update skip locked
       ), claimed as (
         update webhook_deliveries d set lease_until = ? from due where d.id = due.id returning d.*
       )
       select c.id, c.endpoint_id, c.event_id, c.event_type, c.organization_id, c.status, c.attempts, c.next_attempt_at, c.created_at, c.updated_at,
         e.id as e_id, e.organization_id as e_organization_id, e.url as e_url, e.description as e_description, e.enabled_events as e_enabled_events,
         e.status as e_status, e.disabled_reason as e_disabled_reason, e.secret as e_secret, e.previous_secret as e_previous_secret,
         e.previous_secret_expires_at as e_previous_secret_expires_at, e.consecutive_failures as e_consecutive_failures, e.version as e_version,
         e.created_at as e_created_at, e.updated_at as e_updated_at,
         ev.id as ev_id, ev.type as ev_type, ev.organization_id as ev_organization_id, ev.case_id as ev_case_id, ev.created_at as ev_created_at, ev.data as ev_data
       from claimed c
       left join webhook_endpoints e on e.id = c.endpoint_id
       left join events ev on ev.id = c.event_id`,
      [deliveryId, now, now, leaseUntil],
    );
    const claimed = rows.map((row) => ({
      delivery: deliveryOf(row),
      leaseUntil,
      endpoint: row.e_id ? endpointOf(row, 'e_') : undefined,
      event: row.ev_id
        ? {
            id: row.ev_id as string,
            type: row.ev_type as string,
            organizationId: row.ev_organization_id as string,
            caseId: (row.ev_case_id as string | null) ?? null,
            createdAt: toDate(row.ev_created_at),
            data: (typeof row.ev_data === 'string' ? JSON.parse(row.ev_data) : row.ev_data) as StoredEvent['data'],
          }
        : undefined,
    }));
    return claimed[0];
  }

  async recordAttempt(
    em: EntityManager,
    claim: ClaimedDelivery,
    change: { status: DeliveryStatus; attempt: DeliveryAttempt | null; nextAttemptAt: Date | null; now: Date },
  ): Promise<boolean> {
    const rows = await inTransaction<Array<{ id: string }>>(
      em,
      `update webhook_deliveries set status = ?, attempts = attempts || ?::jsonb, next_attempt_at = ?, lease_until = null, updated_at = ?
       where id = ? and status = 'pending' and lease_until = ? returning id`,
      [change.status, JSON.stringify(change.attempt ? [change.attempt] : []), change.nextAttemptAt, change.now, claim.delivery.id, claim.leaseUntil],
    );
    return rows.length > 0;
  }

  async purgeDeliveriesBefore(cutoff: Date): Promise<number> {
    const rows = await this.em.fork().execute<Array<{ id: string }>>(
      `delete from webhook_deliveries where created_at < ? and status <> 'pending' returning id`,
      [cutoff],
    );
    return rows.length;
  }

  private endpointValues(endpoint: WebhookEndpoint): unknown[] {
    return [
      endpoint.id,
      endpoint.organizationId,
      endpoint.url,
      endpoint.description,
      textArray(endpoint.enabledEvents),
      endpoint.status,
      endpoint.disabledReason,
      FieldCipher.encrypt(endpoint.secret),
      endpoint.previousSecret === null ? null : FieldCipher.encrypt(endpoint.previousSecret),
      endpoint.previousSecretExpiresAt,
      endpoint.consecutiveFailures,
      endpoint.version,
      endpoint.createdAt,
      endpoint.updatedAt,
    ];
  }
}
