import type { BankAccountFacts } from './bank-account';
import { Cents, centsOf, centsToNumber, centsToText, maskSensitive, percentageOf, sumCents } from '@estate/shared-kernel/domain';
import type { FinancialAccountFacts } from './financial-account';
import { propertyEquityAtDeath, type RealEstatePropertyFacts } from './real-estate-property';
import type { DebtFacts } from './debt';
import type { InvestmentAccountFacts } from './investment-account';
import type { LifeInsurancePolicyFacts } from './life-insurance-policy';
import { RealEstateValuationFacts, valuationEquity } from './real-estate-valuation';
import type { RetirementAccountFacts } from './retirement-account';
import type { BusinessFacts } from './business';
import { VehicleFacts, vehicleEquity } from './vehicle';

/**
 * The estate inventory (issue 8, beyond the specification): what a personal representative files with the court as
 * the inventory and appraisal, computed from the case's records. A pure function: records in, inventory out; money
 * summed in integer cents (never floating point).
 */

/** In the order court accountings list property (contract-extensions §16.3), which the inventory shares. */
export const ASSET_KINDS = [
  'bank_account',
  'investment_account',
  'retirement_account',
  'life_insurance_policy',
  'real_estate_property',
  'real_estate',
  'vehicle',
  'financial_account',
  'business',
  'unclaimed_property',
] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
export type ItemKind = AssetKind | 'debt';

/** Why an asset passes outside probate; `null` for probate assets. */
export const PASSES_BY = ['payable_on_death', 'transfer_on_death', 'joint_survivorship', 'named_beneficiaries', 'trust', 'life_estate'] as const;
export type PassesBy = (typeof PASSES_BY)[number];

/** Where the value used comes from. */
export const VALUE_SOURCES = [
  'current_balance',
  'transactions_through_as_of',
  'date_of_death_value',
  'balance',
  'holdings_market_value',
  'claim_paid_amount',
  'death_benefit',
  'equity_estimate_given',
  'equity_estimate_computed',
  'latest_valuation',
  'estimated_value',
  'interest_value',
  'none',
] as const;
export type ValueSource = (typeof VALUE_SOURCES)[number];

export const ESTATE_VALUE_BRACKETS = ['unknown', 'under_25k', '25k_to_100k', '100k_to_500k', '500k_to_1m', 'over_1m'] as const;
export type EstateValueBracket = (typeof ESTATE_VALUE_BRACKETS)[number];

export interface InventoryItem {
  kind: ItemKind;
  id: string;
  description: string;
  /** A masked account, policy or vehicle number, or the parcel number; `null` when none. */
  reference: string | null;
  /** The value used, in cents; an item without any value counts 0 and says `none`. */
  value: Cents;
  valueSource: ValueSource;
  passesBy: PassesBy | null;
}

