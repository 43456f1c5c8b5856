import { ApiProperty } from '@nestjs/swagger';
import { AddressDto, caseResource, field, MoneyType, NestedField, NumberField, ResourceRecord, StringField } from '@estate/shared-kernel';
import { centsToNumber } from '@estate/shared-kernel/domain';
import { deriveOwnershipPercentage, latestValuationOf, propertyEquity, propertyProblems, requiresProbate } from '../domain/real-estate-property';
import { DEED_TYPES, PROPERTY_OWNERSHIP_TYPES, PROPERTY_STATUSES, PROPERTY_USES } from '../domain/real-estate-property-vocabulary';
import { PROPERTY_TYPES } from '../domain/real-estate-vocabulary';
import { LienBody, PatchPropertyAddressBody } from '../http/dto/real-estate.dto';
import { institutionContactResource } from './institution-contact.resource';

export class PropertyCoOwnerBody {
  @StringField({ required: true, description: 'Name of the co-owner.', example: 'Grace Okafor' })
  name: string;

  @StringField({ description: 'Relationship to the deceased (free text: no fixed set of values).', example: 'spouse' })
  relationship?: string | null;

  @NumberField({ min: 0, max: 100, maxDecimals: 2, description: 'Share of the property the co-owner holds, in percent (0–100).', example: 50 })
  ownership_share?: number | null;
}

export class LatestValuationView {
  @ApiProperty({ description: 'The valuation.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AE' })
  id: string;

  @ApiProperty({ type: Number, nullable: true, description: 'Its estimated value.', example: 355000 })
  estimated_value: number | null;

  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'The date the estimate applies to.', example: '2026-08-15' })
  valuation_date: string | null;
}

/**
 * Real estate properties (contract-extensions §12.4): a plain record. `ownership_percentage` defaults to what the
 * co-owners leave; `requires_probate` and `equity_estimate` are computed when presented; `latest_valuation` is the
 * projection the valuations' writes keep on the row (see `projectLatestValuations`), so lists and reads show it and
 * the ETag follows it. Events `real_estate_property.created|updated|deleted` (a status move is `.updated`, §14.2).
 */
export const realEstatePropertyResource = caseResource({
  name: 'real estate property',
  path: 'real-estate-properties',
  idParam: 'property_id',
  table: 'real_estate_properties',
  fields: {
    address: field.object(() => AddressDto, {
      required: true,
      description: 'Address of the property.',
      patch: NestedField(() => PatchPropertyAddressBody, { description: 'Address of the property (merged field by field; may not be null).' }),
    }),
    propertyType: field.enum(PROPERTY_TYPES, { required: true, description: 'Kind of property (the valuations’ set).', example: 'single_family' }),
    propertyUse: field.enum(PROPERTY_USES, { description: 'What the property is used for.', example: 'primary_residence' }),
    parcelNumber: field.string({ description: 'Assessor parcel number.', example: '14-27-301-012' }),
    isHomestead: field.boolean({ description: 'Whether the property is the homestead; false when unset.', example: true }),
    ownershipType: field.enum(PROPERTY_OWNERSHIP_TYPES, { required: true, description: 'How the deceased held title; decides requires_probate.', example: 'sole' }),
    // Stored; defaults to 100 less the co-owners' shares when not sent (`deriveOwnershipPercentage`).
    ownershipPercentage: field.number({
      min: 0,
      max: 100,
      maxDecimals: 2,
      column: { type: MoneyType, columnType: 'numeric(5,2)' },
      description: 'Share the deceased held, in percent (0–100); with the co-owners’ shares at most 100. When unset: 100 less the co-owners’ shares.',
      example: 100,
    }),
    titleVesting: field.string({ max: 1000, description: 'How title is vested, as the deed words it.', example: 'Harold J. Whitaker, a single man' }),
    coOwners: field.objectArray(() => PropertyCoOwnerBody, { description: 'The other owners of the property; [] when none.' }),
    deedType: field.enum(DEED_TYPES, { description: 'Kind of deed the title rests on.', example: 'warranty' }),
    estimatedValue: field.money({ description: 'Estimated market value today.', example: 350000 }),
    dateOfDeathValue: field.money({ description: 'Value on the date of death.', example: 342000 }),
    assessedValue: field.money({ description: 'Value assessed for property tax.', example: 298000 }),
    annualPropertyTax: field.money({ description: 'Yearly property tax.', example: 6120.44 }),
    outstandingMortgage: field.money({ description: 'Mortgage balance still owed; counts against the equity estimate.', example: 120000 }),
    mortgageHolder: field.string({ description: 'Who holds the mortgage.', example: 'First Prairie Bank' }),
    monthlyRentalIncome: field.money({ description: 'Rent collected each month, if rented out.', example: 1850 }),
    liens: field.objectArray(() => LienBody, { description: 'Liens on the property; [] when none. Their amounts count against the equity estimate.' }),
    status: field.enum(PROPERTY_STATUSES, { default: 'owned', description: 'Where the property stands; owned when unset. sold needs sale_price and sale_date.', example: 'owned' }),
    salePrice: field.money({ description: 'Price the property was sold for.', example: 365000 }),
    saleDate: field.date({ description: 'Day of the sale; not after today.', example: '2026-10-01' }),
    institutionContactId: field.reference(() => institutionContactResource, { description: 'An institution contact of this case (the mortgage holder’s), or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' }),
    notes: field.text({ description: 'Free notes.', example: 'Keys with the neighbour at 14 Elm Street.' }),
    // The newest completed valuation, projected by the valuations' writes; presented as `latest_valuation`.
    latestValuationId: field.string({ hidden: true, max: 26 }),
    latestValuationEstimatedValue: field.money({ hidden: true }),
    latestValuationDate: field.date({ hidden: true }),
    requiresProbate: field.boolean({
      computed: true,
      view: { type: Boolean },
      description: 'Computed: false when the ownership type passes the property outside probate (survivorship, trust, life estate, TOD deed).',
      example: true,
    }),
    equityEstimate: field.money({
      computed: true,
      view: { type: Number, nullable: true },
      description: 'Computed: estimated_value − outstanding_mortgage − the liens’ amounts (missing terms count 0); null without an estimated value.',
      example: 225799.5,
    }),
    latestValuation: field.object(() => LatestValuationView, {
      computed: true,
      view: { type: LatestValuationView, nullable: true },
      description: 'Computed: the completed valuation of this property with the latest valuation_date (ties: the latest created); null when none.',
    }),
  },
  filters: { status: PROPERTY_STATUSES, property_use: PROPERTY_USES, ownership_type: PROPERTY_OWNERSHIP_TYPES },
  sorts: ['created_at', 'estimated_value'],
  tagDescription: 'Real estate of the deceased: title and ownership, mortgage and liens, sale, and its newest completed valuation.',
  rules: (document, { clock }) => propertyProblems(document, clock.today()),
  derive: (property) => deriveOwnershipPercentage(property),
  present: (property, view) => {
    const equity = propertyEquity(property);
    return {
      ...view,
      requires_probate: requiresProbate(property.ownershipType),
      equity_estimate: equity === null ? null : centsToNumber(equity),
      latest_valuation: latestValuationOf(property),
    };
  },
});

export type RealEstateProperty = ResourceRecord<typeof realEstatePropertyResource>;
