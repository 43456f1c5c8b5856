import { caseResource } from '@estate/shared-kernel';
import { Business, businessProblems, interestValueOf } from '../domain/business';
import { BUSINESS_ENTITY_TYPES, BUSINESS_STATUSES } from '../domain/business-vocabulary';
import { BusinessView, CreateBusinessBody, PatchBusinessBody } from '../http/dto/business.dto';
import { BusinessSchema } from '../infrastructure/persistence/business.schema';
import { institutionContactResource } from './institution-contact.resource';

/**
 * Business interests (contract-extensions §12.6): a plain record. `ein` is encrypted at rest and masked, under the
 * EIN rule of §10.6; `interest_value` is derived and stored on every save, so `sort_by=interest_value` orders by a
 * column in SQL. Events `business.created|updated|deleted`.
 */
export const businessResource = caseResource<Business>({
  name: 'business',
  path: 'businesses',
  idParam: 'business_id',
  schema: BusinessSchema,
  create: CreateBusinessBody,
  patch: PatchBusinessBody,
  view: BusinessView,
  filters: { entity_type: BUSINESS_ENTITY_TYPES, status: BUSINESS_STATUSES },
  sorts: ['created_at', 'interest_value'],
  tagDescription: "The deceased's interests in businesses: ownership, value of the interest, succession and sale. The EIN is always returned masked.",
  masked: ['ein'],
  references: { institution_contact_id: () => institutionContactResource },
  rules: (document, { clock }) => businessProblems(document, clock.today()),
  derive: (business) => {
    business.interestValue = interestValueOf(business.estimatedValue, business.ownershipPercentage);
  },
});
