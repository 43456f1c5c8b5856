import { caseResource, field, MoneyType, NumberField, ResourceRecord, StringField } from '@estate/shared-kernel';
import { businessProblems, interestValueOf } from '../domain/business';
import { BUSINESS_ENTITY_TYPES, BUSINESS_STATUSES, DECEASED_ROLES, SUCCESSION_PLANS, VALUATION_METHODS } from '../domain/business-vocabulary';
import { institutionContactResource } from './institution-contact.resource';

export class BusinessCoOwnerBody {
  @StringField({ required: true, description: 'Name of the co-owner.', example: 'Daniel Okafor' })
  name: string;

  @StringField({ description: 'The co-owner’s role in the business (free text: no fixed set of values).', example: 'member' })
  role?: string | null;

  @NumberField({ min: 0, max: 100, maxDecimals: 2, description: 'Share of the business the co-owner holds, in percent (0–100).', example: 50 })
  ownership_percentage?: number | null;
}

/**
 * Business interests (contract-extensions §12.6): a plain record. `ein` is encrypted at rest and masked, under the
 * EIN rule of §10.6; `interest_value` is derived and stored on every save, so `sort_by=interest_value` orders by a
 * column in SQL. Events `business.created|updated|deleted`.
 */
export const businessResource = caseResource({
  name: 'business',
  path: 'businesses',
  idParam: 'business_id',
  table: 'businesses',
  fields: {
    businessName: field.string({ required: true, description: 'Legal name of the business.', example: 'Whitaker Hardware LLC' }),
    entityType: field.enum(BUSINESS_ENTITY_TYPES, { required: true, description: 'Legal form of the business; a sole_proprietorship needs ownership_percentage 100.', example: 'llc' }),
    stateOfFormation: field.string({
      max: 2,
      min: 2,
      pattern: /^[A-Z]{2}$/,
      patternMessage: '$property must be a two-letter state abbreviation in capitals, e.g. IL',
      description: 'USPS code of the state the business was formed in.',
      example: 'IL',
    }),
    ein: field.ein({ description: 'The business’s EIN, NN-NNNNNNN with a prefix the IRS issues; stored encrypted, returned masked.', example: '36-4567890' }),
    status: field.enum(BUSINESS_STATUSES, { default: 'active', column: { length: 20 }, description: 'Where the business stands; active when unset. sold needs sale_price and sale_date.', example: 'active' }),
    deceasedRole: field.enum(DECEASED_ROLES, { column: { length: 20 }, description: 'The deceased’s role in the business; a sole_owner needs ownership_percentage 100.', example: 'member' }),
    ownershipPercentage: field.number({
      required: true,
      min: 0,
      max: 100,
      maxDecimals: 2,
      column: { type: MoneyType, columnType: 'numeric(5,2)' },
      description: 'Share the deceased held, in percent (0–100); with the co-owners’ at most 100.',
      example: 100,
    }),
    coOwners: field.objectArray(() => BusinessCoOwnerBody, { description: 'The other owners; [] when none.' }),
    estimatedValue: field.money({ description: 'Estimated value of the whole business.', example: 480000 }),
    valuationDate: field.date({ description: 'Date the estimate applies to.', example: '2026-08-31' }),
    valuationMethod: field.enum(VALUATION_METHODS, { description: 'How the value was estimated.', example: 'appraisal' }),
    interestValue: field.money({
      readOnly: true,
      description: 'Computed: estimated_value × ownership_percentage / 100, rounded half away from zero to cents; null without an estimated value.',
      example: 240000,
    }),
    hasOperatingAgreement: field.boolean({ description: 'Whether there is an operating or partnership agreement; false when unset.', example: true }),
    hasBuySellAgreement: field.boolean({ description: 'Whether a buy-sell agreement binds the owners; false when unset.', example: false }),
    successionPlan: field.enum(SUCCESSION_PLANS, { description: 'What is to become of the interest.', example: 'undecided' }),
    registeredAgent: field.string({ description: 'Registered agent of the business.', example: 'Illinois Registered Agents Inc.' }),
    salePrice: field.money({ description: 'Price the interest was sold for.', example: 240000 }),
    saleDate: field.date({ description: 'Day of the sale; not after today.', example: '2026-10-15' }),
    institutionContactId: field.reference(() => institutionContactResource, {
      description: 'An institution contact of this case (the business’s bank or accountant), or null.',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD',
    }),
    notes: field.text({ description: 'Free notes.', example: 'Partner Daniel Okafor runs the store day to day.' }),
  },
  filters: { entity_type: BUSINESS_ENTITY_TYPES, status: BUSINESS_STATUSES },
  sorts: ['created_at', 'interest_value'],
  tagDescription: "The deceased's interests in businesses: ownership, value of the interest, succession and sale. The EIN is always returned masked.",
  rules: (document, { clock }) => businessProblems(document, clock.today()),
  derive: (business) => {
    business.interestValue = interestValueOf(business.estimatedValue, business.ownershipPercentage);
  },
});

export type Business = ResourceRecord<typeof businessResource>;
