import { filingResource } from '../../resources/filing.resource';
import { searchResource } from '../../resources/search.resource';
import { unclaimedPropertyResource } from '../../resources/unclaimed-property.resource';
import { distributionResource } from '../../resources/distribution.resource';
import { EstateEinSchema } from './estate-ein.schema';
import { ProbateCaseSchema } from './probate-court.schemas';
import { ClosureRequestSchema, ClosureStepSchema, CreditorClaimSchema, DeadlineFeedLinkSchema, ProbateDeadlineSchema } from './probate.schemas';

/** The probate context's mappings, for the ORM configuration's entity list. */
export const PROBATE_ENTITIES = [
  ProbateDeadlineSchema,
  CreditorClaimSchema,
  ClosureStepSchema,
  ClosureRequestSchema,
  searchResource.schema,
  DeadlineFeedLinkSchema,
  EstateEinSchema,
  distributionResource.schema,
  unclaimedPropertyResource.schema,
  ProbateCaseSchema,
  filingResource.schema,
];
