import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, CalendarDateType, MoneyType, timestampProperties } from '@estate/shared-kernel';
import { Transfer } from '../../domain/transfer';
import { TransferEvent } from '../../domain/transfer-event';

const timestamp = (nullable = true) => ({ type: 'Date', columnType: 'timestamptz(3)', nullable }) as const;

export const TransferSchema = new EntitySchema<Transfer>({
  class: Transfer,
  tableName: 'transfers',
  properties: {
    ...caseRecordProperties(),
    bankAccountId: { type: 'string', length: 26 },
    estateAccountId: { type: 'string', length: 26 },
    method: { type: 'string', length: 20 },
    amountRequested: { type: MoneyType },
    amountSettled: { type: MoneyType, nullable: true },
    currency: { type: 'string', length: 3 },
    memo: { type: 'text', nullable: true },
    status: { type: 'string', length: 20 },
    statusReason: { type: 'text', nullable: true },
    returnCode: { type: 'string', length: 3, nullable: true },
    requestedBy: { type: 'string', length: 26 },
    requestedAt: timestamp(false),
    submittedAt: timestamp(),
    settledAt: timestamp(),
    fundsAvailableAt: timestamp(),
    fundsReleasedAt: { ...timestamp(), hidden: true },
    expectedSettlementDate: { type: CalendarDateType, nullable: true },
    traceNumber: { type: 'string', length: 15, nullable: true },
    nextStepAt: { ...timestamp(), hidden: true },
    eventCount: { type: 'integer', hidden: true },
    ...timestampProperties(),
  },
});

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

