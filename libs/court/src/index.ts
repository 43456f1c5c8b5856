import { COURT_PARTS } from './court.parts';

export { CourtModule } from './court.module';
/** Its ORM mappings, gathered from its folder. */
export const COURT_ENTITIES = COURT_PARTS.entities;
export { probateDeadlineResource } from './resources/probate-deadline.resource';
export { creditorClaimResource } from './resources/creditor-claim.resource';
export { probateCaseResource } from './resources/probate-case.resource';
export { filingResource } from './resources/filing.resource';
export { ProbateForms } from './application/ports/probate-forms.port';
export { ProbateReference } from './application/probate-reference.service';
export { estateEinResource } from './resources/estate-ein.resource';
export * from './ports';
export { FINAL_CLAIM_STATUSES } from './domain/creditor-claim';
export type { ClaimStatus } from './domain/probate-vocabulary';
export { jurisdictionRules } from './infrastructure/reference-data/jurisdiction-rules.loader';
export type { ShippedCounty } from './domain/probate-case';
export { DeadlineEventScheduler } from './application/deadline-event-scheduler';
