import type { Cents } from '@estate/shared-kernel/domain';
import type {
  AccountingBankAccount,
  AccountingBusiness,
  AccountingFinancialAccount,
  AccountingInvestmentAccount,
  AccountingLifeInsurancePolicy,
  AccountingRealEstateProperty,
  AccountingRetirementAccount,
  AccountingUnclaimedProperty,
  AccountingValuation,
  AccountingVehicle,
} from './accounted-assets';
import {
  bankAccountCarry,
  businessCarry,
  type CarriedLine,
  chosenParcelValuation,
  financialAccountCarry,
  investmentAccountCarry,
  lifeInsurancePolicyCarry,
  type PropertyRuling,
  realEstateParcelCarry,
  realEstatePropertyCarry,
  retirementAccountCarry,
  unclaimedPropertyCarry,
  vehicleCarry,
} from './asset-carry';
import {
  businessDisposal,
  claimPaidDisposal,
  type Disposal,
  encumbranceOf,
  financialAccountDisposal,
  investmentAccountDisposal,
  liensOf,
  type Proceeds,
  realEstatePropertyDisposal,
  retirementAccountDisposal,
  vehicleDisposal,
} from './asset-disposals';
import {
  bankAccountLine,
  businessLine,
  financialAccountLine,
  type InventoryBankAccount,
  type InventoryBusiness,
  type InventoryDate,
  type InventoryFinancialAccount,
  type InventoryInvestmentAccount,
  type InventoryLifeInsurancePolicy,
  type InventoryLine,
  type InventoryRealEstateProperty,
  type InventoryRetirementAccount,
  type InventoryValuation,
  type InventoryVehicle,
  investmentAccountLine,
  lifeInsurancePolicyLine,
  realEstateParcelLine,
  realEstatePropertyLine,
  retirementAccountLine,
  unclaimedPropertyLine,
  vehicleLine,
} from './inventory-lines';
import { type Passage, type PassageFacts, passesByOf, type PassesBy } from './passage';
import { valuationParcels } from './real-estate-valuation';
import type { PaidUnclaimedProperty } from './unclaimed-property';

/**
 * The catalogue of the kinds of asset an estate holds: one entry per kind, the only place that lists them. Each entry
 * says where the kind's records are declared, how the kind passes at death (through probate or not, and why), the
 * estate inventory's line for it, what a court account carries it at and when it leaves the account, whether a
 * distribution in kind can give it, whether a sale's proceeds may name it and whether a closure request closes it.
 * The inventory, the distributions, the closures and the court accounting read this catalogue; adding a kind of asset
 * is its declaration and one entry here.
 *
 * The entries run in the order court accountings list property (contract-extensions §16.3), which the inventory shares.
 */

/** A calendar date, `YYYY-MM-DD`. */
type CalendarDate = string;

/** A record as the API presents it (snake_case JSON), as a distribution reads it. */
type View = Record<string, any>;

/** What a distribution in kind (contract-extensions §12.7) reads of an asset, and how the gift is recorded on it. */
export interface DistributionRules {
  /** Its place among §12.7's `asset_type`s, the order of the API's enum. */
  listed: number;
  /** Words for people: the address, `2019 Toyota Camry`, `Fidelity brokerage ending 4321`. */
  describe(view: View): string;
  /** Why it can no longer be given (`the property is sold`), or null. */
  unavailableBecause(view: View): string | null;
  /** The merge patch recording the gift on the asset; null when the record has no field for it. */
  gift(view: View, recipientName: string): Record<string, unknown> | null;
}

/** The accounting of cash: a bank account is followed through its ledger (contract-extensions §16.4). */
interface CashAccounting<Account> {
  carriedAt: 'ledger';
  /** Its line, carried at the sum of its transactions through the date of death (the caller's sum). */
  line(account: Account, ledgerThroughDeath: Cents): CarriedLine;
}

/** What a court account reads of the records of one kind, besides their own fields. */
export interface AccountContext {
  /** Every valuation of the case, with or without a property. */
  valuations: readonly AccountingValuation[];
}

