import { AddressDto, caseResource, DateField, field, MoneyField, NestedField, NumberField, ResourceRecord } from '@estate/shared-kernel';
import { centsToNumber } from '@estate/shared-kernel/domain';
import { valuationEquity } from '../domain/real-estate-valuation';
import { PROPERTY_TYPES, VALUATION_STATUSES } from '../domain/real-estate-vocabulary';
import { LienBody, PatchPropertyAddressBody } from '../http/dto/real-estate.dto';
import { projectLatestValuations } from '../infrastructure/latest-valuation-projection';
import { realEstatePropertyResource } from './real-estate-property.resource';
import { FINANCIAL_ACCOUNT_ID_KINDS } from './financial-account-reference';

const AREA_LIMIT = 1_000_000_000;

export class ComparableSaleBody {
  @NestedField(() => AddressDto, { description: 'Address of the sold property.' })
  address?: AddressDto | null;

  @MoneyField({ description: 'Sale price.', example: 312000 })
  sale_price?: number | null;

  @DateField({ description: 'Date of the sale.', example: '2026-05-02' })
  sale_date?: string | null;

  @NumberField({ min: 0, max: AREA_LIMIT, maxDecimals: 2, description: 'Living area in square feet.', example: 1850 })
  living_area_sqft?: number | null;

  @NumberField({ min: 0, max: 10_000, maxDecimals: 2, description: 'Distance from the valued property in miles.', example: 0.4 })
  distance_miles?: number | null;
}

/**
 * Real estate valuations (`#19`). `equity_estimate` is stored only when a client sends it (contract §3.2); otherwise it
 * is computed when presented, so it follows every later change of the value, the mortgage or the liens.
 */
export const realEstateValuationResource = caseResource({
  name: 'real estate valuation',
  path: 'real-estate-valuations',
  idParam: 'valuation_id',
  table: 'real_estate_valuations',
  fields: {
    // §12.1: `financial_account_id` names an account of one of six kinds of the case, or null; deleting it clears it.
    financialAccountId: field.reference(FINANCIAL_ACCOUNT_ID_KINDS, {
      description: 'The account the valuation belongs to, if any: a financial, bank, investment or retirement account, a life insurance policy or a debt of this case, or null.',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC',
    }),
    // Contract-extensions §12.4: a property of the case, or null (422 otherwise); deleting the property clears it.
    propertyId: field.reference(() => realEstatePropertyResource, { description: 'The real estate property valued: a property of this case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AF' }),
    propertyAddress: field.object(() => AddressDto, {
      required: true,
      description: 'Address of the valued property.',
      patch: NestedField(() => PatchPropertyAddressBody, { description: 'Address of the valued property (merged field by field; may not be null).' }),
    }),
    propertyType: field.enum(PROPERTY_TYPES, { required: true, description: 'Kind of property.', example: 'single_family' }),
    estimatedValue: field.money({ description: 'Estimated market value.', example: 350000 }),
    valuationSource: field.string({ description: 'Where the estimate comes from (free text: no fixed set of values).', example: 'automated_valuation_model' }),
    valuationDate: field.date({ description: 'Date the estimate applies to.', example: '2026-08-15' }),
    confidenceScore: field.number({ min: 0, max: 1, maxDecimals: 4, description: 'Confidence in the estimate, a fraction from 0 to 1.', example: 0.82 }),
    taxAssessedValue: field.money({ description: 'Value assessed for property tax.', example: 298000 }),
    taxYear: field.integer({ min: 1800, max: 2200, description: 'Tax year of the assessment.', example: 2026 }),
    annualPropertyTax: field.money({ description: 'Yearly property tax.', example: 6120.44 }),
    lotSizeSqft: field.number({ min: 0, max: AREA_LIMIT, maxDecimals: 2, description: 'Lot size in square feet.', example: 8712 }),
    livingAreaSqft: field.number({ min: 0, max: AREA_LIMIT, maxDecimals: 2, description: 'Living area in square feet.', example: 1920 }),
    bedrooms: field.integer({ min: 0, max: 1000, description: 'Number of bedrooms.', example: 3 }),
    bathrooms: field.number({ min: 0, max: 1000, maxDecimals: 2, description: 'Number of bathrooms; fractions allowed (2.5).', example: 2.5 }),
    yearBuilt: field.integer({ min: 1600, max: 2200, description: 'Year the building was built.', example: 1964 }),
    parcelNumber: field.string({ description: 'Assessor parcel number.', example: '14-27-301-012' }),
    zoning: field.string({ description: 'Zoning code.', example: 'R-1' }),
    mortgageBalance: field.money({ description: 'Outstanding mortgage balance.', example: 120000 }),
    // Only the value a client sent; `null` means "computed" (contract §3.2), see `valuationEquity`.
    equityEstimate: field.money({
      description: 'Equity; when never given it reads as estimated_value − mortgage_balance − the liens’ amounts (null without an estimated value). Send null to go back to the computed value.',
      example: 225799.5,
    }),
    liens: field.objectArray(() => LienBody, { description: 'Liens on the property; [] when none.' }),
    comparableSales: field.objectArray(() => ComparableSaleBody, { description: 'Comparable sales behind the estimate; [] when none.' }),
    status: field.enum(VALUATION_STATUSES, { default: 'pending', column: { length: 20 }, description: 'Where the valuation stands; pending when unset.', example: 'completed' }),
    notes: field.text({ description: 'Free notes.', example: 'Roof replaced in 2022.' }),
  },
  filters: { status: VALUATION_STATUSES, property_type: PROPERTY_TYPES },
  sorts: ['created_at'],
  // `#19` lists 403 (contract §2); the other valuation routes answer 404 for a foreign case.
  forbiddenForForeignCase: ['list'],
  specRoutes: { list: 19 },
  tagDescription: 'Real estate and its valuations.',
  // The property's `latest_valuation` follows every write of its valuations, in the same transaction.
  afterWrite: (valuation, { em }) => projectLatestValuations(em, valuation),
  present: (record, view) => {
    const equity = valuationEquity(record).cents;
    return { ...view, equity_estimate: equity === null ? null : centsToNumber(equity) };
  },
});

export type RealEstateValuation = ResourceRecord<typeof realEstateValuationResource>;
