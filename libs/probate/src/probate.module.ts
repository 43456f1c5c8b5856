import { Module, OnModuleInit } from '@nestjs/common';
import { PROBATE_PARTS } from './probate.parts';
import { ClosurePlanEvents } from './application/closure-plans';
import { DeadlineEventScheduler } from './application/deadline-event-scheduler';
import { CaseResourceModule, RecordDeletionVetoes, registerErrorCodes } from '@estate/shared-kernel';
import { CaseModule } from '@estate/case';
import { AddClosureStep } from './application/add-closure-step.service';
import { ClosurePlanWrites } from './application/closure-plan-writes';
import { CreateDeadline } from './application/create-deadline.service';
import { DeadlineFeed } from './application/deadline-feed.service';
import { DeadlineFeedLinks } from './application/deadline-feed-links.service';
import { FileCreditorClaim } from './application/file-creditor-claim.service';
import { GenerateDeadlines } from './application/generate-deadlines.service';
import { CaseSearchTallies } from './application/ports/case-search-tallies.port';
import { DeceasedDates } from './application/ports/deceased-dates.port';
import { LettersDates } from './application/ports/letters-dates.port';
import { JurisdictionRuleBook } from './application/ports/jurisdiction-rules.port';
import { SubTaskContacts } from './application/ports/sub-task-contacts.port';
import { PendingSearchesProjection } from './application/pending-searches-projection';
import { RemoveClosureStep } from './application/remove-closure-step.service';
import { ReviseClosureStep } from './application/revise-closure-step.service';
import { ReviseCreditorClaim } from './application/revise-creditor-claim.service';
import { ReviseSearch } from './application/revise-search.service';
import { ReviseSubTask } from './application/revise-sub-task.service';
import { StartSearch } from './application/start-search.service';
import { UpdateDeadline } from './application/update-deadline.service';
import { ProbateReference } from './application/probate-reference.service';
import { ProbateReferenceFiles } from './application/ports/probate-reference-files.port';
import { FileProbateReference } from './infrastructure/reference-data/file-probate-reference';
import { DeceasedDatesAdapter } from './infrastructure/persistence/deceased-dates.adapter';
import { LettersDatesAdapter } from './infrastructure/persistence/letters-dates.adapter';
import { assetKindDeclaration, AssetsModule, CLOSABLE_ASSET_KINDS, institutionContactResource, PaidUnclaimedProperties } from '@estate/assets';
import { ContactSubTaskReferences } from './infrastructure/persistence/contact-sub-task-references';
import { SqlCaseSearchTallies } from './infrastructure/persistence/sql-case-search-tallies';
import { FileJurisdictionRules } from './infrastructure/reference-data/file-jurisdiction-rules';
import { closureStepResource } from './resources/closure-step.resource';
import { creditorClaimResource } from './resources/creditor-claim.resource';
import { probateDeadlineResource } from './resources/probate-deadline.resource';
import { searchResource } from './resources/search.resource';
import { CaseProbateState, DocumentReferences, DocumentsModule } from '@estate/documents';
import { FilingReferences } from './application/filing-references';
import { PrepareFiling } from './application/prepare-filing.service';
import { RemoveFiling } from './application/remove-filing.service';
import { ReviseFiling } from './application/revise-filing.service';
import { ProbateCaseStates } from './application/ports/probate-case-states.port';
import { ProbateForms } from './application/ports/probate-forms.port';
import { filingsNamingDocument } from './infrastructure/persistence/filing-document-referrers';
import { OrmProbateCaseStates } from './infrastructure/persistence/orm-probate-case-states';
import { filingResource } from './resources/filing.resource';
import { probateCaseResource } from './resources/probate-case.resource';

