import type { EntityProperty } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { monotonicFactory } from 'ulid';
import {
  Clock,
  findRecords,
  ListPage,
  ListQuery,
  listRows,
  pooledRandom,
  RecordColumns,
  recordColumns,
  RowView,
  StoredEvent,
} from '@estate/shared-kernel';
import type { DeliveryAttempt } from '../../domain/delivery-rules';
import type { DeliveryStatus } from '../../domain/webhook-vocabulary';
import { ClaimedDelivery, DeliveryFanOut, WebhookDelivery, WebhookEndpoint, WebhookStore } from '../../application/ports/webhook-store.port';
import { WebhookDeliverySchema, WebhookEndpointSchema } from './webhook.schemas';

type Row = Record<string, unknown>;

/** One delivery id per possible endpoint of an organization (at most 20), handed to the fan-out insert. */
const FAN_OUT_IDS = 20;
/**
 * The fan-out, as a part of the event's own statement: it reads the inserted event from `emitted`. The delivery ids
 * arrive as one comma-separated text (a ULID holds no comma): `pg` quotes a `text[]` parameter element by element, a
 * cost every write paid for ids most never use (issue 39).
 */
function fanOutAlongEvent(param: (n: number) => string): string {
  return `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, organization_id, status, attempts, next_attempt_at, created_at, updated_at)
   select (string_to_array(${param(1)}::text, ','))[matching.position], matching.id, emitted.id, ${param(2)}::text, ${param(3)}::text, 'pending', '[]'::jsonb, ${param(4)}::timestamptz, ${param(4)}::timestamptz, ${param(4)}::timestamptz
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

/** A record's properties in its declaration's order: every column its statements write and read. */
function propertiesOf(columns: RecordColumns<any>): string[] {
  return Object.keys(columns.meta.properties);
}

/**
 * A record's row as the ORM would write it, from its declaration's metadata: each column with its value converted by
 * the column's type (an endpoint's secrets sealed by the field cipher, `enabled_events` as a `text[]` literal, JSON).
 */
function storedRow(em: EntityManager, columns: RecordColumns<any>, record: object, properties: readonly string[]): { names: string[]; values: unknown[] } {
  const platform = em.getPlatform();
  const fields = record as Record<string, unknown>;
  return {
    names: columns.columnsOf(properties).map(({ column }) => column),
    values: properties.map((property) => {
      const value = fields[property] ?? null;
      const type = (columns.meta.properties as Record<string, EntityProperty>)[property].customType;
      return value === null || !type ? value : type.convertToDatabaseValue(value, platform, { mode: 'query-data' });
    }),
  };
}

/** `alias.column as alias_column` for every column of a record: its part of a joined select. */
function aliasedColumns(columns: RecordColumns<any>, alias: string): string {
  return columns
    .columnsOf(propertiesOf(columns))
    .map(({ column }) => `${alias}.${column} as ${alias}_${column}`)
    .join(', ');
}

/** A record's own row out of a joined one (`aliasedColumns`): its columns without the alias. */
function unaliased(row: Row, columns: RecordColumns<any>, alias: string): Row {
  return Object.fromEntries(columns.columnsOf(propertiesOf(columns)).map(({ column }) => [column, row[`${alias}_${column}`]]));
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/**
 * Endpoints and deliveries in PostgreSQL. Reads are the kernel's statements over the declarations' schemas
 * (resources/), the lists answered as views straight from the rows (no list reads a secret); a statement that writes a
 * whole record (an endpoint, a ping's delivery) takes its columns and their conversions from the same metadata, the
 * endpoint's secrets sealed and opened by their column type; the rest are hand-written statements of what they move
 * (a status, a lease, an attempt) or compose with (the event's statement for the fan-out, the claim's join).
 */
@Injectable()
export class SqlWebhookStore extends WebhookStore {
  private readonly nextId = monotonicFactory(pooledRandom);
  private views?: { endpoint: RowView<any>; delivery: RowView<any> };
  private claimStatement?: string;

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** The tables' columns, from the ORM's metadata of the declarations (worked out once, by the kernel). */
  private get endpoints() {
    return recordColumns(this.em, WebhookEndpointSchema);
  }

  private get deliveries() {
    return recordColumns(this.em, WebhookDeliverySchema);
  }

  async countOfOrganization(organizationId: string): Promise<number> {
    // Two creations at once must not both pass the limit: the organization's endpoint creations queue here.
    await inTransaction(this.em, `select pg_advisory_xact_lock(hashtext('webhook_endpoints:' || ?))`, [organizationId]);
    const rows = await inTransaction<Array<{ count: string }>>(this.em, 'select count(*) as count from webhook_endpoints where organization_id = ?', [organizationId]);
    return Number(rows[0].count);
  }

  async insertEndpoint(endpoint: WebhookEndpoint): Promise<void> {
    await this.insert(this.em, this.endpoints, endpoint);
  }

  async findEndpoint(organizationId: string, id: string, forUpdate = false): Promise<WebhookEndpoint | undefined> {
    const [fields] = await findRecords(this.em, WebhookEndpointSchema, [{ id, organizationId }], { forUpdate });
    return fields;
  }

  async listEndpoints(organizationId: string, query: ListQuery): Promise<ListPage<Record<string, unknown>>> {
    const page = await listRows(this.em, this.endpoints, [{ organizationId }], query);
    const { endpoint } = this.rowViews();
    const context = { today: this.clock.today() };
    return { rows: page.rows.map((row) => endpoint.view(row, context)), meta: page.meta };
  }

  async updateEndpoint(endpoint: WebhookEndpoint): Promise<void> {
    const columns = this.endpoints;
    const { names, values } = storedRow(this.em, columns, endpoint, propertiesOf(columns).filter((property) => property !== 'id'));
    await inTransaction(this.em, `update ${columns.table} set ${names.map((name) => `${name} = ?`).join(', ')} where id = ?`, [...values, endpoint.id]);
  }

  async deleteEndpoint(id: string): Promise<void> {
    await inTransaction(this.em, 'delete from webhook_endpoints where id = ?', [id]);
  }

  fanOutAlong(event: StoredEvent): DeliveryFanOut {
    // Every write runs this (issue 19): inside the event's own statement, prepared, on the write's connection.
    let ids = this.nextId();
    for (let count = 1; count < FAN_OUT_IDS; count++) ids += `,${this.nextId()}`;
    const prefixPattern = `${event.type.split('.')[0]}.*`;
    return { key: 'webhook-fan-out', text: fanOutAlongEvent, values: [ids, event.type, event.organizationId, event.createdAt, prefixPattern] };
  }

  async insertDelivery(endpointId: string, event: StoredEvent): Promise<string> {
    const delivery: WebhookDelivery = {
      id: this.nextId(),
      endpointId,
      eventId: event.id,
      eventType: event.type,
      organizationId: event.organizationId,
      status: 'pending',
      attempts: [],
      nextAttemptAt: event.createdAt,
      leaseUntil: null,
      createdAt: event.createdAt,
      updatedAt: event.createdAt,
    };
    await this.insert(this.em, this.deliveries, delivery);
    return delivery.id;
  }

  async cancelPendingOfCase(caseId: string): Promise<void> {
    await inTransaction(
      this.em,
      `update webhook_deliveries set status = 'cancelled', next_attempt_at = null, lease_until = null, updated_at = now()
       where status = 'pending' and event_id in (select id from events where case_id = ? and type <> 'case.deleted')`,
      [caseId],
    );
  }

  async cancelPendingOfEndpoint(endpointId: string): Promise<void> {
    await inTransaction(
      this.em,
      `update webhook_deliveries set status = 'cancelled', next_attempt_at = null, lease_until = null, updated_at = now() where endpoint_id = ? and status = 'pending'`,
      [endpointId],
    );
  }

  async listDeliveries(endpointId: string, query: ListQuery): Promise<ListPage<Record<string, unknown>>> {
    // `status` and `event_type` are the query's declared filters: the kernel's statement applies them.
    const page = await listRows(this.em, this.deliveries, [{ endpointId }], query);
    const { delivery } = this.rowViews();
    const context = { today: this.clock.today() };
    return { rows: page.rows.map((row) => delivery.view(row, context)), meta: page.meta };
  }

  async findDelivery(endpointId: string, id: string, forUpdate = false): Promise<WebhookDelivery | undefined> {
    const [fields] = await findRecords(this.em, WebhookDeliverySchema, [{ id, endpointId }], { forUpdate });
    return fields;
  }

  async requeue(id: string, now: Date): Promise<void> {
    await inTransaction(this.em, `update webhook_deliveries set status = 'pending', next_attempt_at = ?, lease_until = null, updated_at = ? where id = ?`, [now, now, id]);
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
    const deliveries = this.deliveries;
    const endpoints = this.endpoints;
    // One statement, so one short transaction: the rows are locked (others skip them), leased, and released at once.
    this.claimStatement ??= `with due as (
         select id from webhook_deliveries
         where id = ? and status = 'pending' and next_attempt_at <= ? and (lease_until is null or lease_until <= ?)
         for update skip locked
       ), claimed as (
         update webhook_deliveries d set lease_until = ? from due where d.id = due.id returning d.*
       )
       select c.*, ${aliasedColumns(endpoints, 'e')},
         ev.id as ev_id, ev.type as ev_type, ev.organization_id as ev_organization_id, ev.case_id as ev_case_id, ev.created_at as ev_created_at, ev.data as ev_data
       from claimed c
       left join webhook_endpoints e on e.id = c.endpoint_id
       left join events ev on ev.id = c.event_id`;
    const rows = await this.em.fork().execute<Row[]>(this.claimStatement, [deliveryId, now, now, leaseUntil]);
    const claimed = rows.map((row) => ({
      delivery: deliveries.fieldsOf(row),
      leaseUntil,
      endpoint: row.e_id ? endpoints.fieldsOf(unaliased(row, endpoints, 'e')) : undefined,
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

  async recordAttempt(claim: ClaimedDelivery, change: { status: DeliveryStatus; attempt: DeliveryAttempt | null; nextAttemptAt: Date | null; now: Date }): Promise<boolean> {
    const rows = await inTransaction<Array<{ id: string }>>(
      this.em,
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

  /** A whole record's row, its columns and values from its declaration's metadata. */
  private async insert(em: EntityManager, columns: RecordColumns<any>, record: object): Promise<void> {
    const { names, values } = storedRow(em, columns, record, propertiesOf(columns));
    await inTransaction(em, `insert into ${columns.table} (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`, values);
  }

  /** The declarations' views of a row, worked out once. */
  private rowViews(): { endpoint: RowView<any>; delivery: RowView<any> } {
    this.views ??= {
      endpoint: new RowView(this.endpoints, { schema: WebhookEndpointSchema }),
      delivery: new RowView(this.deliveries, { schema: WebhookDeliverySchema }),
    };
    return this.views;
  }
}