/** The accounting of property carried at a value (contract-extensions §16.3, §16.5). */
interface PropertyAccounting<Item> {
  carriedAt: 'value';
  /** Its line, with the value it enters the account at (its carry value, fixed from then on). */
  line(item: Item, context: AccountContext): CarriedLine;
  /** When and at what proceeds it leaves the account; `proceeds` are the `asset_proceeds` transactions naming it. */
  disposal(item: Item, proceeds: Proceeds): Disposal | null;
  /** Its mortgage, liens or lien payoff, for the liabilities memo; `null` when none is recorded. */
  encumbrance(item: Item): Cents | null;
  /** The day it is received, for a kind only ever received during an account (unclaimed property: its claim paid). */
  receivedOn(item: Item): CalendarDate | null;
}

/** What an automated closure (contract-extensions §15.1) reads of an account, by the names of its record's fields. */
export interface ClosureRules {
  /** The field holding the bank's, custodian's or carrier's name. */
  institution: string;
  /** The field holding the account (or policy) number. */
  number: string;
  /** Whether the record is the estate's own account, which a closure leaves open; absent: never. */
  estate?: (record: Record<string, unknown>) => boolean;
  /** A closure moves its `status` (`pending_closure`, `closed`): only bank and financial accounts track it. */
  statusTracked: boolean;
  /** It has a `closed_date`, which a closure sets. */
  closedDate: boolean;
}

/**
 * One kind of asset. `InventoryItem` and `AccountItem` are what the inventory and a court account read of a record
 * (its declaration's record is both), or of a parcel (its valuations) for a kind shown one line per parcel.
 */
interface AssetKindEntry<InventoryItem, AccountItem> {
  /** The name its records go by in a case's record set (`vehicles`). */
  records: string;
  /** The name of the case resource that declares its records. */
  declaration: string;
  /** Whether this context declares its records; unclaimed property is declared by the context that searches for it. */
  keptHere: boolean;
  /** How it passes at death (passage.ts). */
  passage: Passage;
  /** One line per record, or one per parcel for valuations standing for a property of their own. */
  lineFor: 'record' | 'parcel';
  inventory: { line(item: InventoryItem, date: InventoryDate): InventoryLine };
  accounting: CashAccounting<AccountItem> | PropertyAccounting<AccountItem>;
  /** How a distribution in kind gives it (§12.7); null when none can. */
  distribution: DistributionRules | null;
  /** Whether an `asset_proceeds` transaction may name it (§16.2: it can be sold or paid out), and its place in that list. */
  proceeds: { listed: number } | null;
  /** Whether a closure request closes it (§15.1: an account at an institution), and how a closure reads it. */
  closure: ClosureRules | null;
}

const lastFour = (masked: unknown) => (typeof masked === 'string' && masked.length >= 4 ? ` ending ${masked.slice(-4)}` : '');
const words = (...parts: unknown[]) => parts.filter((part) => part !== null && part !== undefined && part !== '').join(' ');
const addressOf = (address: View | null | undefined) => (address ? `${address.address1}, ${address.city}, ${address.state} ${address.zip}` : '');
const noDisposal = (): Disposal | null => null;
const noEncumbrance = (): Cents | null => null;
const notReceivedLater = (): CalendarDate | null => null;

