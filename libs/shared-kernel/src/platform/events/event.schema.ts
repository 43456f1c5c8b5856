import { EntitySchema } from '@mikro-orm/core';
import type { StoredEvent } from './event';

/** An events row as the list statements read it: the stored event and its once-key. */
export interface EventRecord extends StoredEvent {
  onceKey: string | null;
}

/**
 * The events table (the outbox), described for the kernel's list and read statements only: rows are inserted by
 * `EventOutbox` in the transaction of the change they tell, never through the unit of work.
 */
export const EventRecordSchema = new EntitySchema<EventRecord>({
  name: 'EventRecord',
  tableName: 'events',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    organizationId: { type: 'string', length: 26 },
    caseId: { type: 'string', length: 26, nullable: true },
    type: { type: 'string', length: 80 },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    data: { type: 'json' },
    onceKey: { type: 'string', length: 120, nullable: true },
  },
});
