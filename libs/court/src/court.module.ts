import { Module, OnModuleInit } from '@nestjs/common';
import { COURT_PARTS } from './court.parts';
import { DeadlineEventScheduler } from './application/deadline-event-scheduler';
import { CaseResourceModule, registerErrorCodes } from '@estate/shared-kernel';
import { CaseModule } from '@estate/case';
import { AssetsModule } from '@estate/assets';
import { EstateDomicile } from './application/estate-domicile';
import { EstateHeirship } from './application/estate-heirship.service';
import { IntestacyRuleBook } from './application/ports/intestacy-rules.port';
import { FileIntestacyRules } from './infrastructure/reference-data/file-intestacy-rules';
import { GrossEstates, SurvivingRelatives } from './application/ports/estate-tax-facts.port';
import { InventoryGrossEstates } from './infrastructure/persistence/gross-estates.adapter';
import { CaseSurvivingRelatives } from './infrastructure/persistence/surviving-relatives.adapter';
import { CreateDeadline } from './application/create-deadline.service';
import { DeadlineFeed } from './application/deadline-feed.service';
import { DeadlineFeedLinks } from './application/deadline-feed-links.service';
import { FileCreditorClaim } from './application/file-creditor-claim.service';
import { GenerateDeadlines } from './application/generate-deadlines.service';
import { DeceasedDates } from './application/ports/deceased-dates.port';
import { LettersDates } from './application/ports/letters-dates.port';
import { JurisdictionRuleBook } from './application/ports/jurisdiction-rules.port';
import { ReviseCreditorClaim } from './application/revise-creditor-claim.service';
import { UpdateDeadline } from './application/update-deadline.service';
import { ProbateReference } from './application/probate-reference.service';
import { ProbateReferenceFiles } from './application/ports/probate-reference-files.port';
import { FileProbateReference } from './infrastructure/reference-data/file-probate-reference';
import { DeceasedDatesAdapter } from './infrastructure/persistence/deceased-dates.adapter';
import { LettersDatesAdapter } from './infrastructure/persistence/letters-dates.adapter';
import { FileJurisdictionRules } from './infrastructure/reference-data/file-jurisdiction-rules';
import { creditorClaimResource } from './resources/creditor-claim.resource';
import { probateDeadlineResource } from './resources/probate-deadline.resource';
import { CaseProbateState, DocumentReferences, DocumentsModule } from '@estate/documents';
import { FilingReferences } from './application/filing-references';
import { PrepareFiling } from './application/prepare-filing.service';
import { RemoveFiling } from './application/remove-filing.service';
import { ReviseFiling } from './application/revise-filing.service';
import { ProbateCaseStates } from './application/ports/probate-case-states.port';
import { ProbateForms } from './application/ports/probate-forms.port';
import { FilingDocumentReferrers } from './infrastructure/persistence/filing-document-referrers';
import { OrmProbateCaseStates } from './infrastructure/persistence/orm-probate-case-states';
import { filingResource } from './resources/filing.resource';
import { probateCaseResource } from './resources/probate-case.resource';
import { estateEinResource } from './resources/estate-ein.resource';
import { EstateEinDefaults } from './application/estate-ein-defaults';
import { EstatePartiesReader } from './application/ports/estate-parties.port';
import { EstatePartiesAdapter } from './infrastructure/persistence/estate-parties.adapter';
import { ProbateAccountRecordsReader } from './application/ports/probate-account-records.port';
import { OrmProbateAccountRecords } from './infrastructure/persistence/orm-probate-account-records';
import { EstateClaims } from './application/ports/estate-claims.port';
import { OrmEstateClaims } from './infrastructure/persistence/orm-estate-claims';
import { CaseSettledAccountings } from './application/ports/settled-accountings.port';
import { RegisteredSettledAccountings } from './infrastructure/registered-settled-accountings';
import { AccountingFilings } from './application/ports/accounting-filings.port';
import { SqlAccountingFilings } from './infrastructure/persistence/sql-accounting-filings';