import { estateEinResource } from './resources/estate-ein.resource';
import { EstateEinDefaults } from './application/estate-ein-defaults';
import { EstatePartiesReader } from './application/ports/estate-parties.port';
import { EstatePartiesAdapter } from './infrastructure/persistence/estate-parties.adapter';
import { ProbateAccountRecordsReader } from './application/ports/probate-account-records.port';
import { OrmProbateAccountRecords } from './infrastructure/persistence/orm-probate-account-records';
import { unclaimedPropertyResource } from './resources/unclaimed-property.resource';
import { ReportUnclaimedProperty } from './application/report-unclaimed-property.service';
import { ReviseUnclaimedProperty } from './application/revise-unclaimed-property.service';
import { UnclaimedPropertyReferences } from './application/unclaimed-property-references';
import { unclaimedPropertyNamingDocument } from './infrastructure/persistence/unclaimed-property-document-referrers';
import { CancelClosureRequest } from './application/cancel-closure-request.service';
import { ClosureDeposits } from './application/closure-deposits';
import { ClosureRequestProgress } from './application/closure-request-progress';
import { ClosureRequestWrites } from './application/closure-request-writes';
import { InitiateSearch } from './application/initiate-search.service';
import { ClosureTransferOutcomes } from './application/ports/closure-transfer-outcomes.port';
import { AnsweredClosureTransfers, ClosureTransfers } from './application/ports/closure-transfers.port';
import { SearchProvider } from './application/ports/search-provider.port';
import { RequestClosure } from './application/request-closure.service';
import { ReviseClosureRequest } from './application/revise-closure-request.service';
import { SearchProcessor } from './application/search-processor';
import { searchProviderFrom } from './infrastructure/search/search-provider-setting';
import { closureRequestResource } from './resources/closure-request.resource';


import { distributionResource } from './resources/distribution.resource';
import { PlanDistribution } from './application/distributions/plan-distribution.service';
import { ReviseDistribution } from './application/distributions/revise-distribution.service';
import { DistributionMoves } from './application/distributions/distribution-moves.service';
import { DistributionReferences } from './application/distributions/distribution-references';
import { EstateHoldingsCheck } from './application/distributions/estate-holdings';
import { DistributionCommitments } from './application/ports/distribution-commitments.port';
import { OrmDistributionCommitments } from './infrastructure/persistence/orm-distribution-commitments';
import { PaidUnclaimedPropertyReader } from './infrastructure/persistence/paid-unclaimed-property-reader';
registerErrorCodes({
  distribution_not_allowed: { status: 422, explanation: 'The estate cannot give the distribution now; `details` say why, one item per reason, with the amount available.' },
  probate_case_required: { status: 409, explanation: 'The case has no probate case; create it with `PUT /v1/cases/{case_id}/probate` first.' },
  closure_request_exists: {
    status: 409,
    explanation: 'The account already has a closure request that is `requested` or `in_progress`; cancel it (`POST …/closure/requests/{request_id}/cancel`) or let it complete first.',
  },
  search_in_progress: { status: 409, explanation: 'The case already has a search of that type `pending` or `in_progress`; wait for it to complete or fail.' },
});

/**
 * The probate context: deadlines (and their generator and calendar feed), creditor claims, closure steps and closure
 * requests, searches (recorded, or run through the search provider).
 */
