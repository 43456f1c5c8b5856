import { PROBATE_PARTS } from './probate.parts';

export { ProbateModule } from './probate.module';
/** Its ORM mappings, gathered from its folder. */
export const PROBATE_ENTITIES = PROBATE_PARTS.entities;
export { probateDeadlineResource } from './resources/probate-deadline.resource';
export { creditorClaimResource } from './resources/creditor-claim.resource';
export { closureStepResource } from './resources/closure-step.resource';
export { closureRequestResource } from './resources/closure-request.resource';
export { searchResource } from './resources/search.resource';
export { probateCaseResource } from './resources/probate-case.resource';
export { filingResource } from './resources/filing.resource';
export { ProbateForms } from './application/ports/probate-forms.port';
export { ProbateReference } from './application/probate-reference.service';
export { estateEinResource } from './resources/estate-ein.resource';
export { distributionResource } from './resources/distribution.resource';
export { unclaimedPropertyResource } from './resources/unclaimed-property.resource';
export * from './ports';
export { SearchProcessor } from './application/search-processor';
export { SearchProvider } from './application/ports/search-provider.port';
