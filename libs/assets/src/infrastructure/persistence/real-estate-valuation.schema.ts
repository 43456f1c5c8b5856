import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, moneyColumn as money, nullableText, timestampProperties } from '@estate/shared-kernel';
import { RealEstateValuation } from '../../domain/real-estate-valuation';

export const RealEstateValuationSchema = new EntitySchema<RealEstateValuation>({
  class: RealEstateValuation,
  tableName: 'real_estate_valuations',
  properties: {
    ...caseRecordProperties(),
    financialAccountId: nullableText(26),
    propertyId: nullableText(26),
    propertyAddress: { type: 'json' },
    propertyType: { type: 'string', length: 30 },
    estimatedValue: money(),
    valuationSource: nullableText(),
    valuationDate: { type: CalendarDateType, nullable: true },
    confidenceScore: { type: 'double', nullable: true },
    taxAssessedValue: money(),
    taxYear: { type: 'integer', nullable: true },
    annualPropertyTax: money(),
    lotSizeSqft: { type: 'double', nullable: true },
    livingAreaSqft: { type: 'double', nullable: true },
    bedrooms: { type: 'integer', nullable: true },
    bathrooms: { type: 'double', nullable: true },
    yearBuilt: { type: 'integer', nullable: true },
    parcelNumber: nullableText(),
    zoning: nullableText(),
    mortgageBalance: money(),
    equityEstimate: money(),
    liens: { type: 'json', default: [] },
    comparableSales: { type: 'json', default: [] },
    status: { type: 'string', length: 20, default: 'pending' },
    notes: nullableText(10_000),
    ...timestampProperties(),
  },
});