export const ASSET_CATALOGUE = {
  bank_account: {
    records: 'bankAccounts',
    declaration: 'bank account',
    keptHere: true,
    passage: 'by_account_ownership',
    lineFor: 'record',
    inventory: { line: (account: InventoryBankAccount, date: InventoryDate) => bankAccountLine(account, date) },
    accounting: { carriedAt: 'ledger', line: (account: AccountingBankAccount, ledgerThroughDeath: Cents) => bankAccountCarry(account, ledgerThroughDeath) },
    distribution: null,
    proceeds: null,
    closure: {
      institution: 'institutionName',
      number: 'accountNumber',
      // The estate account is flagged; an account typed estate_account is one too (as the eligibility policy reads it).
      estate: (record: Record<string, unknown>) => record.isEstateAccount === true || record.accountType === 'estate_account',
      statusTracked: true,
      closedDate: true,
    },
  },
  investment_account: {
    records: 'investmentAccounts',
    declaration: 'investment account',
    keptHere: true,
    passage: 'by_named_beneficiaries',
    lineFor: 'record',
    inventory: { line: (account: InventoryInvestmentAccount) => investmentAccountLine(account) },
    accounting: {
      carriedAt: 'value',
      line: (account: AccountingInvestmentAccount) => investmentAccountCarry(account),
      disposal: (account: AccountingInvestmentAccount, proceeds: Proceeds) => investmentAccountDisposal(account, proceeds),
      encumbrance: noEncumbrance,
      receivedOn: notReceivedLater,
    },
    distribution: {
      listed: 3,
      describe: (view: View) => `${words(view.custodian_name, view.account_type)}${lastFour(view.account_number)}`,
      unavailableBecause: () => null,
      gift: () => ({ transfer_status: 'transferred' }),
    },
    proceeds: { listed: 5 },
    closure: { institution: 'custodianName', number: 'accountNumber', statusTracked: false, closedDate: false },
  },
  retirement_account: {
    records: 'retirementAccounts',
    declaration: 'retirement account',
    keptHere: true,
    passage: 'by_named_beneficiaries',
    lineFor: 'record',
    inventory: { line: (account: InventoryRetirementAccount) => retirementAccountLine(account) },
    accounting: {
      carriedAt: 'value',
      line: (account: AccountingRetirementAccount) => retirementAccountCarry(account),
      disposal: (account: AccountingRetirementAccount, proceeds: Proceeds) => retirementAccountDisposal(account, proceeds),
      encumbrance: noEncumbrance,
      receivedOn: notReceivedLater,
    },
    distribution: null,
    proceeds: { listed: 6 },
    closure: { institution: 'custodianName', number: 'accountNumber', statusTracked: false, closedDate: false },
  },
  life_insurance_policy: {
    records: 'lifeInsurancePolicies',
    declaration: 'life insurance policy',
    keptHere: true,
    passage: 'by_named_beneficiaries',
    lineFor: 'record',
    inventory: { line: (policy: InventoryLifeInsurancePolicy) => lifeInsurancePolicyLine(policy) },
    accounting: {
      carriedAt: 'value',
      line: (policy: AccountingLifeInsurancePolicy) => lifeInsurancePolicyCarry(policy),
      disposal: (policy: AccountingLifeInsurancePolicy) => claimPaidDisposal(policy),
      encumbrance: noEncumbrance,
      receivedOn: notReceivedLater,
    },
    distribution: null,
    proceeds: { listed: 4 },
    closure: { institution: 'carrierName', number: 'policyNumber', statusTracked: false, closedDate: false },
  },
  real_estate_property: {
    records: 'realEstateProperties',
    declaration: 'real estate property',
    keptHere: true,
    passage: 'by_property_ownership',
    lineFor: 'record',
    inventory: { line: (property: InventoryRealEstateProperty) => realEstatePropertyLine(property) },
    accounting: {
      carriedAt: 'value',
      // Its valuations are opinions of its value over time: the latest completed one counts when no date-of-death value is known.
      line: (property: AccountingRealEstateProperty, context: AccountContext) =>
        realEstatePropertyCarry(property, context.valuations.filter((valuation) => valuation.propertyId === property.id)),
      disposal: (property: AccountingRealEstateProperty) => realEstatePropertyDisposal(property),
      encumbrance: (property: AccountingRealEstateProperty) => encumbranceOf([property.outstandingMortgage, ...liensOf(property.liens)]),
      receivedOn: notReceivedLater,
    },
    // §12.7: a property must not be sold or foreclosed.
    distribution: {
      listed: 1,
      describe: (view: View) => addressOf(view.address),
      unavailableBecause: (view: View) => (view.status === 'sold' || view.status === 'foreclosed' ? `the property is ${view.status}` : null),
      gift: () => ({ status: 'transferred_to_heir' }),
    },
    proceeds: { listed: 1 },
    closure: null,
  },
  real_estate: {
    records: 'valuations',
    declaration: 'real estate valuation',
    keptHere: true,
    passage: 'through_probate',
    lineFor: 'parcel',
    inventory: { line: (parcel: readonly InventoryValuation[]) => realEstateParcelLine(parcel) },
    accounting: {
      carriedAt: 'value',
      line: (parcel: readonly AccountingValuation[]) => realEstateParcelCarry(parcel),
      // Cannot be sold (§16.3): a parcel known only by valuations has no record to sell.
      disposal: noDisposal,
      // The chosen valuation's mortgage and liens: the parcel is carried at that valuation's gross value.
      encumbrance: (parcel: readonly AccountingValuation[]) => {
        const chosen = chosenParcelValuation(parcel);
        return chosen && encumbranceOf([chosen.mortgageBalance, ...liensOf(chosen.liens)]);
      },
      receivedOn: notReceivedLater,
    },
    distribution: null,
    proceeds: null,
    closure: null,
  },
  vehicle: {
    records: 'vehicles',
    declaration: 'vehicle',
    keptHere: true,
    passage: 'through_probate',
    lineFor: 'record',
    inventory: { line: (vehicle: InventoryVehicle) => vehicleLine(vehicle) },
    accounting: {
      carriedAt: 'value',
      line: (vehicle: AccountingVehicle) => vehicleCarry(vehicle),
      disposal: (vehicle: AccountingVehicle) => vehicleDisposal(vehicle),
      encumbrance: (vehicle: AccountingVehicle) => encumbranceOf([vehicle.lienPayoffAmount]),
      receivedOn: notReceivedLater,
    },
    distribution: {
      listed: 2,
      describe: (view: View) => words(view.year, view.make, view.model),
      unavailableBecause: () => null,
      gift: (view: View, recipientName: string) => ({
        disposition: 'transfer_to_heir',
        disposition_details: { ...(view.disposition_details ?? {}), transferred_to: recipientName },
      }),
    },
    proceeds: { listed: 2 },
    closure: null,
  },
  financial_account: {
    records: 'financialAccounts',
    declaration: 'financial account',
    keptHere: true,
    passage: 'by_account_ownership',
    lineFor: 'record',
    inventory: { line: (account: InventoryFinancialAccount) => financialAccountLine(account) },
    accounting: {
      carriedAt: 'value',
      line: (account: AccountingFinancialAccount) => financialAccountCarry(account),
      disposal: (account: AccountingFinancialAccount, proceeds: Proceeds) => financialAccountDisposal(account, proceeds),
      encumbrance: noEncumbrance,
      receivedOn: notReceivedLater,
    },
    distribution: {
      listed: 5,
      describe: (view: View) => `${words(view.institution_name, view.account_kind)}${lastFour(view.account_number)}`,
      unavailableBecause: () => null,
      // §12.7 names no field of a financial account that records the gift.
      gift: () => null,
    },
    proceeds: { listed: 7 },
    closure: {
      institution: 'institutionName',
      number: 'accountNumber',
      // Held by the estate itself: where the proceeds go, not an account of the deceased to close.
      estate: (record: Record<string, unknown>) => record.ownershipType === 'estate',
      statusTracked: true,
      closedDate: false,
    },
  },
  business: {
    records: 'businesses',
    declaration: 'business',
    keptHere: true,
    passage: 'through_probate',
    lineFor: 'record',
    inventory: { line: (business: InventoryBusiness) => businessLine(business) },
    accounting: {
      carriedAt: 'value',
      line: (business: AccountingBusiness) => businessCarry(business),
      disposal: (business: AccountingBusiness) => businessDisposal(business),
      encumbrance: noEncumbrance,
      receivedOn: notReceivedLater,
    },
    // §12.7: a business must not be sold or dissolved.
    distribution: {
      listed: 4,
      describe: (view: View) => `${view.ownership_percentage}% of ${view.business_name}`,
      unavailableBecause: (view: View) => (view.status === 'sold' || view.status === 'dissolved' ? `the business is ${view.status}` : null),
      gift: () => ({ status: 'transferred' }),
    },
    proceeds: { listed: 3 },
    closure: null,
  },
  unclaimed_property: {
    records: 'unclaimedProperty',
    declaration: 'unclaimed property',
    keptHere: false,
    passage: 'through_probate_once_paid',
    lineFor: 'record',
    // The inventory is handed the paid claims only (contract-extensions §12.5: only then is it the estate's).
    inventory: { line: (property: PaidUnclaimedProperty) => unclaimedPropertyLine(property) },
    accounting: {
      carriedAt: 'value',
      line: (property: AccountingUnclaimedProperty) => unclaimedPropertyCarry(property),
      disposal: (property: AccountingUnclaimedProperty) => claimPaidDisposal(property),
      encumbrance: noEncumbrance,
      // Only ever additional property, received when its claim is paid (§16.3, 4).
      receivedOn: (property: AccountingUnclaimedProperty) => (property.claimStatus === 'paid' ? property.claimPaidDate : null),
    },
    distribution: null,
    proceeds: { listed: 8 },
    closure: null,
  },
} as const satisfies Record<string, AssetKindEntry<any, any>>;

