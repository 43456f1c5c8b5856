import { ApiProperty, IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import {
  AddressDto,
  BooleanField,
  DateField,
  EnumField,
  MoneyField,
  NestedArrayField,
  NestedField,
  NumberField,
  RecordView,
  StringField,
  TextField,
} from '@estate/shared-kernel';
import { DEED_TYPES, PROPERTY_OWNERSHIP_TYPES, PROPERTY_STATUSES, PROPERTY_USES } from '../../domain/real-estate-property-vocabulary';
import { PROPERTY_TYPES } from '../../domain/real-estate-vocabulary';
import { LienBody, PatchPropertyAddressBody } from './real-estate-valuation.dto';

export class PropertyCoOwnerBody {
  @StringField({ required: true, description: 'Name of the co-owner.', example: 'Grace Okafor' })
  name: string;

  @StringField({ description: 'Relationship to the deceased (free text: no fixed set of values).', example: 'spouse' })
  relationship?: string | null;

  @NumberField({ min: 0, max: 100, maxDecimals: 2, description: 'Share of the property the co-owner holds, in percent (0–100).', example: 50 })
  ownership_share?: number | null;
}

export class CreateRealEstatePropertyBody {
  @NestedField(() => AddressDto, { required: true, description: 'Address of the property.' })
  address: AddressDto;

  @EnumField(PROPERTY_TYPES, { required: true, description: 'Kind of property (the valuations’ set).', example: 'single_family' })
  property_type: string;

  @EnumField(PROPERTY_USES, { description: 'What the property is used for.', example: 'primary_residence' })
  property_use?: string | null;

  @StringField({ description: 'Assessor parcel number.', example: '14-27-301-012' })
  parcel_number?: string | null;

  @BooleanField({ description: 'Whether the property is the homestead; false when unset.', example: true })
  is_homestead?: boolean | null;

  @EnumField(PROPERTY_OWNERSHIP_TYPES, { required: true, description: 'How the deceased held title; decides requires_probate.', example: 'sole' })
  ownership_type: string;

  @NumberField({
    min: 0,
    max: 100,
    maxDecimals: 2,
    description: 'Share the deceased held, in percent (0–100); with the co-owners’ shares at most 100. When unset: 100 less the co-owners’ shares.',
    example: 100,
  })
  ownership_percentage?: number | null;

  @StringField({ max: 1000, description: 'How title is vested, as the deed words it.', example: 'Harold J. Whitaker, a single man' })
  title_vesting?: string | null;

  @NestedArrayField(() => PropertyCoOwnerBody, { description: 'The other owners of the property; [] when none.' })
  co_owners?: PropertyCoOwnerBody[] | null;

  @EnumField(DEED_TYPES, { description: 'Kind of deed the title rests on.', example: 'warranty' })
  deed_type?: string | null;

  @MoneyField({ description: 'Estimated market value today.', example: 350000 })
  estimated_value?: number | null;

  @MoneyField({ description: 'Value on the date of death.', example: 342000 })
  date_of_death_value?: number | null;

  @MoneyField({ description: 'Value assessed for property tax.', example: 298000 })
  assessed_value?: number | null;

  @MoneyField({ description: 'Yearly property tax.', example: 6120.44 })
  annual_property_tax?: number | null;

  @MoneyField({ description: 'Mortgage balance still owed; counts against the equity estimate.', example: 120000 })
  outstanding_mortgage?: number | null;

  @StringField({ description: 'Who holds the mortgage.', example: 'First Prairie Bank' })
  mortgage_holder?: string | null;

  @MoneyField({ description: 'Rent collected each month, if rented out.', example: 1850 })
  monthly_rental_income?: number | null;

  @NestedArrayField(() => LienBody, { description: 'Liens on the property; [] when none. Their amounts count against the equity estimate.' })
  liens?: LienBody[] | null;

  @EnumField(PROPERTY_STATUSES, { description: 'Where the property stands; owned when unset. sold needs sale_price and sale_date.', example: 'owned' })
  status?: string | null;

  @MoneyField({ description: 'Price the property was sold for.', example: 365000 })
  sale_price?: number | null;

  @DateField({ description: 'Day of the sale; not after today.', example: '2026-10-01' })
  sale_date?: string | null;

  @StringField({ max: 26, description: 'An institution contact of this case (the mortgage holder’s), or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' })
  institution_contact_id?: string | null;

  @TextField({ description: 'Free notes.', example: 'Keys with the neighbour at 14 Elm Street.' })
  notes?: string | null;
}

/** Every field of the create body is writable; the address merges field by field and may not be null. */
export class PatchRealEstatePropertyBody extends PartialType(OmitType(CreateRealEstatePropertyBody, ['address'] as const), {
  skipNullProperties: false,
}) {
  @NestedField(() => PatchPropertyAddressBody, { description: 'Address of the property (merged field by field; may not be null).' })
  address?: PatchPropertyAddressBody;
}

export class LatestValuationView {
  @ApiProperty({ description: 'The valuation.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AE' })
  id: string;

  @ApiProperty({ type: Number, nullable: true, description: 'Its estimated value.', example: 355000 })
  estimated_value: number | null;

  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'The date the estimate applies to.', example: '2026-08-15' })
  valuation_date: string | null;
}

export class RealEstatePropertyView extends IntersectionType(RecordView, CreateRealEstatePropertyBody) {
  @ApiProperty({ description: 'Computed: false when the ownership type passes the property outside probate (survivorship, trust, life estate, TOD deed).', example: true })
  requires_probate: boolean;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Computed: estimated_value − outstanding_mortgage − the liens’ amounts (missing terms count 0); null without an estimated value.',
    example: 225799.5,
  })
  equity_estimate: number | null;

  @ApiProperty({
    type: LatestValuationView,
    nullable: true,
    description: 'Computed: the completed valuation of this property with the latest valuation_date (ties: the latest created); null when none.',
  })
  latest_valuation: LatestValuationView | null;
}
