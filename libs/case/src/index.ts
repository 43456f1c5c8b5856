export { CaseModule } from './case.module';
export { CaseDeletionParticipant, CaseDeletionParticipants } from './application/case-deletion';
export { CasesService } from './application/cases.service';
export { PendingSearches, PendingSearchesJoin, PendingSearchesPort, PendingSearchesSource } from './application/ports/pending-searches.port';
export * from './domain/case-vocabulary';
export { CASE_ENTITIES } from './infrastructure/persistence/case-entities';
export { AuthorityChangeListener, AuthorityChanges } from './application/ports/authority-changes.port';
export { CaseAuthorityLevels } from './application/case-authority-levels';
export { CaseDeceasedDates } from './application/case-deceased-dates';