type Catalogue = typeof ASSET_CATALOGUE;
export type AssetKind = keyof Catalogue;
/** The kinds, in the catalogue's order (contract-extensions §16.3). */
export const ASSET_KINDS = Object.keys(ASSET_CATALOGUE) as readonly AssetKind[];

/** An entry, as code that reads every kind alike sees it. */
const entryOf = (kind: AssetKind): AssetKindEntry<any, any> => ASSET_CATALOGUE[kind];

/** The kinds whose entry has the given section, in the order that section lists them. */
function listedBy(section: (entry: AssetKindEntry<any, any>) => { listed: number } | null): AssetKind[] {
  return ASSET_KINDS.filter((kind) => section(entryOf(kind)) !== null).sort((a, b) => section(entryOf(a))!.listed - section(entryOf(b))!.listed);
}

type KindsWhere<Section extends keyof AssetKindEntry<any, any>, Absent> = { [K in AssetKind]: Catalogue[K][Section] extends Absent ? never : K }[AssetKind];

/** The kinds a distribution in kind can give (contract-extensions §12.7's `asset_type`s with a record), in §12.7's order. */
export type DistributableAssetKind = KindsWhere<'distribution', null>;
export const DISTRIBUTABLE_ASSET_KINDS = listedBy((entry) => entry.distribution) as readonly DistributableAssetKind[];

