import { Module, OnModuleInit } from '@nestjs/common';
import { AuthorityChanges, CaseModule } from '@estate/case';
import { BankAccounts } from './application/bank-accounts.port';
import { InstantTransferSummaries } from './application/instant-transfer-summaries';
import { EstateLedgerBalances } from './application/estate-ledger-balances';
import { BankAccountsController } from './http/bank-accounts.controller';
import { RecurringPaymentsController } from './http/recurring-payments.controller';
import { SignersController } from './http/signers.controller';
import { FinancialAccountsController } from './http/financial-accounts.controller';
import { BankAccountBeneficiariesController, FinancialAccountBeneficiariesController } from './http/account-beneficiaries.controller';
import { TransactionsController } from './http/transactions.controller';
import { OrmBankAccounts } from './infrastructure/orm-bank-accounts';
import { DebtsController } from './http/debts.controller';
import { InstitutionContactsController } from './http/institution-contacts.controller';
import { InventoryController } from './http/inventory.controller';
import { EstateInventoryService } from './application/estate-inventory.service';
import { EstateRecords } from './application/ports/estate-records.port';
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
import { InvestmentAccountsController } from './http/investment-accounts.controller';
import { LifeInsurancePoliciesController } from './http/life-insurance-policies.controller';
import { RealEstateValuationsController } from './http/real-estate-valuations.controller';
import { RetirementAccountsController } from './http/retirement-accounts.controller';
import { VehiclesController } from './http/vehicles.controller';
import { RealEstatePropertiesController } from './http/real-estate-properties.controller';
import { BusinessesController } from './http/businesses.controller';
import { AccountableAssets } from './application/ports/accountable-assets.port';
import { OrmAccountableAssets } from './infrastructure/orm-accountable-assets';
import { ClosableAccounts } from './application/ports/closable-accounts.port';
import { CaseBusinesses } from './application/ports/case-businesses.port';
import { OrmClosableAccounts } from './infrastructure/orm-closable-accounts';
import { OrmCaseBusinesses } from './infrastructure/orm-case-businesses';
import { BalanceHistoryController } from './http/balance-history.controller';
import { BalanceHistory } from './application/balance-history.service';
import { BalanceSources } from './application/ports/balance-sources.port';
import { StatementClosings } from './application/ports/statement-closings.port';
import { SqlBalanceSources } from './infrastructure/sql-balance-sources';
import { RegisteredStatementClosings } from './infrastructure/registered-statement-closings';

/** The assets bounded context: every asset and liability of an estate (issue 8). */
@Module({
  imports: [CaseModule],
  controllers: [
    InstitutionContactsController,
    DebtsController,
    BankAccountsController,
    TransactionsController,
    RecurringPaymentsController,
    SignersController,
    BankAccountBeneficiariesController,
    FinancialAccountsController,
    FinancialAccountBeneficiariesController,
    BalanceHistoryController,
    RealEstateValuationsController,
    VehiclesController,
    InvestmentAccountsController,
    RetirementAccountsController,
    LifeInsurancePoliciesController,
    InventoryController,
    RealEstatePropertiesController,
    BusinessesController,
  ],
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
  ],
  exports: [BankAccounts, LedgerEntries, InstitutionContacts, DistributableAssets, StatementClosings, PaidUnclaimedProperties, ClosableAccounts, CaseBusinesses, AccountableAssets],
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
