import { Cents, centsOf, maskSensitive, percentageOf, sumCents } from '@estate/shared-kernel/domain';
import type { BankAccountFacts } from './bank-account';
import type { BusinessFacts } from './business';
import type { FinancialAccountFacts } from './financial-account';
import type { InvestmentAccountFacts } from './investment-account';
import type { LifeInsurancePolicyFacts } from './life-insurance-policy';
import { propertyEquityAtDeath, type RealEstatePropertyFacts } from './real-estate-property';
import { RealEstateValuationFacts, valuationEquity } from './real-estate-valuation';
import type { RetirementAccountFacts } from './retirement-account';
import type { PaidUnclaimedProperty } from './unclaimed-property';
import { VehicleFacts, vehicleEquity } from './vehicle';

/**
 * The estate inventory's line for each kind of record (issue 8; contract §3.2 "Inventory"): what it says of the record
 * and the value it counts, in integer cents. The catalogue of asset kinds (asset-kinds.ts) names each kind's line and
 * adds how the record passes; the inventory (estate-inventory.ts) groups and sums the lines.
 */

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

/** What a line says of a record, and the value it counts. */
export interface InventoryLine {
  id: string;
  description: string;
  /** A masked account, policy or vehicle number, or the parcel number; `null` when none. */
  reference: string | null;
  /** The value used, in cents; a record without any value counts 0 and says `none`. */
  value: Cents;
  valueSource: ValueSource;
}

/**
 * The date an inventory is taken at: bank accounts are valued by their transactions up to and including it.
 */
export interface InventoryDate {
  /** `YYYY-MM-DD`: the `as_of` asked for, else the deceased's date of death; `null` (neither known) values bank accounts at `current_balance`. */
  asOf: string | null;
  /**
   * Per bank account with at least one transaction (of any date), the sum of its transactions dated on or before `asOf`
   * (numeric text; `0` when all are later). An account absent here has no transaction at all.
   */
  transactionTotalsAsOf: ReadonlyMap<string, string | number>;
}

/** The fields of each kind's records the inventory reads. */
export type InventoryBankAccount = Pick<BankAccountFacts, 'id' | 'institutionName' | 'accountType' | 'accountNumber' | 'ownershipType' | 'currentBalance' | 'createdAt'>;
export type InventoryInvestmentAccount = Pick<
  InvestmentAccountFacts,
  'id' | 'accountType' | 'custodianName' | 'accountNumber' | 'balance' | 'dateOfDeathValue' | 'holdings' | 'beneficiaries' | 'createdAt'
>;
export type InventoryRetirementAccount = Pick<RetirementAccountFacts, 'id' | 'accountType' | 'custodianName' | 'accountNumber' | 'balance' | 'beneficiaries' | 'createdAt'>;
export type InventoryLifeInsurancePolicy = Pick<
  LifeInsurancePolicyFacts,
  'id' | 'carrierName' | 'policyType' | 'policyNumber' | 'deathBenefit' | 'claimPaidAmount' | 'beneficiaries' | 'createdAt'
>;
export type InventoryValuation = Pick<
  RealEstateValuationFacts,
  | 'id' | 'propertyAddress' | 'propertyType' | 'parcelNumber' | 'estimatedValue' | 'mortgageBalance' | 'liens' | 'equityEstimate' | 'status' | 'valuationDate'
  | 'createdAt' | 'propertyId'
>;
export type InventoryVehicle = Pick<VehicleFacts, 'id' | 'year' | 'make' | 'model' | 'vin' | 'estimatedValue' | 'lienPayoffAmount' | 'equityEstimate' | 'createdAt'>;
export type InventoryRealEstateProperty = Pick<
  RealEstatePropertyFacts,
  | 'id' | 'address' | 'propertyType' | 'parcelNumber' | 'ownershipType' | 'ownershipPercentage' | 'estimatedValue' | 'dateOfDeathValue'
  | 'outstandingMortgage' | 'liens' | 'latestValuationEstimatedValue' | 'createdAt'
>;
export type InventoryFinancialAccount = Pick<FinancialAccountFacts, 'id' | 'accountKind' | 'institutionName' | 'accountNumber' | 'ownershipType' | 'balance' | 'dateOfDeathValue' | 'createdAt'>;
export type InventoryBusiness = Pick<BusinessFacts, 'id' | 'businessName' | 'ownershipPercentage' | 'interestValue' | 'createdAt'>;

type Valued = Pick<InventoryLine, 'value' | 'valueSource'>;

export function valued(cents: Cents | null, source: ValueSource): Valued {
  return cents === null ? { value: 0n, valueSource: 'none' } : { value: cents, valueSource: source };
}

export function firstValue(...candidates: Array<[number | null | undefined, ValueSource]>): Valued {
  for (const [amount, source] of candidates) {
    const cents = centsOf(amount ?? null);
    if (cents !== null) return { value: cents, valueSource: source };
  }
  return { value: 0n, valueSource: 'none' };
}

const masked = (value: string | null | undefined): string | null => (value ? maskSensitive(value) : null);

/**
 * Cash as of the inventory's date (contract §3.2 "Inventory", the court accounting's carry value, §16.3): running
 * balances start from zero, so it is the sum of the account's transactions dated up to then. Only an account with no
 * transaction at all — whose ledger was never entered — stands at its `current_balance`, as does every account when
 * the inventory has no date (no `as_of` and no date of death).
 */
