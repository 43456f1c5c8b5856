import { ApiProperty, IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import { BooleanField, DateField, EinField, EnumField, MoneyField, NestedArrayField, NumberField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { BUSINESS_ENTITY_TYPES, BUSINESS_STATUSES, DECEASED_ROLES, SUCCESSION_PLANS, VALUATION_METHODS } from '../../domain/business-vocabulary';

export class BusinessCoOwnerBody {
  @StringField({ required: true, description: 'Name of the co-owner.', example: 'Daniel Okafor' })
  name: string;

  @StringField({ description: 'The co-owner’s role in the business (free text: no fixed set of values).', example: 'member' })
  role?: string | null;

  @NumberField({ min: 0, max: 100, maxDecimals: 2, description: 'Share of the business the co-owner holds, in percent (0–100).', example: 50 })
  ownership_percentage?: number | null;
}

export class CreateBusinessBody {
  @StringField({ required: true, description: 'Legal name of the business.', example: 'Whitaker Hardware LLC' })
  business_name: string;

  @EnumField(BUSINESS_ENTITY_TYPES, { required: true, description: 'Legal form of the business; a sole_proprietorship needs ownership_percentage 100.', example: 'llc' })
  entity_type: string;

  @StringField({
    max: 2,
    min: 2,
    pattern: /^[A-Z]{2}$/,
    patternMessage: '$property must be a two-letter state abbreviation in capitals, e.g. IL',
    description: 'USPS code of the state the business was formed in.',
    example: 'IL',
  })
  state_of_formation?: string | null;

  @EinField({ description: 'The business’s EIN, NN-NNNNNNN with a prefix the IRS issues; stored encrypted, returned masked.', example: '36-4567890' })
  ein?: string | null;

  @EnumField(BUSINESS_STATUSES, { description: 'Where the business stands; active when unset. sold needs sale_price and sale_date.', example: 'active' })
  status?: string | null;

  @EnumField(DECEASED_ROLES, { description: 'The deceased’s role in the business; a sole_owner needs ownership_percentage 100.', example: 'member' })
  deceased_role?: string | null;

  @NumberField({ required: true, min: 0, max: 100, maxDecimals: 2, description: 'Share the deceased held, in percent (0–100); with the co-owners’ at most 100.', example: 50 })
  ownership_percentage: number;

  @NestedArrayField(() => BusinessCoOwnerBody, { description: 'The other owners; [] when none.' })
  co_owners?: BusinessCoOwnerBody[] | null;

  @MoneyField({ description: 'Estimated value of the whole business.', example: 480000 })
  estimated_value?: number | null;

  @DateField({ description: 'Date the estimate applies to.', example: '2026-08-31' })
  valuation_date?: string | null;

  @EnumField(VALUATION_METHODS, { description: 'How the value was estimated.', example: 'appraisal' })
  valuation_method?: string | null;

  @BooleanField({ description: 'Whether there is an operating or partnership agreement; false when unset.', example: true })
  has_operating_agreement?: boolean | null;

  @BooleanField({ description: 'Whether a buy-sell agreement binds the owners; false when unset.', example: false })
  has_buy_sell_agreement?: boolean | null;

  @EnumField(SUCCESSION_PLANS, { description: 'What is to become of the interest.', example: 'undecided' })
  succession_plan?: string | null;

  @StringField({ description: 'Registered agent of the business.', example: 'Illinois Registered Agents Inc.' })
  registered_agent?: string | null;

  @MoneyField({ description: 'Price the interest was sold for.', example: 240000 })
  sale_price?: number | null;

  @DateField({ description: 'Day of the sale; not after today.', example: '2026-10-15' })
  sale_date?: string | null;

  @StringField({ max: 26, description: 'An institution contact of this case (the business’s bank or accountant), or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' })
  institution_contact_id?: string | null;

  @TextField({ description: 'Free notes.', example: 'Partner Daniel Okafor runs the store day to day.' })
  notes?: string | null;
}

/** Every field of the create body is writable; `null` clears an optional one. */
export class PatchBusinessBody extends PartialType(CreateBusinessBody, { skipNullProperties: false }) {}

export class BusinessView extends IntersectionType(RecordView, OmitType(CreateBusinessBody, ['ein'] as const)) {
  @ApiProperty({ type: String, nullable: true, example: '******7890', description: 'The EIN, masked: all but the last four characters read `*`.' })
  ein: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Computed: estimated_value × ownership_percentage / 100, rounded half away from zero to cents; null without an estimated value.',
    example: 240000,
  })
  interest_value: number | null;
}
