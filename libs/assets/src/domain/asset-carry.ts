import { type Cents, centsOf, maskSensitive, sumCents } from '@estate/shared-kernel/domain';
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
  PostalAddress,
} from './accounted-assets';
import { type Money, shareOf } from './money';
import type { PassesBy } from './passage';

/**
 * Contract-extensions §16.3: the value at which each kind of record enters the court's account (its carry value, fixed
 * from then on) and how its line names it. One rule per kind, each a pure function of the record; the catalogue of
 * asset kinds (asset-kinds.ts) names each kind's rule, and adds whether the record is probate property by the kind's
 * passage (passage.ts), the rule the estate inventory applies too (§16.3: "the inventory adopts the same rules").
 */

/** The field a carry value was taken from; `none` when the record has none (the value is then 0.00). */
export type CarrySource =
  | 'transactions'
  | 'date_of_death_value'
  | 'balance'
  | 'holdings_market_value'
  | 'death_benefit'
  | 'latest_valuation'
  | 'estimated_value'
  | 'interest_value'
  | 'claim_paid_amount'
  | 'none';

export interface CarryValue {
  carryValue: Cents;
  carrySource: CarrySource;
}

/** How an account's line shows a record, and the value it is carried at. */
export interface CarriedLine extends CarryValue {
  description: string;
  /** Masked account, policy or vehicle number, the parcel number, the state's property id; `null` when none. */
  reference: string | null;
}

/**
 * A record as probate property: whether it is (`passesBy` says why not, when it passes outside the estate), its carry
 * value, and how a line shows it.
 */
export interface PropertyRuling extends CarriedLine {
  probate: boolean;
  passesBy: PassesBy | null;
}

/** The first of the candidates that is set, with the field it came from; none → 0.00 `none`. */
export function firstCarry(...candidates: Array<[Money | null | undefined, CarrySource]>): CarryValue {
  for (const [amount, source] of candidates) {
    const cents = centsOf(amount ?? null);
    if (cents !== null) return { carryValue: cents, carrySource: source };
  }
  return { carryValue: 0n, carrySource: 'none' };
}

const masked = (value: string | null | undefined): string | null => (value ? maskSensitive(value) : null);
const line = (carry: CarryValue, description: string, reference: string | null): CarriedLine => ({ ...carry, description, reference });

/**
 * Cash: carried at the sum of its transactions dated on or before the date of death (`ledgerThroughDeath`, the
 * caller's sum; the balance at death is recorded as a transaction of that day).
 */
export function bankAccountCarry(account: AccountingBankAccount, ledgerThroughDeath: Cents): CarriedLine {
  return line({ carryValue: ledgerThroughDeath, carrySource: 'transactions' }, `${account.institutionName} ${account.accountType}`, masked(account.accountNumber));
}

/** Σ holdings' `market_value`, or `null` when no holding has one. */
export function holdingsMarketValue(holdings: AccountingInvestmentAccount['holdings']): Cents | null {
  const values = holdings.map((holding) => centsOf(holding.market_value ?? null)).filter((value): value is Cents => value !== null);
  return values.length === 0 ? null : sumCents(values);
}

/** The date-of-death value, else the balance, else the holdings' market values, else none. */
export function investmentAccountCarry(account: AccountingInvestmentAccount): CarriedLine {
  const given = firstCarry([account.dateOfDeathValue, 'date_of_death_value'], [account.balance, 'balance']);
  const holdings = holdingsMarketValue(account.holdings);
  const carry: CarryValue = given.carrySource === 'none' && holdings !== null ? { carryValue: holdings, carrySource: 'holdings_market_value' } : given;
  return line(carry, `${account.custodianName} ${account.accountType}`, masked(account.accountNumber));
}

export function retirementAccountCarry(account: AccountingRetirementAccount): CarriedLine {
  return line(firstCarry([account.balance, 'balance']), `${account.custodianName} ${account.accountType}`, masked(account.accountNumber));
}

/** Carried at the death benefit: the payout is a disposal (§16.5), not a second value. */
export function lifeInsurancePolicyCarry(policy: AccountingLifeInsurancePolicy): CarriedLine {
  return line(
    firstCarry([policy.deathBenefit, 'death_benefit']),
    [policy.carrierName, policy.policyType].filter(Boolean).join(' '),
    masked(policy.policyNumber),
  );
}

export const addressLine = (address: PostalAddress): string => `${address.address1}, ${address.city}, ${address.state} ${address.zip}`;

/**
 * §12.4's `latest_valuation`: the `completed` valuation with the latest `valuation_date`, ties going to the latest
 * `created_at`; `null` when none.
 */
