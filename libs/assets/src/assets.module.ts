import { Module, OnModuleInit } from '@nestjs/common';
import { ASSETS_PARTS } from './assets.parts';
import { AuthorityChanges, CaseModule } from '@estate/case';
import { BankAccounts } from './application/bank-accounts.port';
import { InstantTransferSummaries } from './application/instant-transfer-summaries';
import { EstateLedgerBalances } from './application/estate-ledger-balances';
import { OrmBankAccounts } from './infrastructure/orm-bank-accounts';
import { EstateInventoryService } from './application/estate-inventory.service';
import { EstateRecords } from './application/ports/estate-records.port';
import { EstateInventoryTotals } from './application/ports/estate-inventory-totals.port';
import { PaidUnclaimedProperties } from './application/ports/paid-unclaimed-property.port';
import { RegisteredPaidUnclaimedProperties } from './infrastructure/registered-paid-unclaimed-properties';
import { OrmEstateRecords } from './infrastructure/orm-estate-records';
import { BankAccountRevisions } from './application/ports/bank-account-revisions.port';
import { LedgerEntries } from './application/ports/ledger-entries.port';
import { DistributableAssets } from './application/ports/distributable-assets.port';
import { DeclaredDistributableAssets } from './infrastructure/declared-distributable-assets';
import { InstitutionContacts } from './application/ports/institution-contacts.port';
import { OrmInstitutionContacts } from './infrastructure/orm-institution-contacts';
import { OrmBankAccountRevisions } from './infrastructure/orm-bank-account-revisions';
import { DeclaredLedgerEntries } from './infrastructure/declared-ledger-entries';
import { AccountableAssets } from './application/ports/accountable-assets.port';
import { OrmAccountableAssets } from './infrastructure/orm-accountable-assets';
import { ClosableAccounts } from './application/ports/closable-accounts.port';
import { CaseBusinesses } from './application/ports/case-businesses.port';
import { OrmClosableAccounts } from './infrastructure/orm-closable-accounts';
import { OrmCaseBusinesses } from './infrastructure/orm-case-businesses';
import { BalanceHistory } from './application/balance-history.service';
import { BalanceSources } from './application/ports/balance-sources.port';
import { StatementClosings } from './application/ports/statement-closings.port';
import { SqlBalanceSources } from './infrastructure/sql-balance-sources';
import { RegisteredStatementClosings } from './infrastructure/registered-statement-closings';

/** The assets bounded context: every asset and liability of an estate (issue 8). */
@Module({
  imports: [CaseModule],
  controllers: ASSETS_PARTS.controllers,
  providers: [
    EstateInventoryService,
    { provide: EstateRecords, useClass: OrmEstateRecords },
    { provide: PaidUnclaimedProperties, useClass: RegisteredPaidUnclaimedProperties },
    InstantTransferSummaries,
    EstateLedgerBalances,
    { provide: BankAccounts, useClass: OrmBankAccounts },
    { provide: BankAccountRevisions, useClass: OrmBankAccountRevisions },
    { provide: LedgerEntries, useClass: DeclaredLedgerEntries },
    { provide: DistributableAssets, useClass: DeclaredDistributableAssets },
    { provide: InstitutionContacts, useClass: OrmInstitutionContacts },
    { provide: AccountableAssets, useClass: OrmAccountableAssets },
    BalanceHistory,
    { provide: BalanceSources, useClass: SqlBalanceSources },
    { provide: StatementClosings, useClass: RegisteredStatementClosings },
    { provide: ClosableAccounts, useClass: OrmClosableAccounts },
    { provide: CaseBusinesses, useClass: OrmCaseBusinesses },
    // The court weighs the gross estate at the date of death against the estate tax exclusions.
    {
      provide: EstateInventoryTotals,
      useFactory: (inventories: EstateInventoryService): EstateInventoryTotals => ({ totalsAt: async (caseId, asOf) => (await inventories.inventoryOf(caseId, asOf)).totals }),
      inject: [EstateInventoryService],
    },
  ],
  exports: [BankAccounts, LedgerEntries, InstitutionContacts, DistributableAssets, StatementClosings, PaidUnclaimedProperties, ClosableAccounts, CaseBusinesses, AccountableAssets, EstateInventoryTotals],
})
export class AssetsModule implements OnModuleInit {
  constructor(
    private readonly authorityChanges: AuthorityChanges,
    private readonly instantTransfers: InstantTransferSummaries,
  ) {}

  onModuleInit(): void {
    // Contract §8: eligibility follows the case authority too, recomputed in the changing transaction (the account's own
    // writes recompute it through the declaration's `derivedBy`).
    this.authorityChanges.listen((caseId, level) => this.instantTransfers.refreshCase(caseId, level));
  }
}