@Module({
  imports: [
    CaseModule,
    AssetsModule,
    DocumentsModule,
    CaseResourceModule.forResources([
      probateDeadlineResource,
      creditorClaimResource,
      closureStepResource,
      closureRequestResource,
      searchResource,
      probateCaseResource,
      filingResource,
      estateEinResource,
      distributionResource,
      unclaimedPropertyResource,
    ]),
  ],
  controllers: PROBATE_PARTS.controllers,
  providers: [
    CreateDeadline,
    UpdateDeadline,
    GenerateDeadlines,
    DeadlineFeed,
    DeadlineFeedLinks,
    FileCreditorClaim,
    ReviseCreditorClaim,
    ClosurePlanWrites,
    AddClosureStep,
    ReviseClosureStep,
    ReviseSubTask,
    RemoveClosureStep,
    ClosurePlanEvents,
    DeadlineEventScheduler,
    StartSearch,
    ReviseSearch,
    PendingSearchesProjection,
    InitiateSearch,
    SearchProcessor,
    { provide: SearchProvider, useFactory: () => searchProviderFrom(process.env) },
    ClosureRequestProgress,
    ClosureRequestWrites,
    RequestClosure,
    ReviseClosureRequest,
    CancelClosureRequest,
    { provide: ClosureTransfers, useClass: AnsweredClosureTransfers },
    { provide: ClosureTransferOutcomes, useClass: ClosureDeposits },
    { provide: CaseSearchTallies, useClass: SqlCaseSearchTallies },
    { provide: DeceasedDates, useClass: DeceasedDatesAdapter },
    { provide: LettersDates, useClass: LettersDatesAdapter },
    { provide: JurisdictionRuleBook, useClass: FileJurisdictionRules },
    { provide: ProbateReferenceFiles, useClass: FileProbateReference },
    ProbateReference,
    EstateEinDefaults,
    { provide: EstatePartiesReader, useClass: EstatePartiesAdapter },
    { provide: SubTaskContacts, useClass: ContactSubTaskReferences },
    PrepareFiling,
    ReviseFiling,
    RemoveFiling,
    FilingReferences,
    PlanDistribution,
    ReviseDistribution,
    DistributionMoves,
    DistributionReferences,
    EstateHoldingsCheck,
    { provide: DistributionCommitments, useClass: OrmDistributionCommitments },
    PaidUnclaimedPropertyReader,
    ReportUnclaimedProperty,
    ReviseUnclaimedProperty,
    UnclaimedPropertyReferences,
    { provide: ProbateCaseStates, useClass: OrmProbateCaseStates },
    { provide: ProbateAccountRecordsReader, useClass: OrmProbateAccountRecords },
    // The filings' form rule reads the §10.3 catalogue.
    { provide: ProbateForms, useFactory: (reference: ProbateReference): ProbateForms => ({ exists: async (formId, state) => reference.formExists(formId, state) }), inject: [ProbateReference] },
  ],
  // The transfers context answers ClosureTransfers and tells ClosureTransferOutcomes (contract-extensions §15.1); the
  // court accounting reads the probate records (§16).
  exports: [ClosureTransfers, ClosureTransferOutcomes, SearchProcessor, SearchProvider, ProbateAccountRecordsReader],
})
export class ProbateModule implements OnModuleInit {
  constructor(
    private readonly ruleBook: JurisdictionRuleBook,
    private readonly referenceFiles: ProbateReferenceFiles,
    private readonly contacts: SubTaskContacts,
    private readonly vetoes: RecordDeletionVetoes,
    private readonly probateStates: CaseProbateState,
    private readonly probateCases: ProbateCaseStates,
    private readonly documentReferences: DocumentReferences,
    private readonly paidUnclaimed: PaidUnclaimedProperties,
    private readonly paidUnclaimedReader: PaidUnclaimedPropertyReader,
    private readonly closureRequests: ClosureRequestProgress,
  ) {}

  onModuleInit(): void {
    // The estate inventory lists unclaimed property once its claim is paid (contract-extensions §12.5), read here.
    this.paidUnclaimed.answerWith((caseId) => this.paidUnclaimedReader.paidOf(caseId));
    // A broken jurisdiction file stops start-up (contract-extensions §10.4).
    this.ruleBook.rules();
    // So does a broken forms catalogue (§10.3).
    this.referenceFiles.forms();
    // Deleting an institution contact releases the sub-tasks that name it, in the deletion's transaction: the
    // kernel releases declared references of top-level fields, and sub-tasks are items of a step. The deletion hook
    // of the kernel is its veto registry; this "veto" never refuses.
    this.vetoes.register(institutionContactResource, (record) => this.contacts.release(record.caseId, record.id));
    // A notarization asks for a notary commissioned in the probate case's state (contract-extensions §11.4).
    this.probateStates.answerWith((em, caseId) => this.probateCases.stateOf(em, caseId));
    // A document a filing names cannot be deleted (409 document_in_use naming the filing).
    this.documentReferences.register(filingsNamingDocument);
    // …and so is one that unclaimed property names (contract-extensions §12.5).
    this.documentReferences.register(unclaimedPropertyNamingDocument);
    // Nor can the account of an open closure request (409 invalid_state naming the request, §15.1).
    for (const kind of CLOSABLE_ASSET_KINDS) {
      this.vetoes.register(assetKindDeclaration(kind), (record) => this.closureRequests.accountLeaving(record.caseId, record.id));
    }
  }
}