/** The kinds an `asset_proceeds` transaction may name (§16.2: the assets that can be disposed of), in §16.2's order. */
export type ProceedsAssetKind = KindsWhere<'proceeds', null>;
export const PROCEEDS_ASSET_KINDS = listedBy((entry) => entry.proceeds) as readonly ProceedsAssetKind[];

/** The kinds of account a closure request closes (contract-extensions §15.1), in the catalogue's order. */
export type ClosableAssetKind = KindsWhere<'closure', null>;
export const CLOSABLE_ASSET_KINDS = ASSET_KINDS.filter((kind) => entryOf(kind).closure !== null) as readonly ClosableAssetKind[];

/** A kind in words, as its records' declaration is named (`bank account`, `life insurance policy`): for messages. */
export const assetKindName = (kind: AssetKind): string => ASSET_CATALOGUE[kind].declaration;

/** The kinds whose records this context declares. */
export type KeptAssetKind = KindsWhere<'keptHere', false>;
export const KEPT_ASSET_KINDS = ASSET_KINDS.filter((kind) => entryOf(kind).keptHere) as readonly KeptAssetKind[];

type Element<T> = T extends readonly (infer E)[] ? E : T;
type RecordsName<K extends AssetKind> = Catalogue[K]['records'];
/** What the inventory reads of a record of the kind. */
export type InventoryRecordOf<K extends AssetKind> = Element<Parameters<Catalogue[K]['inventory']['line']>[0]>;
/** What a court account reads of a record of the kind. */
export type AccountRecordOf<K extends AssetKind> = Element<Parameters<Catalogue[K]['accounting']['line']>[0]>;

/** A case's records of every kind, as the inventory reads them, each kind under its `records` name. */
export type InventoryRecordSets = { [K in AssetKind as RecordsName<K>]: ReadonlyArray<InventoryRecordOf<K>> };
/** A case's records of every kind, as a court account reads them, each kind under its `records` name. */
export type AccountRecordSets = { [K in AssetKind as RecordsName<K>]: ReadonlyArray<AccountRecordOf<K>> };
/** The records of the kinds this context declares, as loaded (each is what the inventory and an account read). */
export type KeptRecordSets = { [K in KeptAssetKind as RecordsName<K>]: ReadonlyArray<InventoryRecordOf<K> & AccountRecordOf<K>> };

/** The records of one kind in a record set. */
const recordsIn = (sets: object, kind: AssetKind): readonly any[] => (sets as Record<string, readonly any[]>)[entryOf(kind).records];

/** Record sets with no record of any kind: a start for tests and for callers that fill only some kinds. */
export function noAssetRecords(): AccountRecordSets {
  return Object.fromEntries(ASSET_KINDS.map((kind) => [entryOf(kind).records, []])) as unknown as AccountRecordSets;
}