export interface InventoryInput {
  /**
   * `YYYY-MM-DD`: bank accounts are valued by their transactions up to and including that date — the `as_of` asked
   * for, else the deceased's date of death; `null` (neither known) values them at `current_balance`.
   */
  asOf: string | null;
  /** The case's own `estate_value`. */
  recordedEstateValue: string | null;
  bankAccounts: ReadonlyArray<Pick<BankAccountFacts, 'id' | 'institutionName' | 'accountType' | 'accountNumber' | 'ownershipType' | 'currentBalance' | 'createdAt'>>;
  /**
   * Per bank account with at least one transaction (of any date), the sum of its transactions dated on or before `asOf`
   * (numeric text; `0` when all are later). An account absent here has no transaction at all.
   */
  transactionTotalsAsOf: ReadonlyMap<string, string | number>;
  investmentAccounts: ReadonlyArray<
    Pick<InvestmentAccountFacts, 'id' | 'accountType' | 'custodianName' | 'accountNumber' | 'balance' | 'dateOfDeathValue' | 'holdings' | 'beneficiaries' | 'createdAt'>
  >;
  retirementAccounts: ReadonlyArray<Pick<RetirementAccountFacts, 'id' | 'accountType' | 'custodianName' | 'accountNumber' | 'balance' | 'beneficiaries' | 'createdAt'>>;
  lifeInsurancePolicies: ReadonlyArray<
    Pick<LifeInsurancePolicyFacts, 'id' | 'carrierName' | 'policyType' | 'policyNumber' | 'deathBenefit' | 'claimPaidAmount' | 'beneficiaries' | 'createdAt'>
  >;
  valuations: ReadonlyArray<
    Pick<
      RealEstateValuationFacts,
      | 'id' | 'propertyAddress' | 'propertyType' | 'parcelNumber' | 'estimatedValue' | 'mortgageBalance' | 'liens' | 'equityEstimate' | 'status' | 'valuationDate'
      | 'createdAt' | 'propertyId'
    >
  >;
  vehicles: ReadonlyArray<Pick<VehicleFacts, 'id' | 'year' | 'make' | 'model' | 'vin' | 'estimatedValue' | 'lienPayoffAmount' | 'equityEstimate' | 'createdAt'>>;
  debts: ReadonlyArray<Pick<DebtFacts, 'id' | 'creditorName' | 'debtType' | 'accountNumber' | 'balance' | 'createdAt'>>;
  realEstateProperties: ReadonlyArray<
    Pick<
      RealEstatePropertyFacts,
      | 'id' | 'address' | 'propertyType' | 'parcelNumber' | 'ownershipType' | 'ownershipPercentage' | 'estimatedValue' | 'dateOfDeathValue'
      | 'outstandingMortgage' | 'liens' | 'latestValuationEstimatedValue' | 'createdAt'
    >
  >;
  financialAccounts: ReadonlyArray<Pick<FinancialAccountFacts, 'id' | 'accountKind' | 'institutionName' | 'accountNumber' | 'ownershipType' | 'balance' | 'dateOfDeathValue' | 'createdAt'>>;
  businesses: ReadonlyArray<Pick<BusinessFacts, 'id' | 'businessName' | 'ownershipPercentage' | 'interestValue' | 'createdAt'>>;
  /** Unclaimed property whose claim was paid (contract-extensions §12.5): only then is it the estate's. */
  paidUnclaimedProperty: ReadonlyArray<PaidUnclaimedProperty>;
}

/** A paid unclaimed-property claim, as the probate context reports it to the inventory. */
export interface PaidUnclaimedProperty {
  id: string;
  holderName: string;
  propertyType: string;
  state: string;
  claimNumber: string | null;
  claimPaidAmount: number | null;
  createdAt: Date;
}

export interface InventoryGroup {
  kind: AssetKind;
  items: InventoryItem[];
  subtotal: Cents;
}

export interface EstateInventory {
  asOf: string | null;
  /** Probate assets grouped by kind, in the order of `ASSET_KINDS`; kinds without items are left out. */
  probateAssets: InventoryGroup[];
  /** The assets that pass outside probate, listed apart, each with why. */
  nonProbateAssets: { items: InventoryItem[]; subtotal: Cents };
  liabilities: { items: InventoryItem[]; subtotal: Cents };
  totals: { grossProbateAssets: Cents; nonProbateAssets: Cents; liabilities: Cents; netEstate: Cents };
  estateValue: { recorded: string | null; implied: EstateValueBracket; basis: 'gross_probate_assets'; matches: boolean | null };
}

const BANK_OWNERSHIP_OUTSIDE_PROBATE: Record<string, PassesBy> = {
  pod_payable_on_death: 'payable_on_death',
  tod_transfer_on_death: 'transfer_on_death',
  joint_tenants_wros: 'joint_survivorship',
  trust: 'trust',
};

/** Contract-extensions §12.4: how real property held in each of these ways passes outside probate. */
const PROPERTY_OWNERSHIP_OUTSIDE_PROBATE: Record<string, PassesBy> = {
  joint_tenants_wros: 'joint_survivorship',
  tenancy_by_entirety: 'joint_survivorship',
  community_property_wros: 'joint_survivorship',
  trust: 'trust',
  life_estate: 'life_estate',
  tod_deed: 'transfer_on_death',
};

