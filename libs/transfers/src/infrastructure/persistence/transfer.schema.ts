import { EntitySchema } from '@mikro-orm/core';
import { TransferEvent } from '../../domain/transfer-event';

const timestamp = (nullable = true) => ({ type: 'Date', columnType: 'timestamptz(3)', nullable }) as const;

export const TransferEventSchema = new EntitySchema<TransferEvent>({
  class: TransferEvent,
  tableName: 'transfer_events',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    transferId: { type: 'string', length: 26 },
    caseId: { type: 'string', length: 26, hidden: true },
    sequence: { type: 'integer' },
    fromStatus: { type: 'string', length: 20, nullable: true },
    toStatus: { type: 'string', length: 20 },
    actor: { type: 'string', length: 60 },
    reason: { type: 'text', nullable: true },
    occurredAt: timestamp(false),
  },
});

