import { accountPassesBy, ASSET_KINDS, namedBeneficiariesPassBy, propertyPassesBy, type PassesBy } from '@estate/assets/ports';
import { type Cents, centsOf, maskSensitive, sumCents } from '@estate/shared-kernel/domain';
import { shareOf } from '@estate/assets/ports';
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
  Money,
  PostalAddress,
} from './accounting-records';

/**
 * Contract-extensions §16.3: which records are probate property, and the value at which each enters the account (its
 * carry value, fixed from then on). One ruling per kind, each a pure function of the record, so the estate inventory
 * can adopt the same probate rules when it lists §12's kinds (§16.3: "the inventory adopts the same rules").
 */

/** The kinds of probate property, in §16.3's order (also of property lines, §16.8): the inventory's own list. */
export const PROPERTY_KINDS = ASSET_KINDS;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];

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

/** Why a record passes outside probate (the inventory's vocabulary, plus `life_estate` of §12.4). */
/** The inventory's own: the inventory and the accounting share one notion of probate property (§16.3). */
export type { PassesBy };

export interface CarryValue {
  carryValue: Cents;
  carrySource: CarrySource;
}

/**
 * A record as probate property: whether it is (`passesBy` says why not, when it passes outside the estate), its carry
 * value, and how a line shows it.
 */
export interface PropertyRuling extends CarryValue {
  probate: boolean;
  passesBy: PassesBy | null;
  description: string;
  /** Masked account, policy or vehicle number, the parcel number, the state's property id; `null` when none. */
  reference: string | null;
}

/** A kind and id: how a record is named in the account and in what it counted. */
export interface PropertyRef {
  kind: PropertyKind;
  id: string;
}

export const propertyKey = (ref: PropertyRef): string => `${ref.kind}:${ref.id}`;

/** The order of §16.3's table, for sorting property lines. */
export const kindRank = (kind: PropertyKind): number => PROPERTY_KINDS.indexOf(kind);

/** The first of the candidates that is set, with the field it came from; none → 0.00 `none`. */
export function firstCarry(...candidates: Array<[Money | null | undefined, CarrySource]>): CarryValue {
  for (const [amount, source] of candidates) {
    const cents = centsOf(amount ?? null);
    if (cents !== null) return { carryValue: cents, carrySource: source };
  }
  return { carryValue: 0n, carrySource: 'none' };
}

const masked = (value: string | null | undefined): string | null => (value ? maskSensitive(value) : null);
const namedBeneficiaries = namedBeneficiariesPassBy;
const ruling = (passesBy: PassesBy | null, carry: CarryValue, description: string, reference: string | null): PropertyRuling => ({
  probate: passesBy === null,
  passesBy,
  ...carry,
  description,
  reference,
});

/** The inventory's rule for bank accounts: by ownership type, and a `trust_account` passes by its trust. */
export function bankAccountPassesBy(account: Pick<AccountingBankAccount, 'ownershipType' | 'accountType'>): PassesBy | null {
  return accountPassesBy(account.ownershipType, account.accountType);
}

/**
 * Cash: carried at the sum of its transactions dated on or before the date of death (`ledgerThroughDeath`, the
 * caller's sum; the balance at death is recorded as a transaction of that day).
 */
export function bankAccountRuling(account: AccountingBankAccount, ledgerThroughDeath: Cents): PropertyRuling {
  return ruling(
    bankAccountPassesBy(account),
    { carryValue: ledgerThroughDeath, carrySource: 'transactions' },
    `${account.institutionName} ${account.accountType}`,
    masked(account.accountNumber),
  );
}

/** Σ holdings' `market_value`, or `null` when no holding has one. */
export function holdingsMarketValue(holdings: AccountingInvestmentAccount['holdings']): Cents | null {
  const values = holdings.map((holding) => centsOf(holding.market_value ?? null)).filter((value): value is Cents => value !== null);
  return values.length === 0 ? null : sumCents(values);
}

export function investmentAccountRuling(account: AccountingInvestmentAccount): PropertyRuling {
  const given = firstCarry([account.dateOfDeathValue, 'date_of_death_value'], [account.balance, 'balance']);
  const holdings = holdingsMarketValue(account.holdings);
  const carry: CarryValue = given.carrySource === 'none' && holdings !== null ? { carryValue: holdings, carrySource: 'holdings_market_value' } : given;
  return ruling(namedBeneficiaries(account.beneficiaries), carry, `${account.custodianName} ${account.accountType}`, masked(account.accountNumber));
}