registerErrorCodes({
  probate_case_required: { status: 409, explanation: 'The case has no probate case; create it with `PUT /v1/cases/{case_id}/probate` first.' },
});

/**
 * The court context: the probate case and its filings, deadlines (their generator, reminders and calendar feed), the
 * estate's EIN, creditor claims, and the reference data they are checked against (jurisdiction rules, forms catalogue).
 */
@Module({
  imports: [
    CaseModule,
    // The heirship divides the inventory's gross probate assets (contract-extensions §17.3); the death taxes weigh the
    // gross estate (§17.2).
    AssetsModule,
    DocumentsModule,
    CaseResourceModule.forResources([probateDeadlineResource, creditorClaimResource, probateCaseResource, filingResource, estateEinResource]),
  ],
  controllers: COURT_PARTS.controllers,
  providers: [
    CreateDeadline,
    UpdateDeadline,
    GenerateDeadlines,
    DeadlineFeed,
    DeadlineFeedLinks,
    FileCreditorClaim,
    ReviseCreditorClaim,
    DeadlineEventScheduler,
    { provide: DeceasedDates, useClass: DeceasedDatesAdapter },
    { provide: LettersDates, useClass: LettersDatesAdapter },
    { provide: GrossEstates, useClass: InventoryGrossEstates },
    { provide: SurvivingRelatives, useClass: CaseSurvivingRelatives },
    { provide: JurisdictionRuleBook, useClass: FileJurisdictionRules },
    { provide: ProbateReferenceFiles, useClass: FileProbateReference },
    { provide: IntestacyRuleBook, useClass: FileIntestacyRules },
    EstateDomicile,
    EstateHeirship,
    ProbateReference,
    EstateEinDefaults,
    { provide: EstatePartiesReader, useClass: EstatePartiesAdapter },
    PrepareFiling,
    ReviseFiling,
    RemoveFiling,
    FilingReferences,
    { provide: ProbateCaseStates, useClass: OrmProbateCaseStates },
    { provide: ProbateAccountRecordsReader, useClass: OrmProbateAccountRecords },
    { provide: EstateClaims, useClass: OrmEstateClaims },
    FilingDocumentReferrers,
    { provide: CaseSettledAccountings, useClass: RegisteredSettledAccountings },
    { provide: AccountingFilings, useClass: SqlAccountingFilings },
    // The filings' form rule reads the §10.3 catalogue.
    { provide: ProbateForms, useFactory: (reference: ProbateReference): ProbateForms => ({ exists: async (formId, state) => reference.formExists(formId, state) }), inject: [ProbateReference] },
  ],
  // The distributions weigh the creditor claims (contract-extensions §12.7); the court accounting reads the probate
  // case and the claims (§16), answers which settled accountings a filing may name and asks which filings name one (§16.10).
  exports: [EstateClaims, ProbateAccountRecordsReader, CaseSettledAccountings, AccountingFilings],
})
export class CourtModule implements OnModuleInit {
  constructor(
    private readonly ruleBook: JurisdictionRuleBook,
    private readonly referenceFiles: ProbateReferenceFiles,
    private readonly intestacy: IntestacyRuleBook,
    private readonly probateStates: CaseProbateState,
    private readonly probateCases: ProbateCaseStates,
    private readonly documentReferences: DocumentReferences,
    private readonly filingReferrers: FilingDocumentReferrers,
  ) {}

  onModuleInit(): void {
    // A broken jurisdiction file stops start-up (contract-extensions §10.4).
    this.ruleBook.rules();
    // So does a broken forms catalogue (§10.3).
    this.referenceFiles.forms();
    // And the compiled intestacy rules the heirship interprets (contract-extensions §17.3).
    this.intestacy.rules();
    // A notarization asks for a notary commissioned in the probate case's state (contract-extensions §11.4).
    this.probateStates.answerWith((caseId) => this.probateCases.stateOf(caseId));
    // A document a filing names cannot be deleted (409 document_in_use naming the filing).
    this.documentReferences.register(this.filingReferrers);
  }
}