/** The bank accounts' rule (contract §8), shared by financial accounts (§12.1: the same ownership set). */
export function accountPassesBy(ownershipType: string | null, accountType?: string): PassesBy | null {
  return (ownershipType ? BANK_OWNERSHIP_OUTSIDE_PROBATE[ownershipType] : undefined) ?? (accountType === 'trust_account' ? 'trust' : null);
}

/** How a property held that way passes outside probate, or null when it `requires_probate` (§12.4). */
export function propertyPassesBy(ownershipType: string): PassesBy | null {
  return PROPERTY_OWNERSHIP_OUTSIDE_PROBATE[ownershipType] ?? null;
}

function valued(cents: Cents | null, source: ValueSource): { value: Cents; valueSource: ValueSource } {
  return cents === null ? { value: 0n, valueSource: 'none' } : { value: cents, valueSource: source };
}

function firstValue(...candidates: Array<[number | null | undefined, ValueSource]>): { value: Cents; valueSource: ValueSource } {
  for (const [amount, source] of candidates) {
    const cents = centsOf(amount ?? null);
    if (cents !== null) return { value: cents, valueSource: source };
  }
  return { value: 0n, valueSource: 'none' };
}

const masked = (value: string | null | undefined): string | null => (value ? maskSensitive(value) : null);
/** An account or policy with a named beneficiary passes to them, outside probate. */
export const named = (beneficiaries: readonly unknown[] | null | undefined): PassesBy | null => ((beneficiaries ?? []).length > 0 ? 'named_beneficiaries' : null);

/**
 * Cash as of the inventory's date (contract §3.2 "Inventory", the court accounting's carry value, §16.3): running
 * balances start from zero, so it is the sum of the account's transactions dated up to then. Only an account with no
 * transaction at all — whose ledger was never entered — stands at its `current_balance`, as does every account when
 * the inventory has no date (no `as_of` and no date of death).
 */
function bankValue(account: InventoryInput['bankAccounts'][number], input: InventoryInput): { value: Cents; valueSource: ValueSource } {
  const total = input.asOf === null ? undefined : input.transactionTotalsAsOf.get(account.id);
  return total === undefined ? valued(centsOf(account.currentBalance), 'current_balance') : valued(centsOf(total), 'transactions_through_as_of');
}

function bankItem(account: InventoryInput['bankAccounts'][number], input: InventoryInput): InventoryItem {
  const value = bankValue(account, input);
  return {
    kind: 'bank_account',
    id: account.id,
    description: `${account.institutionName} ${account.accountType}`,
    reference: masked(account.accountNumber),
    ...value,
    // Contract §8: joint, payable-on-death, transfer-on-death and trust accounts pass outside the estate.
    passesBy: accountPassesBy(account.ownershipType, account.accountType),
  };
}

function investmentItem(account: InventoryInput['investmentAccounts'][number]): InventoryItem {
  const holdings = account.holdings ?? [];
  const holdingsValue = holdings.some((holding) => holding.market_value !== null && holding.market_value !== undefined)
    ? sumCents(holdings.map((holding) => centsOf(holding.market_value ?? null) ?? 0n))
    : null;
  return {
    kind: 'investment_account',
    id: account.id,
    description: `${account.custodianName} ${account.accountType}`,
    reference: masked(account.accountNumber),
    // The inventory values property at the date of death; the balance and the holdings are the fallbacks.
    ...(account.dateOfDeathValue !== null
      ? valued(centsOf(account.dateOfDeathValue), 'date_of_death_value')
      : account.balance !== null
        ? valued(centsOf(account.balance), 'balance')
        : valued(holdingsValue, 'holdings_market_value')),
    passesBy: named(account.beneficiaries),
  };
}

