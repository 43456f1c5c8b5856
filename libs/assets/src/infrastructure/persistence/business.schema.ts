import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, EncryptedStringType, moneyColumn as money, MoneyType, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Business } from '../../domain/business';

export const BusinessSchema = new EntitySchema<Business>({
  class: Business,
  tableName: 'businesses',
  properties: {
    ...caseRecordProperties(),
    businessName: { type: 'string', length: 200 },
    entityType: { type: 'string', length: 30 },
    stateOfFormation: nullableText(2),
    ein: { type: EncryptedStringType, nullable: true },
    status: { type: 'string', length: 20, default: 'active' },
    deceasedRole: nullableText(20),
    ownershipPercentage: { type: MoneyType, columnType: 'numeric(5,2)' },
    coOwners: { type: 'json', default: [] },
    estimatedValue: money(),
    valuationDate: { type: CalendarDateType, nullable: true },
    valuationMethod: nullableText(30),
    // Derived on every save (the declaration's `derive`), never written by a client.
    interestValue: money(),
    hasOperatingAgreement: { type: 'boolean', default: false },
    hasBuySellAgreement: { type: 'boolean', default: false },
    successionPlan: nullableText(30),
    registeredAgent: nullableText(),
    salePrice: money(),
    saleDate: { type: CalendarDateType, nullable: true },
    institutionContactId: nullableText(26),
    notes: nullableText(10_000),
    ...timestampProperties(),
  },
});
