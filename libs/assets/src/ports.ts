/**
 * What other contexts may know of the assets context beside its module and declarations: its ports (abstract classes,
 * bound by AssetsModule) and the data they carry. Re-exported by index.ts, the context's one face (`@estate/assets`;
 * docs/decisions/0069-dependencies-run-one-way.md).
 */
export { BankAccounts } from './application/bank-accounts.port';
export type { AccountBalances, BankAccountSnapshot, IneligibilityExplanation } from './application/bank-accounts.port';
export { LedgerEntries } from './application/ports/ledger-entries.port';
export type { DistributionLedgerEntry, TransferLedgerEntry } from './application/ports/ledger-entries.port';
export { DistributableAssets } from './application/ports/distributable-assets.port';
export type { DistributableAsset, DistributableAssetKind } from './application/ports/distributable-assets.port';
export { AccountableAssets } from './application/ports/accountable-assets.port';
export type { AccountableAssetRecords, LedgerTransactionFacts } from './application/ports/accountable-assets.port';
export { InstitutionContacts } from './application/ports/institution-contacts.port';
export { ClosableAccounts } from './application/ports/closable-accounts.port';
export type { ClosableAccountKind, ClosableAccountSnapshot } from './application/ports/closable-accounts.port';
export { CaseBusinesses } from './application/ports/case-businesses.port';
export type { BusinessSnapshot } from './application/ports/case-businesses.port';
export type { InstitutionContactSnapshot } from './application/ports/institution-contacts.port';
export { StatementClosings } from './application/ports/statement-closings.port';
export type { StatementClosing, StatementClosingsReader } from './application/ports/statement-closings.port';
export type { ContactMethods } from './domain/institution-contact';
export type { InstantTransferSummary } from './domain/bank-account';
export { decideInstantTransferEligibility, MAX_INSTANT_TRANSFER_AMOUNT } from './domain/instant-transfer-eligibility';
export type { EligibilityDecision, IneligibilityReason } from './domain/instant-transfer-eligibility';
export * from './domain/bank-account-vocabulary';
export { requiresProbate } from './domain/real-estate-property';
export { PROPERTY_OWNERSHIP_TYPES, NON_PROBATE_OWNERSHIP_TYPES } from './domain/real-estate-property-vocabulary';
export type { PropertyOwnershipType } from './domain/real-estate-property-vocabulary';
export { PaidUnclaimedProperties } from './application/ports/paid-unclaimed-property.port';
export type { PaidUnclaimedPropertyReader } from './application/ports/paid-unclaimed-property.port';
export type { PaidUnclaimedProperty } from './domain/unclaimed-property';
/**
 * The catalogue of asset kinds, which the inventory, the distributions and the court accounting read: each kind's
 * passage (contract-extensions §16.3: one notion of probate property), its lines, its carry value and disposal, and
 * the records a court account reads of it.
 */
export {
  ASSET_CATALOGUE,
  ASSET_KINDS,
  assetKindName,
  CLOSABLE_ASSET_KINDS,
  DISTRIBUTABLE_ASSET_KINDS,
  accountedAssetsOf,
  cashRuling,
  noAssetRecords,
  propertyRuling,
} from './domain/asset-kinds';
export type { AccountedAsset, AccountRecordSets, AssetKind } from './domain/asset-kinds';
export type * from './domain/accounted-assets';
export { latestValuation } from './domain/asset-carry';
export type { CarrySource, PropertyRuling } from './domain/asset-carry';
export { businessDisposal, claimPaidDisposal, proceedsDisposal, realEstatePropertyDisposal, vehicleDisposal } from './domain/asset-disposals';
export { valuationParcels } from './domain/real-estate-valuation';
/**
 * How a transaction is classified in the court's account (contract-extensions §16.2): the category table, the defaults
 * and the related records a category takes. They live where transactions are written; the accounting reads them.
 */
export * from './domain/transaction-classification';
/** Amounts as records and ledgers give them, and the exact share of a value (contract-extensions §16.1). */
export * from './domain/money';
/** The inventory's totals as of a date (the court's heirship and death taxes read the gross estate). */
export { EstateInventoryTotals } from './application/ports/estate-totals.port';
export type { EstateTotals } from './application/ports/estate-totals.port';