function retirementItem(account: InventoryInput['retirementAccounts'][number]): InventoryItem {
  return {
    kind: 'retirement_account',
    id: account.id,
    description: `${account.custodianName} ${account.accountType}`,
    reference: masked(account.accountNumber),
    ...firstValue([account.balance, 'balance']),
    passesBy: named(account.beneficiaries),
  };
}

function policyItem(policy: InventoryInput['lifeInsurancePolicies'][number]): InventoryItem {
  return {
    kind: 'life_insurance_policy',
    id: policy.id,
    description: [policy.carrierName, policy.policyType].filter(Boolean).join(' '),
    reference: masked(policy.policyNumber),
    // What the claim paid, once it has; the death benefit before.
    ...firstValue([policy.claimPaidAmount, 'claim_paid_amount'], [policy.deathBenefit, 'death_benefit']),
    // A policy without a named beneficiary is paid to the estate.
    passesBy: named(policy.beneficiaries),
  };
}

type Valuation = InventoryInput['valuations'][number];

/** One property, one line: valuations of the same parcel (or, without one, the same address) are opinions over time. */
function propertyKey(valuation: Valuation): string {
  if (valuation.parcelNumber) return `parcel:${valuation.parcelNumber.trim().toLowerCase()}`;
  const address = valuation.propertyAddress;
  return ['address', address.address1, address.address2 ?? '', address.city, address.state, address.zip].map((part) => part.trim().toLowerCase()).join('|');
}

/**
 * The valuation a property is inventoried at: among those with a value that did not fail, `completed` ones first, then
 * the latest `valuation_date`, then the latest created; `null` when none has a value.
 */
export function chosenValuation(valuations: readonly Valuation[]): Valuation | null {
  const usable = valuations.filter((valuation) => valuation.status !== 'failed' && valuationEquity(valuation).cents !== null);
  const rank = (valuation: Valuation): [number, string, number] => [valuation.status === 'completed' ? 1 : 0, valuation.valuationDate ?? '', valuation.createdAt.getTime()];
  let best: Valuation | null = null;
  for (const valuation of usable) {
    if (best === null) {
      best = valuation;
      continue;
    }
    const [a, b] = [rank(valuation), rank(best)];
    if (a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2]) best = valuation;
  }
  return best;
}

function realEstateItems(valuations: readonly Valuation[]): InventoryItem[] {
  const byProperty = new Map<string, Valuation[]>();
  for (const valuation of valuations) byProperty.set(propertyKey(valuation), [...(byProperty.get(propertyKey(valuation)) ?? []), valuation]);
  const items: InventoryItem[] = [];
  for (const group of byProperty.values()) {
    const chosen = chosenValuation(group);
    const shown = chosen ?? group[group.length - 1];
    const address = shown.propertyAddress;
    const equity = chosen ? valuationEquity(chosen) : { cents: null, source: 'computed' as const };
    items.push({
      kind: 'real_estate',
      id: shown.id,
      description: `${address.address1}, ${address.city}, ${address.state} ${address.zip} (${shown.propertyType})`,
      reference: shown.parcelNumber ?? null,
      // Real property at its equity: the valuation's own mortgage and liens are deducted here, not listed as debts.
      ...valued(equity.cents, equity.source === 'given' ? 'equity_estimate_given' : 'equity_estimate_computed'),
      passesBy: null,
    });
  }
  return items;
}

function vehicleItem(vehicle: InventoryInput['vehicles'][number]): InventoryItem {
  const equity = vehicleEquity(vehicle);
  return {
    kind: 'vehicle',
    id: vehicle.id,
    description: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
    reference: masked(vehicle.vin),
    ...valued(equity.cents, equity.source === 'given' ? 'equity_estimate_given' : 'equity_estimate_computed'),
    passesBy: null,
  };
}

const addressLine = (address: { address1: string; city: string; state: string; zip: string }) => `${address.address1}, ${address.city}, ${address.state} ${address.zip}`;