export function latestValuation<V extends Pick<AccountingValuation, 'status' | 'valuationDate' | 'createdAt'>>(valuations: readonly V[]): V | null {
  let latest: V | null = null;
  for (const valuation of valuations) {
    if (valuation.status !== 'completed') continue;
    const [date, best] = [valuation.valuationDate ?? '', latest?.valuationDate ?? ''];
    if (latest === null || date > best || (date === best && valuation.createdAt.getTime() > latest.createdAt.getTime())) latest = valuation;
  }
  return latest;
}

/**
 * At gross value (§16.3, difference 1: encumbrances go to the liabilities memo), the deceased's share:
 * (`date_of_death_value`, else `latest_valuation.estimated_value`, else `estimated_value`) × `ownership_percentage` / 100.
 * `valuations` are the property's own (`propertyId` = its id).
 */
export function realEstatePropertyCarry(property: AccountingRealEstateProperty, valuations: readonly AccountingValuation[]): CarriedLine {
  const whole = firstCarry([property.dateOfDeathValue, 'date_of_death_value'], [latestValuation(valuations)?.estimatedValue, 'latest_valuation'], [property.estimatedValue, 'estimated_value']);
  return line(
    { carryValue: shareOf(whole.carryValue, property.ownershipPercentage), carrySource: whole.carrySource },
    `${addressLine(property.address)} (${property.propertyType})`,
    property.parcelNumber,
  );
}

/**
 * The valuation a parcel is carried at, as the inventory chooses it: among those with an `estimated_value` that did not
 * fail, `completed` first, then the latest `valuation_date`, then the latest created; `null` when none has a value.
 */
export function chosenParcelValuation(parcel: readonly AccountingValuation[]): AccountingValuation | null {
  const rank = (valuation: AccountingValuation): [number, string, number] => [valuation.status === 'completed' ? 1 : 0, valuation.valuationDate ?? '', valuation.createdAt.getTime()];
  let best: AccountingValuation | null = null;
  for (const valuation of parcel) {
    if (valuation.status === 'failed' || centsOf(valuation.estimatedValue ?? null) === null) continue;
    const [a, b] = best === null ? [null, null] : [rank(valuation), rank(best)];
    if (a === null || b === null || (a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2])) best = valuation;
  }
  return best;
}

/** Always probate; at the chosen valuation's `estimated_value` (gross). Cannot be sold (§16.3). */
export function realEstateParcelCarry(parcel: readonly AccountingValuation[]): CarriedLine {
  const chosen = chosenParcelValuation(parcel);
  const shown = chosen ?? parcel[parcel.length - 1];
  return line(firstCarry([chosen?.estimatedValue, 'estimated_value']), `${addressLine(shown.propertyAddress)} (${shown.propertyType})`, shown.parcelNumber);
}

/** Always probate; at gross `estimated_value` (the lien payoff goes to the liabilities memo). */
export function vehicleCarry(vehicle: AccountingVehicle): CarriedLine {
  return line(firstCarry([vehicle.estimatedValue, 'estimated_value']), `${vehicle.year} ${vehicle.make} ${vehicle.model}`, masked(vehicle.vin));
}

export function financialAccountCarry(account: AccountingFinancialAccount): CarriedLine {
  return line(
    firstCarry([account.dateOfDeathValue, 'date_of_death_value'], [account.balance, 'balance']),
    `${account.institutionName} ${account.accountKind}`,
    masked(account.accountNumber),
  );
}

/** §12.6's `interest_value`: `estimated_value` × `ownership_percentage` / 100, rounded half away from zero; `null` without a value. */
export function interestValue(business: Pick<AccountingBusiness, 'estimatedValue' | 'ownershipPercentage'>): Cents | null {
  const whole = centsOf(business.estimatedValue ?? null);
  return whole === null ? null : shareOf(whole, business.ownershipPercentage);
}

/** Always probate; at `interest_value`. No EIN in any line (§16.8). */
export function businessCarry(business: AccountingBusiness): CarriedLine {
  const value = interestValue(business);
  return line(value === null ? { carryValue: 0n, carrySource: 'none' } : { carryValue: value, carrySource: 'interest_value' }, business.businessName, null);
}

/**
 * At `claim_paid_amount`: probate property once the claim is `paid` (its passage), only ever additional property, never
 * beginning property (§16.3, 4).
 */
export function unclaimedPropertyCarry(property: AccountingUnclaimedProperty): CarriedLine {
  return line(firstCarry([property.claimPaidAmount, 'claim_paid_amount']), `${property.holderName} ${property.propertyType} (${property.state})`, property.statePropertyId);
}
