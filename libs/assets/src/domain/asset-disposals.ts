import { type Cents, sumCents } from '@estate/shared-kernel/domain';
import type {
  AccountingBusiness,
  AccountingFinancialAccount,
  AccountingInvestmentAccount,
  AccountingRealEstateProperty,
  AccountingRetirementAccount,
  AccountingVehicle,
  Encumbrance,
} from './accounted-assets';
import { centsOr0, type Money, shareOf } from './money';

/** A calendar date, `YYYY-MM-DD`. */
type CalendarDate = string;

/**
 * Contract-extensions §16.5: when a carried asset leaves the account by disposal, and at what proceeds, one rule per
 * kind (the catalogue of asset kinds names each); and what encumbers it, for the liabilities memo. An in-kind
 * distribution is not a disposal (§12.7 moves the asset; the distributions schedule takes it out).
 */
export interface Disposal {
  date: CalendarDate;
  proceeds: Cents;
}

/** `sold` (`sale_date`), at `sale_price` × `ownership_percentage` / 100. */
export function realEstatePropertyDisposal(property: Pick<AccountingRealEstateProperty, 'status' | 'saleDate' | 'salePrice' | 'ownershipPercentage'>): Disposal | null {
  if (property.status !== 'sold' || property.saleDate === null) return null;
  return { date: property.saleDate, proceeds: shareOf(centsOr0(property.salePrice), property.ownershipPercentage) };
}

export const VEHICLE_DISPOSING_DISPOSITIONS = ['sell', 'donate', 'junk'] as const;

/** `sell`, `donate` or `junk` with `disposition_details.sale_date`; proceeds the sale price for `sell`, else 0.00. */
export function vehicleDisposal(vehicle: Pick<AccountingVehicle, 'disposition' | 'dispositionDetails'>): Disposal | null {
  const date = vehicle.dispositionDetails?.sale_date ?? null;
  if (!(VEHICLE_DISPOSING_DISPOSITIONS as readonly (string | null)[]).includes(vehicle.disposition) || date === null) return null;
  return { date, proceeds: vehicle.disposition === 'sell' ? centsOr0(vehicle.dispositionDetails?.sale_price) : 0n };
}

/** `sold` (`sale_date`), at `sale_price` (of the whole business) × `ownership_percentage` / 100. */
export function businessDisposal(business: Pick<AccountingBusiness, 'status' | 'saleDate' | 'salePrice' | 'ownershipPercentage'>): Disposal | null {
  if (business.status !== 'sold' || business.saleDate === null) return null;
  return { date: business.saleDate, proceeds: shareOf(centsOr0(business.salePrice), business.ownershipPercentage) };
}

/** A life insurance policy or unclaimed property: `claim_paid_date` set, at `claim_paid_amount`. */
export function claimPaidDisposal(record: { claimPaidDate: CalendarDate | null; claimPaidAmount: Money | null }): Disposal | null {
  return record.claimPaidDate === null ? null : { date: record.claimPaidDate, proceeds: centsOr0(record.claimPaidAmount) };
}

/** An `asset_proceeds` transaction naming an account: its date and amount. */
export type Proceeds = ReadonlyArray<{ date: CalendarDate; amount: Money }>;

/**
 * An investment (`liquidated`), retirement (`completed`) or financial account (`closed`): disposed of once it has that
 * status and an `asset_proceeds` transaction names it; dated by the latest such transaction, at their sum.
 */
export function proceedsDisposal(disposedStatus: boolean, proceeds: Proceeds): Disposal | null {
  if (!disposedStatus || proceeds.length === 0) return null;
  const date = proceeds.reduce((latest, transaction) => (transaction.date > latest ? transaction.date : latest), proceeds[0].date);
  return { date, proceeds: sumCents(proceeds.map((transaction) => centsOr0(transaction.amount))) };
}

export const investmentAccountDisposal = (account: Pick<AccountingInvestmentAccount, 'transferStatus'>, proceeds: Proceeds): Disposal | null =>
  proceedsDisposal(account.transferStatus === 'liquidated', proceeds);

export const retirementAccountDisposal = (account: Pick<AccountingRetirementAccount, 'distributionStatus'>, proceeds: Proceeds): Disposal | null =>
  proceedsDisposal(account.distributionStatus === 'completed', proceeds);

export const financialAccountDisposal = (account: Pick<AccountingFinancialAccount, 'status'>, proceeds: Proceeds): Disposal | null =>
  proceedsDisposal(account.status === 'closed', proceeds);

/** The sum of the terms that are set, or `null` when none is (a record without any encumbrance recorded). */
export function encumbranceOf(terms: ReadonlyArray<Money | null | undefined>): Cents | null {
  const set = terms.filter((term): term is Money => term !== null && term !== undefined);
  return set.length === 0 ? null : sumCents(set.map(centsOr0));
}

/** The amounts of liens, as terms of an encumbrance. */
export const liensOf = (liens: readonly Encumbrance[]): Array<Money | null | undefined> => liens.map((lien) => lien.amount);