function propertyItem(property: InventoryInput['realEstateProperties'][number]): InventoryItem {
  // As the valuations: real property at its equity, the deceased's share of it; valued at death where known.
  const equity = propertyEquityAtDeath(property);
  return {
    kind: 'real_estate_property',
    id: property.id,
    description: `${addressLine(property.address)} (${property.propertyType})`,
    reference: property.parcelNumber ?? null,
    ...valued(equity.cents === null ? null : percentageOf(equity.cents, property.ownershipPercentage ?? 100), equity.source),
    passesBy: propertyPassesBy(property.ownershipType),
  };
}

function financialAccountItem(account: InventoryInput['financialAccounts'][number]): InventoryItem {
  return {
    kind: 'financial_account',
    id: account.id,
    description: `${account.institutionName} ${account.accountKind}`,
    reference: masked(account.accountNumber),
    ...firstValue([account.dateOfDeathValue, 'date_of_death_value'], [account.balance, 'balance']),
    passesBy: accountPassesBy(account.ownershipType),
  };
}

function businessItem(business: InventoryInput['businesses'][number]): InventoryItem {
  return {
    kind: 'business',
    id: business.id,
    description: `${business.ownershipPercentage}% of ${business.businessName}`,
    reference: null,
    ...firstValue([business.interestValue, 'interest_value']),
    passesBy: null,
  };
}

function unclaimedItem(property: PaidUnclaimedProperty): InventoryItem {
  return {
    kind: 'unclaimed_property',
    id: property.id,
    description: `${property.holderName} (${property.propertyType}, ${property.state})`,
    reference: property.claimNumber ?? null,
    ...firstValue([property.claimPaidAmount, 'claim_paid_amount']),
    passesBy: null,
  };
}

function debtItem(debt: InventoryInput['debts'][number]): InventoryItem {
  return {
    kind: 'debt',
    id: debt.id,
    description: `${debt.creditorName} (${debt.debtType})`,
    reference: masked(debt.accountNumber),
    ...firstValue([debt.balance, 'balance']),
    passesBy: null,
  };
}

const THRESHOLDS: ReadonlyArray<[Cents, EstateValueBracket]> = [
  [2_500_000n, 'under_25k'],
  [10_000_000n, '25k_to_100k'],
  [50_000_000n, '100k_to_500k'],
];

/**
 * The case's `estate_value` bracket a value implies: below 25,000 `under_25k`, below 100,000 `25k_to_100k`, below
 * 500,000 `100k_to_500k`, up to and including 1,000,000 `500k_to_1m`, above `over_1m`.
 */
export function estateValueBracket(cents: Cents): EstateValueBracket {
  for (const [limit, bracket] of THRESHOLDS) if (cents < limit) return bracket;
  return cents <= 100_000_000n ? '500k_to_1m' : 'over_1m';
}

const byCreation = <T extends { createdAt: Date; id: string }>(records: readonly T[]): T[] =>
  [...records].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

