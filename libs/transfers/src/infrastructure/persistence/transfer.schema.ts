import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, CalendarDateType, MoneyType, timestampProperties } from '@estate/shared-kernel';
import { Transfer } from '../../domain/transfer';
import { TransferEvent } from '../../domain/transfer-event';

const timestamp = (fieldName: string, nullable = true) => ({ type: 'Date', columnType: 'timestamptz(3)', fieldName, nullable }) as const;

export const TransferSchema = new EntitySchema<Transfer>({
  class: Transfer,
  tableName: 'transfers',
  properties: {
    ...caseRecordProperties(),
    bankAccountId: { type: 'string', fieldName: 'bank_account_id', length: 26 },
    estateAccountId: { type: 'string', fieldName: 'estate_account_id', length: 26 },
    method: { type: 'string', length: 20 },
    amountRequested: { type: MoneyType, fieldName: 'amount_requested' },
    amountSettled: { type: MoneyType, fieldName: 'amount_settled', nullable: true },
    currency: { type: 'string', length: 3 },
    memo: { type: 'text', nullable: true },
    status: { type: 'string', length: 20 },
    statusReason: { type: 'text', fieldName: 'status_reason', nullable: true },
    returnCode: { type: 'string', fieldName: 'return_code', length: 3, nullable: true },
    requestedBy: { type: 'string', fieldName: 'requested_by', length: 26 },
    requestedAt: timestamp('requested_at', false),
    submittedAt: timestamp('submitted_at'),
    settledAt: timestamp('settled_at'),
    expectedSettlementDate: { type: CalendarDateType, fieldName: 'expected_settlement_date', nullable: true },
    traceNumber: { type: 'string', fieldName: 'trace_number', length: 15, nullable: true },
    nextStepAt: { ...timestamp('next_step_at'), hidden: true },
    eventCount: { type: 'integer', fieldName: 'event_count', hidden: true },
    ...timestampProperties(),
  },
});

export const TransferEventSchema = new EntitySchema<TransferEvent>({
  class: TransferEvent,
  tableName: 'transfer_events',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    transferId: { type: 'string', fieldName: 'transfer_id', length: 26 },
    caseId: { type: 'string', fieldName: 'case_id', length: 26, hidden: true },
    sequence: { type: 'integer' },
    fromStatus: { type: 'string', fieldName: 'from_status', length: 20, nullable: true },
    toStatus: { type: 'string', fieldName: 'to_status', length: 20 },
    actor: { type: 'string', length: 60 },
    reason: { type: 'text', nullable: true },
    occurredAt: timestamp('occurred_at', false),
  },
});

export const TRANSFERS_ENTITIES = [TransferSchema, TransferEventSchema];
