import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EventActor } from './event';
import type { RecordStatement } from '../transactions/record-statements';
import { transactionRows } from '../transactions/transaction-rows';
import { EventOutbox } from './event-outbox';
import { EventTypeCatalog } from './event-types';

/** Fields every write changes: they tell nothing a reader of `previous_attributes` would act on. */
const BOOKKEEPING_FIELDS: ReadonlySet<string> = new Set(['updated_at']);

/**
 * The former values of the fields that differ between two presentations of one resource (both already masked), or
 * undefined when no field a client sees changed.
 */
export function previousAttributes(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> | undefined {
  const previous: Record<string, unknown> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (BOOKKEEPING_FIELDS.has(field)) continue;
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) previous[field] = before[field] ?? null;
  }
  return Object.keys(previous).length > 0 ? previous : undefined;
}

export interface EventSubject {
  /** The event key of §14.2 (`person`, `bank_account`, `deadline`). */
  key: string;
  caseId: string | null;
  organizationId?: string;
  actor?: EventActor;
}

/**
 * `{key}.created`, `{key}.updated`/`{key}.status_changed` and `{key}.deleted` from the presentations of a resource
 * before and after a write: the one way every write path (generic records, aggregates, the case context, processors)
 * tells its changes, so a resource gets its events from its declaration and writes no event code of its own.
 */
@Injectable()
export class ResourceEvents {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly eventTypes: EventTypeCatalog,
  ) {}

  /** `write`: the record's own statement, run in the event's (`EventOutbox.emit`'s `along`). */
  async created(em: EntityManager, subject: EventSubject, object: Record<string, unknown>, write?: RecordStatement): Promise<void> {
    await this.outbox.emit(em, { ...this.draftOf(subject), type: `${subject.key}.created`, object }, write);
  }

  /** Nothing when no visible field changed; `status_changed` when its status field moved on a resource of that list. */
  async changed(em: EntityManager, subject: EventSubject, before: Record<string, unknown>, after: Record<string, unknown>, write?: RecordStatement): Promise<void> {
    const previous = previousAttributes(before, after);
    if (previous === undefined) {
      // A change no client sees tells nothing, but is still written.
      if (write && (await transactionRows(em, write.text, write.values)).length === 0) throw write.failed();
      return;
    }
    const statusField = this.eventTypes.statusFieldOf(subject.key);
    const statusMoved = statusField !== undefined && statusField in previous;
    const type = `${subject.key}.${statusMoved ? 'status_changed' : 'updated'}`;
    await this.outbox.emit(em, { ...this.draftOf(subject), type, object: after, previousAttributes: previous }, write);
  }

  async deleted(em: EntityManager, subject: EventSubject, lastState: Record<string, unknown>): Promise<void> {
    await this.outbox.emit(em, { ...this.draftOf(subject), type: `${subject.key}.deleted`, object: lastState });
  }

  /** A deleted case's events go with it, except `case.deleted` (contract §14.7). */
  erasedCase(em: EntityManager, caseId: string): Promise<void> {
    return this.outbox.eraseCaseEvents(em, caseId);
  }

  private draftOf(subject: EventSubject) {
    return { caseId: subject.caseId, organizationId: subject.organizationId, actor: subject.actor };
  }
}