export function buildEstateInventory(input: InventoryInput): EstateInventory {
  const assets: InventoryItem[] = [
    ...byCreation(input.bankAccounts).map((account) => bankItem(account, input)),
    ...byCreation(input.investmentAccounts).map(investmentItem),
    ...byCreation(input.retirementAccounts).map(retirementItem),
    ...byCreation(input.lifeInsurancePolicies).map(policyItem),
    ...byCreation(input.realEstateProperties).map(propertyItem),
    // A valuation of a recorded property is an opinion of that property's value, not a parcel of its own.
    ...realEstateItems(byCreation(input.valuations.filter((valuation) => !valuation.propertyId))),
    ...byCreation(input.vehicles).map(vehicleItem),
    ...byCreation(input.financialAccounts).map(financialAccountItem),
    ...byCreation(input.businesses).map(businessItem),
    ...byCreation(input.paidUnclaimedProperty).map(unclaimedItem),
  ];
  const probate = assets.filter((item) => item.passesBy === null);
  const nonProbate = assets.filter((item) => item.passesBy !== null);
  const debts = byCreation(input.debts).map(debtItem);
  const total = (items: readonly InventoryItem[]) => sumCents(items.map((item) => item.value));

  const probateAssets = ASSET_KINDS.map((kind) => {
    const items = probate.filter((item) => item.kind === kind);
    return { kind, items, subtotal: total(items) };
  }).filter((group) => group.items.length > 0);
  const grossProbateAssets = total(probate);
  const liabilities = total(debts);
  const implied: EstateValueBracket = assets.length === 0 && debts.length === 0 ? 'unknown' : estateValueBracket(grossProbateAssets);
  const recorded = input.recordedEstateValue;
  return {
    asOf: input.asOf,
    probateAssets,
    nonProbateAssets: { items: nonProbate, subtotal: total(nonProbate) },
    liabilities: { items: debts, subtotal: liabilities },
    totals: { grossProbateAssets, nonProbateAssets: total(nonProbate), liabilities, netEstate: grossProbateAssets - liabilities },
    estateValue: { recorded, implied, basis: 'gross_probate_assets', matches: recorded === null || recorded === 'unknown' ? null : recorded === implied },
  };
}

/** The inventory as JSON: money as numbers with at most 2 decimals, converted from exact cents once, at the edge. */
export function inventoryJson(inventory: EstateInventory): Record<string, unknown> {
  const item = (entry: InventoryItem) => ({
    kind: entry.kind,
    id: entry.id,
    description: entry.description,
    reference: entry.reference,
    value: centsToNumber(entry.value),
    value_source: entry.valueSource,
    passes_by: entry.passesBy,
  });
  return {
    as_of: inventory.asOf,
    currency: 'USD',
    probate_assets: inventory.probateAssets.map((group) => ({ kind: group.kind, items: group.items.map(item), subtotal: centsToNumber(group.subtotal) })),
    non_probate_assets: { items: inventory.nonProbateAssets.items.map(item), subtotal: centsToNumber(inventory.nonProbateAssets.subtotal) },
    liabilities: { items: inventory.liabilities.items.map(item), subtotal: centsToNumber(inventory.liabilities.subtotal) },
    totals: {
      gross_probate_assets: centsToNumber(inventory.totals.grossProbateAssets),
      non_probate_assets: centsToNumber(inventory.totals.nonProbateAssets),
      liabilities: centsToNumber(inventory.totals.liabilities),
      net_estate: centsToNumber(inventory.totals.netEstate),
    },
    estate_value: inventory.estateValue,
  };
}

export const INVENTORY_CSV_HEADER = ['section', 'kind', 'id', 'description', 'reference', 'value', 'value_source', 'passes_by'] as const;

/**
 * The inventory as CSV lines (after the header): one line per item — probate assets by kind, then the non-probate
 * assets, then the liabilities — and one per total. Money as exact 2-decimal text.
 */
export function inventoryCsvRows(inventory: EstateInventory): string[][] {
  const line = (section: string, entry: InventoryItem) => [
    section,
    entry.kind,
    entry.id,
    entry.description,
    entry.reference ?? '',
    centsToText(entry.value),
    entry.valueSource,
    entry.passesBy ?? '',
  ];
  const totalLine = (name: string, cents: Cents) => ['total', '', '', name, '', centsToText(cents), '', ''];
  return [
    ...inventory.probateAssets.flatMap((group) => group.items.map((entry) => line('probate_asset', entry))),
    ...inventory.nonProbateAssets.items.map((entry) => line('non_probate_asset', entry)),
    ...inventory.liabilities.items.map((entry) => line('liability', entry)),
    totalLine('gross_probate_assets', inventory.totals.grossProbateAssets),
    totalLine('non_probate_assets', inventory.totals.nonProbateAssets),
    totalLine('liabilities', inventory.totals.liabilities),
    totalLine('net_estate', inventory.totals.netEstate),
  ];
}
