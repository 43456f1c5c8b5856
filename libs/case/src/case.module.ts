import { Module } from '@nestjs/common';
import { CaseOwnership } from '@estate/shared-kernel';
import { AuthorityService } from './application/authority.service';
import { CaseDeletionParticipants } from './application/case-deletion';
import { CasesService } from './application/cases.service';
import { DeceasedService } from './application/deceased.service';
import { PendingSearchesPort } from './application/ports/pending-searches.port';
import { AuthorityChanges } from './application/ports/authority-changes.port';
import { CaseAuthorityLevels } from './application/case-authority-levels';
import { CaseDeceasedDates } from './application/case-deceased-dates';
import { AuthorityController } from './http/authority.controller';
import { CasesController } from './http/cases.controller';
import { DeceasedController } from './http/deceased.controller';
import { PersonsController } from './http/persons.controller';
import { CaseOwnershipAdapter } from './infrastructure/case-ownership.adapter';
import { CaseReads } from './application/ports/case-reads.port';
import { CaseViews } from './application/ports/case-views.port';
import { PresenterCaseViews } from './http/presenters';
import { PlainCaseReads } from './infrastructure/persistence/plain-case-reads';

@Module({
  controllers: [CasesController, DeceasedController, AuthorityController, PersonsController],
  providers: [
    CasesService,
    DeceasedService,
    AuthorityService,
    CaseDeletionParticipants,
    PendingSearchesPort,
    AuthorityChanges,
    CaseAuthorityLevels,
    CaseDeceasedDates,
    { provide: CaseOwnership, useClass: CaseOwnershipAdapter },
    { provide: CaseReads, useClass: PlainCaseReads },
    { provide: CaseViews, useClass: PresenterCaseViews },
  ],
  exports: [CaseOwnership, CaseDeletionParticipants, PendingSearchesPort, AuthorityChanges, CaseAuthorityLevels, CaseDeceasedDates, CasesService],
})
export class CaseModule {}
