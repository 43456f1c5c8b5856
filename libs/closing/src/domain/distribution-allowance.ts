import { centsOf, centsToText, DomainError, sumCents, type Cents, type ErrorDetail } from '@estate/shared-kernel/domain';
import { FINAL_CLAIM_STATUSES, type ClaimStatus } from '@estate/court';
import type { Distribution } from './distribution';
import { PRIORITY_OVER_CLAIMS } from './distribution-vocabulary';

/** An estate account of the case as the check reads it, held `for update` by the caller. */
export interface EstateCash {
  accountId: string;
  open: boolean;
  /** §12.7 counts `available_balance`; an account that records none counts 0.00. */
  availableBalance: number | null;
}

/** An `approved` cash distribution other than the one checked: money already promised from an account. */
export interface CashCommitment {
  distributionId: string;
  sourceAccountId: string | null;
  amount: number;
}

export interface ClaimOnEstate {
  id: string;
  status: ClaimStatus;
  claimAmount: number;
  resolutionAmount: number | null;
}

/** The asset an in-kind distribution gives, as it is now; `null` when the record is gone from the case. */
export interface DistributableAssetState {
  /** Why it can no longer be given (`the property is sold`), or null. */
  unavailableBecause: string | null;
}

/** What the estate holds and owes when a distribution is approved or paid. */
export interface EstateHoldings {
  estateAccounts: readonly EstateCash[];
  otherApprovedCash: readonly CashCommitment[];
  claims: readonly ClaimOnEstate[];
  /** In kind with an `asset_id` only. */
  asset?: DistributableAssetState | null;
  /** Other `approved` or `paid` distributions of the same asset. */
  assetGivenBy?: readonly string[];
}

const money = (cents: Cents) => centsToText(cents < 0n ? 0n : cents);
const cents = (value: number | null | undefined): Cents => centsOf(value) ?? 0n;

/**
 * UPC §3-807(a): what must be provided for before paying out — claims `pending` at `claim_amount` and `accepted` at
 * `resolution_amount` (or `claim_amount` when unset).
 */
export function claimsReserve(claims: readonly ClaimOnEstate[]): Cents {
  return sumCents(
    claims.map((claim) => {
      if (claim.status === 'pending') return cents(claim.claimAmount);
      if (claim.status === 'accepted') return cents(claim.resolutionAmount ?? claim.claimAmount);
      return 0n;
    }),
  );
}

function cashRefusals(distribution: Distribution, holdings: EstateHoldings): ErrorDetail[] {
  const refusals: ErrorDetail[] = [];
  const amount = cents(distribution.amount);
  const source = holdings.estateAccounts.find((account) => account.accountId === distribution.sourceAccountId);
  if (!source || !source.open) {
    const message = `source_account_id ${distribution.sourceAccountId ?? '(none)'} is no longer an open estate account of the case; 0.00 is available from it`;
    return [{ field: 'source_account_id', message, reason: 'rule' }];
  }
  const promisedFromSource = sumCents(holdings.otherApprovedCash.filter((other) => other.sourceAccountId === source.accountId).map((other) => cents(other.amount)));
  const fromSource = cents(source.availableBalance) - promisedFromSource;
  if (amount > fromSource) {
    refusals.push({
      field: 'amount',
      message:
        `amount ${money(amount)} exceeds what the source account holds: ${money(fromSource)} is available ` +
        `(available_balance ${money(cents(source.availableBalance))} less ${money(promisedFromSource)} of other approved distributions from it)`,
      reason: 'rule',
    });
  }
  const open = holdings.estateAccounts.filter((account) => account.open);
  const held = sumCents(open.map((account) => cents(account.availableBalance)));
  const promised = sumCents(holdings.otherApprovedCash.map((other) => cents(other.amount)));
  const reserved = PRIORITY_OVER_CLAIMS.includes(distribution.distributionType) ? 0n : claimsReserve(holdings.claims);
  const estateWide = held - promised - reserved;
  if (amount > estateWide) {
    const reserve = reserved > 0n ? ` and the claims reserve (${money(reserved)}, UPC §3-807)` : '';
    refusals.push({
      field: 'amount',
      message:
        `amount ${money(amount)} exceeds what the estate can pay: ${money(estateWide)} is available estate-wide ` +
        `(${money(held)} available in open estate accounts less ${money(promised)} of other approved distributions${reserve})`,
      reason: 'rule',
    });
  }
  return refusals;
}

function inKindRefusals(distribution: Distribution, holdings: EstateHoldings): ErrorDetail[] {
  if (distribution.assetId === null) return [];
  if (!holdings.asset) {
    return [{ field: 'asset_id', message: `asset_id ${distribution.assetId} no longer names a ${distribution.assetType} of the case`, reason: 'rule' }];
  }
  const refusals: ErrorDetail[] = [];
  if (holdings.asset.unavailableBecause) {
    refusals.push({ field: 'asset_id', message: `the asset cannot be given: ${holdings.asset.unavailableBecause}`, reason: 'rule' });
  }
  const others = holdings.assetGivenBy ?? [];
  if (others.length > 0) {
    refusals.push({ field: 'asset_id', message: `the asset is already given by distribution ${others.join(', ')} (approved or paid); an asset is given once`, reason: 'conflict' });
  }
  return refusals;
}

function finalRefusals(distribution: Distribution, holdings: EstateHoldings): ErrorDetail[] {
  if (distribution.stage !== 'final') return [];
  const open = holdings.claims.filter((claim) => !FINAL_CLAIM_STATUSES.includes(claim.status));
  if (open.length === 0) return [];
  return [{
    field: 'stage',
    message: `a final distribution needs every creditor claim paid, rejected or withdrawn (UPC §3-807); ${open.length} still open: ${open.map((claim) => claim.id).join(', ')}`,
    reason: 'rule',
  }];
}

/**
 * Whether the estate can give this distribution now (contract-extensions §12.7), as one `details` item per reason it
 * cannot, each giving the amount available where money is the reason. Empty when it may be approved or paid.
 */
export function distributionRefusals(distribution: Distribution, holdings: EstateHoldings): ErrorDetail[] {
  const kindRefusals = distribution.kind === 'cash' ? cashRefusals(distribution, holdings) : inKindRefusals(distribution, holdings);
  return [...kindRefusals, ...finalRefusals(distribution, holdings)];
}

/** `422 distribution_not_allowed` (contract-extensions §15.3): the details say why, one item per reason. */
export class DistributionNotAllowed extends DomainError {
  constructor(details: ErrorDetail[]) {
    super('distribution_not_allowed', 'The estate cannot give this distribution now.', details);
  }
}
