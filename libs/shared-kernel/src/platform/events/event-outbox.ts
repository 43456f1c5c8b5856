import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { monotonicFactory } from 'ulid';
import { CaseOwnership } from '../access/case-access';
import { pooledRandom } from '../transactions/pooled-random';
import { transactionRows } from '../transactions/transaction-rows';
import type { RecordStatement } from '../transactions/record-statements';
import { Clock } from '../clock/clock';
import { currentActor } from '../context/request-scope';
import { EventActor, StoredEvent } from './event';

const INSERT_EVENT = `insert into events (id, organization_id, case_id, type, created_at, data, once_key) values ($1, $2, $3, $4, $5, $6::jsonb, $7)
  on conflict (once_key) where once_key is not null do nothing returning id`;

/**
 * The event row written by the statement that writes the record (issue 19: one round trip, not two): the record's
 * INSERT or UPDATE as a data-modifying CTE, the event inserted only when it wrote its row. Its parameters come first.
 */
function insertEventAlong(record: string, offset: number): string {
  const $ = (n: number) => `$${offset + n}`;
  return `with written as (${record})
  insert into events (id, organization_id, case_id, type, created_at, data, once_key)
  select ${$(1)}::text, ${$(2)}::text, ${$(3)}::text, ${$(4)}::text, ${$(5)}::timestamptz, ${$(6)}::jsonb, ${$(7)}::text where exists (select 1 from written)
  on conflict (once_key) where once_key is not null do nothing returning id`;
}

/** What a change tells: the type, the case (`null` for organization-level events) and the resource as `GET` shows it. */
export interface EventDraft {
  type: string;
  caseId: string | null;
  /** Required for organization-level events and for a case not yet visible outside this transaction. */
  organizationId?: string;
  object: Record<string, unknown>;
  previousAttributes?: Record<string, unknown>;
  /** Defaults to the request's user, or the service (`api`) outside a request. */
  actor?: EventActor;
  /** Scheduled events are sent once each: a second emit with the same key writes nothing and returns undefined. */
  onceKey?: string;
}

/** Whoever acts on events inside the transaction that writes them (webhook deliveries, one row per endpoint). */
export interface EventSubscriber {
  eventEmitted(em: EntityManager, event: StoredEvent): Promise<void>;
  /** Inside a case deletion, before the case's events go (all but `case.deleted`). */
  caseEventsErasing?(em: EntityManager, caseId: string): Promise<void>;
}

/**
 * The outbox (contract §14.7): an event row, and whatever its subscribers add, written in the transaction of the
 * change itself — a rolled-back write emits nothing, a committed one is never lost. Called only inside a unit of work.
 */
@Injectable()
export class EventOutbox {
  private readonly subscribers: EventSubscriber[] = [];
  private readonly nextId = monotonicFactory(pooledRandom);
  /** Organization of each case, per transaction: a case never changes organization. */
  private readonly organizations = new WeakMap<object, Map<string, string>>();

  private ownership?: CaseOwnership;
  private readonly alongTexts = new Map<string, string>();

  constructor(
    private readonly clock: Clock,
    private readonly moduleRef: ModuleRef,
  ) {}

  subscribe(subscriber: EventSubscriber): void {
    this.subscribers.push(subscriber);
  }

  /**
   * Writes the event in the change's transaction. `along`, the record's own write, runs in the same statement, first;
   * when it writes no row (its version is gone) nothing is written and its error is thrown.
   */
  async emit(em: EntityManager, draft: EventDraft, along?: RecordStatement): Promise<StoredEvent | undefined> {
    const transaction = em.getTransactionContext();
    if (transaction === undefined) throw new Error(`event ${draft.type} emitted outside a transaction: it could be lost`);
    const organizationId = draft.organizationId ?? (await this.organizationOf(em, draft.caseId));
    const data: StoredEvent['data'] = { object: draft.object, actor: draft.actor ?? currentActor() };
    if (draft.previousAttributes !== undefined) data.previous_attributes = draft.previousAttributes;
    const event: StoredEvent = { id: this.nextId(), type: draft.type, organizationId, caseId: draft.caseId, createdAt: this.clock.now(), data };
    const values = [event.id, organizationId, event.caseId, event.type, event.createdAt, JSON.stringify(data), draft.onceKey ?? null];
    if (along !== undefined && draft.onceKey !== undefined) throw new Error('an event told with its record\'s write is never a scheduled one');
    const inserted = along
      ? await transactionRows<{ id: string }>(em, this.alongText(along.text, along.values.length), [...along.values, ...values], { prepared: true })
      : await transactionRows<{ id: string }>(em, INSERT_EVENT, values, { prepared: true });
    if (inserted.length === 0) {
      if (along) throw along.failed();
      return undefined;
    }
    for (const subscriber of this.subscribers) await subscriber.eventEmitted(em, event);
    return event;
  }

  private alongText(record: string, offset: number): string {
    let text = this.alongTexts.get(record);
    if (text === undefined) this.alongTexts.set(record, (text = insertEventAlong(record, offset)));
    return text;
  }

  /** Contract §14.7: deleting a case deletes its events except `case.deleted`, and its subscribers' pending work. */
  async eraseCaseEvents(em: EntityManager, caseId: string): Promise<void> {
    for (const subscriber of this.subscribers) await subscriber.caseEventsErasing?.(em, caseId);
    await em.getConnection().execute(`delete from events where case_id = ? and type <> 'case.deleted'`, [caseId], 'run', em.getTransactionContext());
  }

  /**
   * From the owners the access guard keeps in memory when it has the case (a case never changes organization, and the
   * unit of work holds the live case row), else read on the change's own connection: asking the ownership cache to
   * load could take a second pooled connection, and a transaction that waits for one while others wait for its case
   * lock would stall them all. The read is one primary-key lookup, once per transaction and case.
   */
  private async organizationOf(em: EntityManager, caseId: string | null): Promise<string> {
    if (caseId === null) throw new Error('an organization-level event must name its organization');
    this.ownership ??= this.moduleRef.get(CaseOwnership, { strict: false });
    const owner = this.ownership.knownOrganizationOf(caseId);
    if (owner !== undefined) return owner;
    const transaction = em.getTransactionContext() as object;
    const known = this.organizations.get(transaction) ?? new Map<string, string>();
    const cached = known.get(caseId);
    if (cached !== undefined) return cached;
    const rows = await em.getConnection().execute<Array<{ organization_id: string }>>(
      'select organization_id from cases where id = ?',
      [caseId],
      'all',
      transaction,
    );
    if (rows.length === 0) throw new Error(`event for case ${caseId}, which does not exist`);
    known.set(caseId, rows[0].organization_id);
    this.organizations.set(transaction, known);
    return rows[0].organization_id;
  }
}
