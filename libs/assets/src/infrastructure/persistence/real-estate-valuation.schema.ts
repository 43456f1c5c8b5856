import { EntitySchema } from '@mikro-orm/core';
import {
  CalendarDateType,
  caseRecordProperties,
  moneyColumn as money,
  textColumn as text,
  timestampProperties,
} from '@estate/shared-kernel';
import { RealEstateValuation } from '../../domain/real-estate-valuation';

export const RealEstateValuationSchema = new EntitySchema<RealEstateValuation>({
  class: RealEstateValuation,
  tableName: 'real_estate_valuations',
  properties: {
    ...caseRecordProperties(),
    financialAccountId: text('financial_account_id', 26),
    propertyAddress: { type: 'json', fieldName: 'property_address' },
    propertyType: { type: 'string', length: 30, fieldName: 'property_type' },
    estimatedValue: money('estimated_value'),
    valuationSource: text('valuation_source'),
    valuationDate: { type: CalendarDateType, nullable: true, fieldName: 'valuation_date' },
    confidenceScore: { type: 'double', nullable: true, fieldName: 'confidence_score' },
    taxAssessedValue: money('tax_assessed_value'),
    taxYear: { type: 'integer', nullable: true, fieldName: 'tax_year' },
    annualPropertyTax: money('annual_property_tax'),
    lotSizeSqft: { type: 'double', nullable: true, fieldName: 'lot_size_sqft' },
    livingAreaSqft: { type: 'double', nullable: true, fieldName: 'living_area_sqft' },
    bedrooms: { type: 'integer', nullable: true },
    bathrooms: { type: 'double', nullable: true },
    yearBuilt: { type: 'integer', nullable: true, fieldName: 'year_built' },
    parcelNumber: text('parcel_number'),
    zoning: text('zoning'),
    mortgageBalance: money('mortgage_balance'),
    equityEstimate: money('equity_estimate'),
    liens: { type: 'json', default: [] },
    comparableSales: { type: 'json', fieldName: 'comparable_sales', default: [] },
    status: { type: 'string', length: 20, default: 'pending' },
    notes: text('notes', 10_000),
    ...timestampProperties(),
  },
});
