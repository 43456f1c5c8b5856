import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, moneyColumn, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Distribution } from '../../domain/distribution';

const calendarDate = { type: CalendarDateType, nullable: true } as const;

/** Contract-extensions §12.7: distributions of the estate. */
export const DistributionSchema = new EntitySchema<Distribution>({
  class: Distribution,
  tableName: 'distributions',
  properties: {
    ...caseRecordProperties(),
    personId: { ...nullableText(26) },
    recipientName: { type: 'string', length: 200 },
    distributionType: { type: 'string', length: 30 },
    stage: { type: 'string', length: 10 },
    kind: { type: 'string', length: 10 },
    amount: moneyColumn(),
    sourceAccountId: { ...nullableText(26) },
    assetType: { ...nullableText(30) },
    assetId: { ...nullableText(26) },
    assetDescription: { type: 'text', nullable: true },
    value: moneyColumn(),
    method: { ...nullableText(30) },
    status: { type: 'string', length: 20 },
    approvedAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
    approvedBy: { ...nullableText(26) },
    paidDate: calendarDate,
    transactionId: { ...nullableText(26) },
    receiptSigned: { type: 'boolean', default: false },
    receiptDate: calendarDate,
    receiptDocumentId: { ...nullableText(26) },
    taxReported: { type: 'boolean', default: false },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
