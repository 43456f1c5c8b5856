import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, moneyColumn, nullableText, timestampProperties } from '@estate/shared-kernel';
import { UnclaimedProperty } from '../../domain/unclaimed-property';

const calendarDate = { type: CalendarDateType, nullable: true } as const;

/** Contract-extensions §12.5: unclaimed property of the case. */
export const UnclaimedPropertySchema = new EntitySchema<UnclaimedProperty>({
  class: UnclaimedProperty,
  tableName: 'unclaimed_properties',
  properties: {
    ...caseRecordProperties(),
    state: { type: 'string', length: 2 },
    holderName: { type: 'string', length: 200 },
    propertyType: { type: 'string', length: 30 },
    propertyDescription: { type: 'text', nullable: true },
    reportedAmount: moneyColumn(),
    ownerNameOnRecord: { ...nullableText() },
    statePropertyId: { ...nullableText() },
    claimStatus: { type: 'string', length: 20 },
    claimNumber: { ...nullableText() },
    claimUrl: { ...nullableText(2048) },
    claimFiledDate: calendarDate,
    claimApprovedDate: calendarDate,
    claimPaidDate: calendarDate,
    claimPaidAmount: moneyColumn(),
    denialReason: { type: 'text', nullable: true },
    requiredDocuments: { type: 'json' },
    documentIds: { type: 'json' },
    searchId: { ...nullableText(26) },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
