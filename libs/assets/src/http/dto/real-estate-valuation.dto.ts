import { IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import {
  AddressDto,
  DateField,
  EnumField,
  IntegerField,
  MoneyField,
  NestedArrayField,
  NestedField,
  NumberField,
  RecordView,
  StringField,
  TextField,
} from '@estate/shared-kernel';
import { PROPERTY_TYPES, VALUATION_STATUSES } from '../../domain/real-estate-vocabulary';

const AREA_LIMIT = 1_000_000_000;

export class LienBody {
  @StringField({ description: 'Kind of lien (free text: no fixed set of values).', example: 'tax' })
  lien_type?: string | null;

  @StringField({ description: 'Who holds the lien.', example: 'Sangamon County Treasurer' })
  holder?: string | null;

  @MoneyField({ description: 'Amount secured by the lien; counts against the equity estimate.', example: 4200.5 })
  amount?: number | null;

  @DateField({ description: 'When the lien was recorded.', example: '2025-03-14' })
  recorded_date?: string | null;
}

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

export class CreateRealEstateValuationBody {
  @StringField({ max: 26, description: 'The account the valuation belongs to, if any: a financial, bank, investment or retirement account, a life insurance policy or a debt of this case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC' })
  financial_account_id?: string | null;

  @StringField({ max: 26, description: 'The real estate property valued: a property of this case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AF' })
  property_id?: string | null;

  @NestedField(() => AddressDto, { required: true, description: 'Address of the valued property.' })
  property_address: AddressDto;

  @EnumField(PROPERTY_TYPES, { required: true, description: 'Kind of property.', example: 'single_family' })
  property_type: string;

  @MoneyField({ description: 'Estimated market value.', example: 350000 })
  estimated_value?: number | null;

  @StringField({ description: 'Where the estimate comes from (free text: no fixed set of values).', example: 'automated_valuation_model' })
  valuation_source?: string | null;

  @DateField({ description: 'Date the estimate applies to.', example: '2026-08-15' })
  valuation_date?: string | null;

  @NumberField({ min: 0, max: 1, maxDecimals: 4, description: 'Confidence in the estimate, a fraction from 0 to 1.', example: 0.82 })
  confidence_score?: number | null;

  @MoneyField({ description: 'Value assessed for property tax.', example: 298000 })
  tax_assessed_value?: number | null;

  @IntegerField({ min: 1800, max: 2200, description: 'Tax year of the assessment.', example: 2026 })
  tax_year?: number | null;

  @MoneyField({ description: 'Yearly property tax.', example: 6120.44 })
  annual_property_tax?: number | null;

  @NumberField({ min: 0, max: AREA_LIMIT, maxDecimals: 2, description: 'Lot size in square feet.', example: 8712 })
  lot_size_sqft?: number | null;

  @NumberField({ min: 0, max: AREA_LIMIT, maxDecimals: 2, description: 'Living area in square feet.', example: 1920 })
  living_area_sqft?: number | null;

  @IntegerField({ min: 0, max: 1000, description: 'Number of bedrooms.', example: 3 })
  bedrooms?: number | null;

  @NumberField({ min: 0, max: 1000, maxDecimals: 2, description: 'Number of bathrooms; fractions allowed (2.5).', example: 2.5 })
  bathrooms?: number | null;

  @IntegerField({ min: 1600, max: 2200, description: 'Year the building was built.', example: 1964 })
  year_built?: number | null;

  @StringField({ description: 'Assessor parcel number.', example: '14-27-301-012' })
  parcel_number?: string | null;

  @StringField({ description: 'Zoning code.', example: 'R-1' })
  zoning?: string | null;

  @MoneyField({ description: 'Outstanding mortgage balance.', example: 120000 })
  mortgage_balance?: number | null;

  @MoneyField({
    description: 'Equity; when never given it reads as estimated_value − mortgage_balance − the liens’ amounts (null without an estimated value). Send null to go back to the computed value.',
    example: 225799.5,
  })
  equity_estimate?: number | null;

  @NestedArrayField(() => LienBody, { description: 'Liens on the property; [] when none.' })
  liens?: LienBody[] | null;

  @NestedArrayField(() => ComparableSaleBody, { description: 'Comparable sales behind the estimate; [] when none.' })
  comparable_sales?: ComparableSaleBody[] | null;

  @EnumField(VALUATION_STATUSES, { description: 'Where the valuation stands; pending when unset.', example: 'completed' })
  status?: string | null;

  @TextField({ description: 'Free notes.', example: 'Roof replaced in 2022.' })
  notes?: string | null;
}

/** A patch of the address merges field by field (RFC 7396); the merged address must still be complete. */
export class PatchPropertyAddressBody extends PartialType(AddressDto, { skipNullProperties: false }) {}

/** Every field of the create body is writable (contract §3); `null` clears an optional one. */
export class PatchRealEstateValuationBody extends PartialType(OmitType(CreateRealEstateValuationBody, ['property_address'] as const), {
  skipNullProperties: false,
}) {
  @NestedField(() => PatchPropertyAddressBody, { description: 'Address of the valued property (merged field by field; may not be null).' })
  property_address?: PatchPropertyAddressBody;
}

export class RealEstateValuationView extends IntersectionType(RecordView, CreateRealEstateValuationBody) {}