export function retirementAccountRuling(account: AccountingRetirementAccount): PropertyRuling {
  return ruling(namedBeneficiaries(account.beneficiaries), firstCarry([account.balance, 'balance']), `${account.custodianName} ${account.accountType}`, masked(account.accountNumber));
}

/** Carried at the death benefit: the payout is a disposal (§16.5), not a second value. */
export function lifeInsurancePolicyRuling(policy: AccountingLifeInsurancePolicy): PropertyRuling {
  return ruling(
    namedBeneficiaries(policy.beneficiaries),
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
export function realEstatePropertyRuling(property: AccountingRealEstateProperty, valuations: readonly AccountingValuation[]): PropertyRuling {
  const whole = firstCarry([property.dateOfDeathValue, 'date_of_death_value'], [latestValuation(valuations)?.estimatedValue, 'latest_valuation'], [property.estimatedValue, 'estimated_value']);
  return ruling(
    propertyPassesBy(property.ownershipType),
    { carryValue: shareOf(whole.carryValue, property.ownershipPercentage), carrySource: whole.carrySource },
    `${addressLine(property.address)} (${property.propertyType})`,
    property.parcelNumber,
  );
}

/** One parcel known only by valuations (no `property_id`): valuations of one parcel number, else of one address. */
function parcelKey(valuation: AccountingValuation): string {
  if (valuation.parcelNumber) return `parcel:${valuation.parcelNumber.trim().toLowerCase()}`;
  const address = valuation.propertyAddress;
  return ['address', address.address1, address.address2 ?? '', address.city, address.state, address.zip].map((part) => part.trim().toLowerCase()).join('|');
}

const byCreation = <T extends { createdAt: Date; id: string }>(a: T, b: T): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The valuations of each parcel without a property, in creation order; the parcel's `id` is its earliest valuation's. */
export function valuationParcels(valuations: readonly AccountingValuation[]): AccountingValuation[][] {
  const parcels = new Map<string, AccountingValuation[]>();
  for (const valuation of [...valuations].filter((v) => v.propertyId === null).sort(byCreation)) {
    const parcel = parcels.get(parcelKey(valuation));
    if (parcel) parcel.push(valuation);
    else parcels.set(parcelKey(valuation), [valuation]);
  }
  return [...parcels.values()];
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
export function realEstateParcelRuling(parcel: readonly AccountingValuation[]): PropertyRuling {
  const chosen = chosenParcelValuation(parcel);
  const shown = chosen ?? parcel[parcel.length - 1];
  return ruling(null, firstCarry([chosen?.estimatedValue, 'estimated_value']), `${addressLine(shown.propertyAddress)} (${shown.propertyType})`, shown.parcelNumber);
}

/** Always probate; at gross `estimated_value` (the lien payoff goes to the liabilities memo). */
export function vehicleRuling(vehicle: AccountingVehicle): PropertyRuling {
  return ruling(null, firstCarry([vehicle.estimatedValue, 'estimated_value']), `${vehicle.year} ${vehicle.make} ${vehicle.model}`, masked(vehicle.vin));
}

export function financialAccountRuling(account: AccountingFinancialAccount): PropertyRuling {
  return ruling(
    accountPassesBy(account.ownershipType ?? null),
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
export function businessRuling(business: AccountingBusiness): PropertyRuling {
  const value = interestValue(business);
  return ruling(null, value === null ? { carryValue: 0n, carrySource: 'none' } : { carryValue: value, carrySource: 'interest_value' }, business.businessName, null);
}

/**
 * Probate property once the claim is `paid`, at `claim_paid_amount`; before that it is not the estate's yet
 * (`probate` false, no `passesBy`). It is only ever additional property, never beginning property (§16.3, 4).
 */
export function unclaimedPropertyRuling(property: AccountingUnclaimedProperty): PropertyRuling {
  const paid = property.claimStatus === 'paid';
  return {
    probate: paid,
    passesBy: null,
    ...firstCarry([property.claimPaidAmount, 'claim_paid_amount']),
    description: `${property.holderName} ${property.propertyType} (${property.state})`,
    reference: property.statePropertyId,
  };
}