function bankValue(account: InventoryBankAccount, date: InventoryDate): Valued {
  const total = date.asOf === null ? undefined : date.transactionTotalsAsOf.get(account.id);
  return total === undefined ? valued(centsOf(account.currentBalance), 'current_balance') : valued(centsOf(total), 'transactions_through_as_of');
}

export function bankAccountLine(account: InventoryBankAccount, date: InventoryDate): InventoryLine {
  return {
    id: account.id,
    description: `${account.institutionName} ${account.accountType}`,
    reference: masked(account.accountNumber),
    ...bankValue(account, date),
  };
}

export function investmentAccountLine(account: InventoryInvestmentAccount): InventoryLine {
  const holdings = account.holdings ?? [];
  const holdingsValue = holdings.some((holding) => holding.market_value !== null && holding.market_value !== undefined)
    ? sumCents(holdings.map((holding) => centsOf(holding.market_value ?? null) ?? 0n))
    : null;
  return {
    id: account.id,
    description: `${account.custodianName} ${account.accountType}`,
    reference: masked(account.accountNumber),
    // The inventory values property at the date of death; the balance and the holdings are the fallbacks.
    ...(account.dateOfDeathValue !== null
      ? valued(centsOf(account.dateOfDeathValue), 'date_of_death_value')
      : account.balance !== null
        ? valued(centsOf(account.balance), 'balance')
        : valued(holdingsValue, 'holdings_market_value')),
  };
}

export function retirementAccountLine(account: InventoryRetirementAccount): InventoryLine {
  return {
    id: account.id,
    description: `${account.custodianName} ${account.accountType}`,
    reference: masked(account.accountNumber),
    ...firstValue([account.balance, 'balance']),
  };
}

export function lifeInsurancePolicyLine(policy: InventoryLifeInsurancePolicy): InventoryLine {
  return {
    id: policy.id,
    description: [policy.carrierName, policy.policyType].filter(Boolean).join(' '),
    reference: masked(policy.policyNumber),
    // What the claim paid, once it has; the death benefit before.
    ...firstValue([policy.claimPaidAmount, 'claim_paid_amount'], [policy.deathBenefit, 'death_benefit']),
  };
}

/**
 * The valuation a property is inventoried at: among those with a value that did not fail, `completed` ones first, then
 * the latest `valuation_date`, then the latest created; `null` when none has a value.
 */
export function chosenValuation(valuations: readonly InventoryValuation[]): InventoryValuation | null {
  const usable = valuations.filter((valuation) => valuation.status !== 'failed' && valuationEquity(valuation).cents !== null);
  const rank = (valuation: InventoryValuation): [number, string, number] => [valuation.status === 'completed' ? 1 : 0, valuation.valuationDate ?? '', valuation.createdAt.getTime()];
  let best: InventoryValuation | null = null;
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

/** One parcel known only by valuations, one line: its valuations are opinions over time, the chosen one counts. */
export function realEstateParcelLine(parcel: readonly InventoryValuation[]): InventoryLine {
  const chosen = chosenValuation(parcel);
  const shown = chosen ?? parcel[parcel.length - 1];
  const address = shown.propertyAddress;
  const equity = chosen ? valuationEquity(chosen) : { cents: null, source: 'computed' as const };
  return {
    id: shown.id,
    description: `${address.address1}, ${address.city}, ${address.state} ${address.zip} (${shown.propertyType})`,
    reference: shown.parcelNumber ?? null,
    // Real property at its equity: the valuation's own mortgage and liens are deducted here, not listed as debts.
    ...valued(equity.cents, equity.source === 'given' ? 'equity_estimate_given' : 'equity_estimate_computed'),
  };
}

export function vehicleLine(vehicle: InventoryVehicle): InventoryLine {
  const equity = vehicleEquity(vehicle);
  return {
    id: vehicle.id,
    description: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
    reference: masked(vehicle.vin),
    ...valued(equity.cents, equity.source === 'given' ? 'equity_estimate_given' : 'equity_estimate_computed'),
  };
}

const addressLine = (address: { address1: string; city: string; state: string; zip: string }) => `${address.address1}, ${address.city}, ${address.state} ${address.zip}`;

export function realEstatePropertyLine(property: InventoryRealEstateProperty): InventoryLine {
  // As the valuations: real property at its equity, the deceased's share of it; valued at death where known.
  const equity = propertyEquityAtDeath(property);
  return {
    id: property.id,
    description: `${addressLine(property.address)} (${property.propertyType})`,
    reference: property.parcelNumber ?? null,
    ...valued(equity.cents === null ? null : percentageOf(equity.cents, property.ownershipPercentage ?? 100), equity.source),
  };
}

export function financialAccountLine(account: InventoryFinancialAccount): InventoryLine {
  return {
    id: account.id,
    description: `${account.institutionName} ${account.accountKind}`,
    reference: masked(account.accountNumber),
    ...firstValue([account.dateOfDeathValue, 'date_of_death_value'], [account.balance, 'balance']),
  };
}

export function businessLine(business: InventoryBusiness): InventoryLine {
  return {
    id: business.id,
    description: `${business.ownershipPercentage}% of ${business.businessName}`,
    reference: null,
    ...firstValue([business.interestValue, 'interest_value']),
  };
}

export function unclaimedPropertyLine(property: PaidUnclaimedProperty): InventoryLine {
  return {
    id: property.id,
    description: `${property.holderName} (${property.propertyType}, ${property.state})`,
    reference: property.claimNumber ?? null,
    ...firstValue([property.claimPaidAmount, 'claim_paid_amount']),
  };
}