/** What a record or parcel passes by: the record's fields under its kind's passage (a parcel always passes through probate). */
const itemPassesBy = (entry: AssetKindEntry<any, any>, item: PassageFacts | readonly unknown[]): PassesBy | null =>
  Array.isArray(item) ? passesByOf(entry.passage, {}) : passesByOf(entry.passage, item as PassageFacts);

const itemsOf = (entry: AssetKindEntry<any, any>, records: readonly any[]): readonly any[] => (entry.lineFor === 'parcel' ? valuationParcels(records) : records);
const firstRecordOf = (item: any): { id: string; createdAt: Date } => (Array.isArray(item) ? item[0] : item);

/** An inventory line of a record (or parcel) of one kind, with how it passes. */
export interface KindInventoryLine extends InventoryLine {
  kind: AssetKind;
  passesBy: PassesBy | null;
}

/** The inventory's lines of one kind, from its records in the order given (a parcel is where its first valuation is). */
export function inventoryLinesOf(kind: AssetKind, sets: object, date: InventoryDate, order: <T extends { createdAt: Date; id: string }>(records: readonly T[]) => T[]): KindInventoryLine[] {
  const entry = entryOf(kind);
  return itemsOf(entry, order(recordsIn(sets, kind))).map((item) => ({ kind, ...entry.inventory.line(item, date), passesBy: itemPassesBy(entry, item) }));
}

/**
 * A record as probate property (contract-extensions §16.3): whether it is — `passesBy` says why not when it passes
 * outside the estate, and unclaimed property is nobody's until its claim is paid — its carry value and its line.
 */
function rulingOf(entry: AssetKindEntry<any, any>, item: any, line: CarriedLine): PropertyRuling {
  const passesBy = itemPassesBy(entry, item);
  const owned = entry.passage !== 'through_probate_once_paid' || item.claimStatus === 'paid';
  return { probate: passesBy === null && owned, passesBy, ...line };
}

/** A bank account as probate property: cash, carried at the sum of its transactions through the date of death. */
export function cashRuling(account: AccountRecordOf<'bank_account'>, ledgerThroughDeath: Cents): PropertyRuling {
  const entry = ASSET_CATALOGUE.bank_account;
  return rulingOf(entry, account, entry.accounting.line(account, ledgerThroughDeath));
}

/** A record (or parcel) of a kind carried at a value, as probate property. */
export function propertyRuling<K extends Exclude<AssetKind, 'bank_account'>>(kind: K, item: Parameters<Catalogue[K]['accounting']['line']>[0], context: AccountContext): PropertyRuling {
  const entry = entryOf(kind);
  return rulingOf(entry, item, (entry.accounting as PropertyAccounting<unknown>).line(item, context));
}

/** A record of the estate carried at a value (every kind but cash), as a court account sees it. */
export interface AccountedAsset {
  kind: Exclude<AssetKind, 'bank_account'>;
  id: string;
  createdAt: Date;
  ruling: PropertyRuling;
  disposal: Disposal | null;
  /** `outstanding_mortgage` + Σ `liens[].amount`, or `lien_payoff_amount`; `null` when none is recorded. */
  encumbrance: Cents | null;
  /** Unclaimed property is received when paid (`claim_paid_date`); `null` for every other kind. */
  receivedOn: CalendarDate | null;
}

/**
 * The records (or parcels) of one kind as a court account carries them: its ruling, its disposal (`proceedsNaming`
 * gives the `asset_proceeds` transactions naming a record) and its encumbrance. Cash is followed through its ledger
 * instead, and has none.
 */
export function accountedAssetsOf(kind: AssetKind, sets: AccountRecordSets, proceedsNaming: (kind: AssetKind, id: string) => Proceeds): AccountedAsset[] {
  const entry = entryOf(kind);
  if (entry.accounting.carriedAt === 'ledger') return [];
  const accounting = entry.accounting;
  const context: AccountContext = { valuations: sets.valuations };
  return itemsOf(entry, recordsIn(sets, kind)).map((item) => {
    const { id, createdAt } = firstRecordOf(item);
    return {
      kind: kind as AccountedAsset['kind'],
      id,
      createdAt,
      ruling: rulingOf(entry, item, accounting.line(item, context)),
      disposal: accounting.disposal(item, proceedsNaming(kind, id)),
      encumbrance: accounting.encumbrance(item),
      receivedOn: accounting.receivedOn(item),
    };
  });
}
