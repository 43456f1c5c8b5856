import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, moneyColumn as money, MoneyType, nullableText, timestampProperties } from '@estate/shared-kernel';
import { RealEstateProperty } from '../../domain/real-estate-property';

export const RealEstatePropertySchema = new EntitySchema<RealEstateProperty>({
  class: RealEstateProperty,
  tableName: 'real_estate_properties',
  properties: {
    ...caseRecordProperties(),
    address: { type: 'json' },
    propertyType: { type: 'string', length: 30 },
    propertyUse: nullableText(30),
    parcelNumber: nullableText(),
    isHomestead: { type: 'boolean', default: false },
    ownershipType: { type: 'string', length: 30 },
    ownershipPercentage: { type: MoneyType, columnType: 'numeric(5,2)', nullable: true },
    titleVesting: nullableText(1000),
    coOwners: { type: 'json', default: [] },
    deedType: nullableText(30),
    estimatedValue: money(),
    dateOfDeathValue: money(),
    assessedValue: money(),
    annualPropertyTax: money(),
    outstandingMortgage: money(),
    mortgageHolder: nullableText(),
    monthlyRentalIncome: money(),
    liens: { type: 'json', default: [] },
    status: { type: 'string', length: 30, default: 'owned' },
    salePrice: money(),
    saleDate: { type: CalendarDateType, nullable: true },
    institutionContactId: nullableText(26),
    notes: nullableText(10_000),
    // The newest completed valuation, projected by the valuations' writes; presented as `latest_valuation`.
    latestValuationId: { ...nullableText(26), hidden: true },
    latestValuationEstimatedValue: { ...money(), hidden: true },
    latestValuationDate: { type: CalendarDateType, nullable: true, hidden: true },
    ...timestampProperties(),
  },
});
