/**
 * What other contexts' use cases may know of the case context (`@estate/case/ports`): its ports (abstract classes,
 * bound by CaseModule), the data they carry and the case vocabulary. No module, controller or declaration is reachable
 * from here, so a use case that imports it reaches no HTTP layer (rule application-reaches-no-http). Module files and
 * the app import `@estate/case`, which re-exports this face.
 */
export { CaseDeletionParticipant, CaseDeletionParticipants } from './application/case-deletion';
export { CasePendingSearches } from './application/ports/pending-searches.port';
export type { PendingSearches } from './application/ports/pending-searches.port';
export { AuthorityChanges } from './application/ports/authority-changes.port';
export type { AuthorityChangeListener } from './application/ports/authority-changes.port';
export { CaseAccountParties, CaseAuthorityLevels, CaseDeceasedDates, CaseEstateValues, CaseIdentitySubjects, CaseLettersDates, CasePersons } from './application/ports/case-facts.port';
export type { AccountParties, CasePerson, IdentitySubject } from './application/ports/case-facts.port';
export { ExecutorIdentity } from './application/ports/executor-identity.port';
export type { ExecutorIdentitySource } from './application/ports/executor-identity.port';
export { CaseReach } from './application/ports/case-reach.port';
export { LiveCases } from './application/ports/live-cases.port';
export type { CaseReachReader } from './application/ports/case-reach.port';
export * from './domain/case-vocabulary';
