import { caseResource } from '@estate/shared-kernel';
import { centsToNumber } from '@estate/shared-kernel/domain';
import { deriveOwnershipPercentage, latestValuationOf, propertyEquity, propertyProblems, RealEstateProperty, requiresProbate } from '../domain/real-estate-property';
import { PROPERTY_OWNERSHIP_TYPES, PROPERTY_STATUSES, PROPERTY_USES } from '../domain/real-estate-property-vocabulary';
import { CreateRealEstatePropertyBody, PatchRealEstatePropertyBody, RealEstatePropertyView } from '../http/dto/real-estate-property.dto';
import { RealEstatePropertySchema } from '../infrastructure/persistence/real-estate-property.schema';
import { institutionContactResource } from './institution-contact.resource';

/**
 * Real estate properties (contract-extensions §12.4): a plain record. `ownership_percentage` defaults to what the
 * co-owners leave; `requires_probate` and `equity_estimate` are computed when presented; `latest_valuation` is the
 * projection the valuations' writes keep on the row (see `projectLatestValuations`), so lists and reads show it and
 * the ETag follows it. Events `real_estate_property.created|updated|deleted` (a status move is `.updated`, §14.2).
 */
export const realEstatePropertyResource = caseResource<RealEstateProperty>({
  name: 'real estate property',
  path: 'real-estate-properties',
  idParam: 'property_id',
  schema: RealEstatePropertySchema,
  create: CreateRealEstatePropertyBody,
  patch: PatchRealEstatePropertyBody,
  view: RealEstatePropertyView,
  filters: { status: PROPERTY_STATUSES, property_use: PROPERTY_USES, ownership_type: PROPERTY_OWNERSHIP_TYPES },
  sorts: ['created_at', 'estimated_value'],
  tagDescription: 'Real estate of the deceased: title and ownership, mortgage and liens, sale, and its newest completed valuation.',
  references: { institution_contact_id: () => institutionContactResource },
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
