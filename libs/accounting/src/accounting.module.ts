import { Module, OnModuleInit } from '@nestjs/common';
import { ASSET_KINDS, assetKindDeclaration, AssetsModule } from '@estate/assets';
import { CaseDeletionParticipants, CaseModule } from '@estate/case';
import { DocumentsModule } from '@estate/documents';
import { ClosingModule } from '@estate/closing';
import { CaseSettledAccountings, CourtModule } from '@estate/court';
import { DiscoveryModule } from '@estate/discovery';
import { RecordDeletionVetoes, registerErrorCodes } from '@estate/shared-kernel';
import { AccountingComputations } from './application/accounting-computations';
import { AccountingPapers } from './application/accounting-papers';
import { AccountingSources } from './application/accounting-sources';
import { CarriedRecords } from './application/carried-records';
import { LiveAccounting } from './application/live-accounting.service';
import { AccountingPdf } from './application/ports/accounting-pdf.port';
import { AccountingStore } from './application/ports/accounting-store.port';
import { SettleAccounting } from './application/settle-accounting.service';
import { SettledAccountings } from './application/settled-accountings.service';
import { AccountingReplies } from './http/accounting-replies';
import { SettledAccountingLocation } from './http/accountings.controller';
import { ACCOUNTING_PARTS } from './accounting.parts';
import { OrmAccountingStore } from './infrastructure/persistence/orm-accounting-store';
import { PdfmakeAccountingPdf } from './infrastructure/pdf/pdfmake-accounting-pdf';

registerErrorCodes({
  date_of_death_required: { status: 422, explanation: 'An accounting starts on the date of death: record the deceased and their `date_of_death` first.' },
  accounting_period_invalid: {
    status: 422,
    explanation:
      'The period cannot be accounted for: `to` is after today or before `from`, or `from` is neither the date of death nor the day after a settled accounting’s `to`. `details` say which.',
  },
  accounting_not_allowed: {
    status: 422,
    explanation:
      'The account cannot be settled: it does not balance (one detail per unreconciled item with an effect), or, for a final account, a creditor claim is still open or a distribution planned or approved (one detail per record).',
  },
});

/**
 * The court accounting context (contract-extensions §16): the live account, settled accountings and their formats.
 * It reads the records of the other contexts through their ports, in one transaction, and vetoes deleting what the
 * latest settled accounting carries.
 */
@Module({
  imports: [CaseModule, AssetsModule, DocumentsModule, CourtModule, ClosingModule, DiscoveryModule],
  controllers: ACCOUNTING_PARTS.controllers,
  providers: [
    AccountingSources,
    AccountingComputations,
    AccountingPapers,
    LiveAccounting,
    SettleAccounting,
    SettledAccountings,
    CarriedRecords,
    AccountingReplies,
    SettledAccountingLocation,
    { provide: AccountingStore, useClass: OrmAccountingStore },
    { provide: AccountingPdf, useClass: PdfmakeAccountingPdf },
  ],
})
export class AccountingModule implements OnModuleInit {
  constructor(
    private readonly vetoes: RecordDeletionVetoes,
    private readonly carried: CarriedRecords,
    private readonly deletion: CaseDeletionParticipants,
    private readonly store: AccountingStore,
    private readonly filedAccountings: CaseSettledAccountings,
  ) {}

  onModuleInit(): void {
    // An account carries records of every kind of asset: the latest settled accounting vetoes deleting one it carries.
    for (const kind of ASSET_KINDS) this.vetoes.register(assetKindDeclaration(kind), (record) => this.carried.assertNotCarried(record.caseId, kind, record.id));
    // A deleted case's accountings go with its other records.
    this.deletion.register({ beforeCaseDeleted: (caseId) => this.store.eraseCase(caseId) });
    // A filing of type accounting names one of the case's settled accountings (contract-extensions §16.10).
    this.filedAccountings.answerWith(async (caseId, accountingId) => (await this.store.headsOf(caseId)).some((head) => head.id === accountingId));
  }
}
