import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { monotonicFactory } from 'ulid';
import { CaseOwnership, CaseRowLocation } from '../access/case-access';
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

/**
 * The event's statement with its subscribers' parts (issue 19): `emitted` is the inserted event (one row, none when the
 * record wrote nothing or a scheduled event was told before); each part is a further data-modifying CTE reading it;
 * the one row back carries the event's id (null: nothing written) and each part's returned ids.
 */
function eventStatementWithParts(record: string | undefined, recordValues: number, parts: readonly EventStatementPart[]): string {
  const $ = (n: number) => `$${recordValues + n}`;
  const ctes: string[] = [];
  if (record !== undefined) ctes.push(`written as (${record})`);
  ctes.push(`emitted as (insert into events (id, organization_id, case_id, type, created_at, data, once_key)
  select ${$(1)}::text, ${$(2)}::text, ${$(3)}::text, ${$(4)}::text, ${$(5)}::timestamptz, ${$(6)}::jsonb, ${$(7)}::text${record !== undefined ? ' where exists (select 1 from written)' : ''}
  on conflict (once_key) where once_key is not null do nothing returning id)`);
  let offset = recordValues + 7;
  parts.forEach((part, index) => {
    const from = offset;
    ctes.push(`part${index} as (${part.text((n) => `$${from + n}`)})`);
    offset += part.values.length;
  });
  const returned = parts.map((_part, index) => `array(select id from part${index}) as part${index}`);
  return `with ${ctes.join(',\n')}\nselect (select id from emitted) as id${returned.map((column) => `, ${column}`).join('')}`;
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

/**
 * A subscriber's data-modifying statement run inside the event's own statement (one round trip for the record, its
 * event and, say, its webhook deliveries). Its text reads the inserted event from the CTE `emitted` (one row, or none
 * when nothing was written) and returns `id`s; its parameters are numbered with `param(1)`, `param(2)`, ….
 */
export interface EventStatementPart {
  /** Names the text among the statements the outbox prepares (`webhook-fan-out`). */
  readonly key: string;
  text(param: (n: number) => string): string;
  readonly values: readonly unknown[];
  /** Given the ids the part returned, in the same transaction (the one it runs in), after the statement. */
  joined(ids: readonly string[]): Promise<void>;
}

/** Whoever acts on events inside the transaction that writes them (webhook deliveries, one row per endpoint). */
export interface EventSubscriber {
  /** Its share of an event's work, run in the event's statement; undefined when the event is not for it. */
  joinEvent?(event: StoredEvent): EventStatementPart | undefined;
  /** Called after the event's statement, in its transaction. */
  eventEmitted?(em: EntityManager, event: StoredEvent): Promise<void>;
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
  private ownerText?: string;
  private readonly alongTexts = new Map<string, string>();
  /**
   * Texts with parts, by the record's statement text, then the parts' keys. Keyed by the record's own text (a string
   * the record's statements keep, whose hash V8 keeps with it) rather than by a key joined from it on every write.
   */
  private readonly partsTexts = new Map<string, Map<string, string>>();

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
    const parts = this.partsFor(event);
    if (parts.length > 0) {
      const recordValues = along?.values ?? [];
      const text = this.partsText(along?.text, recordValues.length, parts);
      const [row] = await transactionRows<Record<string, unknown>>(em, text, [...recordValues, ...values, ...parts.flatMap((part) => part.values)]);
      if (row.id === null) {
        if (along) throw along.failed();
        return undefined;
      }
      for (const [index, part] of parts.entries()) await part.joined(row[`part${index}`] as string[]);
    } else {
      const inserted = along
        ? await transactionRows<{ id: string }>(em, this.alongText(along.text, along.values.length), [...along.values, ...values])
        : await transactionRows<{ id: string }>(em, INSERT_EVENT, values);
      if (inserted.length === 0) {
        if (along) throw along.failed();
        return undefined;
      }
    }
    for (const subscriber of this.subscribers) await subscriber.eventEmitted?.(em, event);
    return event;
  }

  private partsFor(event: StoredEvent): EventStatementPart[] {
    const parts: EventStatementPart[] = [];
    for (const subscriber of this.subscribers) {
      const part = subscriber.joinEvent?.(event);
      if (part !== undefined) parts.push(part);
    }
    return parts;
  }

  private partsText(record: string | undefined, recordValues: number, parts: readonly EventStatementPart[]): string {
    let byParts = this.partsTexts.get(record ?? '');
    if (byParts === undefined) this.partsTexts.set(record ?? '', (byParts = new Map()));
    const key = parts.length === 1 ? parts[0].key : parts.map((part) => part.key).join(',');
    let text = byParts.get(key);
    if (text === undefined) byParts.set(key, (text = eventStatementWithParts(record, recordValues, parts)));
    return text;
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
    const rows = await em.getConnection().execute<Array<{ organization_id: string }>>((this.ownerText ??= ownerOfCaseText(this.ownership.caseRow)), [caseId], 'all', transaction);
    if (rows.length === 0) throw new Error(`event for case ${caseId}, which does not exist`);
    known.set(caseId, rows[0].organization_id);
    this.organizations.set(transaction, known);
    return rows[0].organization_id;
  }
}

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** The owner of a case, deleted or not (a `case.deleted` event names it), where the case context says the case row is. */
function ownerOfCaseText(row: CaseRowLocation): string {
  return `select ${quoted(row.organizationColumn)} as organization_id from ${quoted(row.table)} where ${quoted(row.idColumn)} = ?`;
}
