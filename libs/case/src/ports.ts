/**
 * What other contexts may know of the case context beside its module and declarations: its ports (abstract classes,
 * bound by CaseModule) and the data they carry. Re-exported by index.ts, the context's one face (`@estate/case`;
 * docs/decisions/0069-dependencies-run-one-way.md).
 */
export { CaseDeletionParticipant, CaseDeletionParticipants } from './application/case-deletion';
export { CasePendingSearches } from './application/ports/pending-searches.port';
export type { PendingSearches } from './application/ports/pending-searches.port';
export { AuthorityChanges } from './application/ports/authority-changes.port';
export type { AuthorityChangeListener } from './application/ports/authority-changes.port';
export {
  CaseAccountParties,
  CaseAuthorityLevels,
  CaseDeceasedDates,
  CaseDeceasedResidences,
  CaseEstateValues,
  CaseFamilies,
  CaseIdentitySubjects,
  CaseLettersDates,
  CasePersons,
} from './application/ports/case-facts.port';
export type { AccountParties, CasePerson, ExecutorContact, FamilyMember, IdentitySubject } from './application/ports/case-facts.port';
export { ExecutorIdentity } from './application/ports/executor-identity.port';
export type { ExecutorIdentitySource } from './application/ports/executor-identity.port';
export { CaseReach } from './application/ports/case-reach.port';
export { LiveCases } from './application/ports/live-cases.port';
export type { CaseReachReader } from './application/ports/case-reach.port';
export * from './domain/case-vocabulary';
