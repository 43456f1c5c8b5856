import { Module } from '@nestjs/common';
import { CASE_PARTS } from './case.parts';
import { CaseOwnership, CaseResourceModule } from '@estate/shared-kernel';
import { authorityResource } from './resources/authority.resource';
import { deceasedResource } from './resources/deceased.resource';
import { executorResource } from './resources/executor.resource';
import { CaseDeletionParticipants, CaseDeletionRegistry } from './application/case-deletion';
import { CasesService } from './application/cases.service';
import { CasePendingSearches } from './application/ports/pending-searches.port';
import { AuthorityChangeListeners, AuthorityChanges } from './application/ports/authority-changes.port';
import {
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
import { ExecutorIdentity } from './application/ports/executor-identity.port';
import { ExecutorIdentityRecords } from './application/executor-identity-records';
import { CaseOwnershipAdapter } from './infrastructure/case-ownership.adapter';
import { CaseReads } from './application/ports/case-reads.port';
import { CaseViews } from './application/ports/case-views.port';
import { PresenterCaseViews } from './http/presenters';
import { PlainCasePendingSearches } from './infrastructure/persistence/plain-case-pending-searches';
import { PlainCaseReads } from './infrastructure/persistence/plain-case-reads';
import { OrmCaseFacts } from './infrastructure/persistence/orm-case-facts';
import { goalResource } from './resources/goal.resource';
import { CreateGoal } from './application/create-goal.service';
import { ReviseGoal } from './application/revise-goal.service';
import { GoalAssignees } from './application/goal-assignees';
import { CaseReach, RegisteredCaseReach } from './application/ports/case-reach.port';
import { LiveCases } from './application/ports/live-cases.port';
import { PlainLiveCases } from './infrastructure/persistence/plain-live-cases';

/**
 * The case context. What other contexts may use of it are the ports it exports (`ports.ts`), bound here: the narrow
 * reads of a case, the registries where others plug into its authority changes and deletions, and the projections
 * other contexts write to (pending searches; the executor's identity status), and the people context's answer to who
 * can reach a case (`CaseReach`, for a goal's assignee), and whether cases live and their lock (`LiveCases`: no other
 * context reads or locks the `cases` table).
 */
@Module({
  imports: [CaseResourceModule.forResources([deceasedResource, authorityResource, executorResource, goalResource])],
  controllers: CASE_PARTS.controllers,
  providers: [
    CasesService,
    CaseDeletionRegistry,
    { provide: CaseDeletionParticipants, useExisting: CaseDeletionRegistry },
    AuthorityChangeListeners,
    { provide: AuthorityChanges, useExisting: AuthorityChangeListeners },
    OrmCaseFacts,
    { provide: CaseAuthorityLevels, useExisting: OrmCaseFacts },
    { provide: CaseDeceasedDates, useExisting: OrmCaseFacts },
    { provide: CaseLettersDates, useExisting: OrmCaseFacts },
    { provide: CaseEstateValues, useExisting: OrmCaseFacts },
    { provide: CaseIdentitySubjects, useExisting: OrmCaseFacts },
    { provide: CaseAccountParties, useExisting: OrmCaseFacts },
    { provide: CasePersons, useExisting: OrmCaseFacts },
    { provide: CaseFamilies, useExisting: OrmCaseFacts },
    { provide: CaseDeceasedResidences, useExisting: OrmCaseFacts },
    ExecutorIdentityRecords,
    { provide: ExecutorIdentity, useExisting: ExecutorIdentityRecords },
    { provide: CaseOwnership, useClass: CaseOwnershipAdapter },
    { provide: CaseReads, useClass: PlainCaseReads },
    { provide: CasePendingSearches, useClass: PlainCasePendingSearches },
    { provide: CaseViews, useClass: PresenterCaseViews },
    { provide: CaseReach, useClass: RegisteredCaseReach },
    { provide: LiveCases, useClass: PlainLiveCases },
    GoalAssignees,
    CreateGoal,
    ReviseGoal,
  ],
  exports: [CaseOwnership, CaseDeletionParticipants, CasePendingSearches, AuthorityChanges, CaseAuthorityLevels, CaseDeceasedDates, CaseLettersDates, CaseEstateValues, CaseIdentitySubjects, CasePersons, CaseAccountParties, ExecutorIdentity, CaseReach, LiveCases,
    // The court's heirship reads the family and the deceased's residence (contract-extensions §17.3).
    CaseFamilies, CaseDeceasedResidences],
})
export class CaseModule {}
