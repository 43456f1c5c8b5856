import { type Cents, centsToNumber, divideRoundingHalfAway, sumCents } from '@estate/shared-kernel/domain';
import { centsOr0 } from '@estate/assets';
import type { AccountingComputation } from './accounting-lines';
import type { AccountingCreditorClaim, AccountingDistribution, CalendarDate } from './accounting-records';
import type { AccountingScheme } from './accounting-schemes';
import { FINAL_CLAIM_STATUSES, OPEN_DISTRIBUTION_STATUSES } from './settlement';

/**
 * Contract-extensions §16.10: the "report" of "Account and Report" (Cal. Prob. Code §1064, Rules of Court 7.550), as it
 * travels in every format: the creditor claims, the statutory compensation, the bond and whether the estate can be
 * closed. Money is computed in cents and becomes JSON numbers here, as in the rest of the document.
 */

/** One creditor claim of the case, as recorded when the account was computed. */
export interface ReportClaim {
  id: string;
  creditor: string;
  claim_date: CalendarDate;
  amount: number;
  status: AccountingCreditorClaim['status'];
  resolution_amount: number | null;
  resolution_date: CalendarDate | null;
}

/**
 * Totals of the claims: `filed` every claim's amount (withdrawn ones too: they were filed); `allowed` the accepted and
 * the paid, at `resolution_amount` else the amount claimed; `rejected` the rejected, at the amount claimed; `paid` the
 * paid, at `resolution_amount` else the amount claimed.
 */
export interface ReportClaimTotals {
  filed: number;
  allowed: number;
  rejected: number;
  paid: number;
}

export interface ReportClaims {
  lines: ReportClaim[];
  totals: ReportClaimTotals;
}

/** A compensation: the statutory amount, or `null` with a note saying who fixes it. */
export interface StatutoryCompensation {
  amount: number | null;
  citation: string;
  note: string | null;
}

export interface ReportCompensation {
  /**
   * The estate accounted for: property on hand at the beginning of the first account, plus additional property
   * received, receipts and gains on sales, less losses on sales, through the period's `to` (every account so far).
   */
  base: number;
  personal_representative: StatutoryCompensation;
  attorney: StatutoryCompensation;
}

/** The executor's bond, when one is recorded (an amount or a surety); the report's `bond` is `null` otherwise. */
export interface ReportBond {
  status: string;
  amount: number | null;
  surety: string | null;
  bond_number: string | null;
}

export const CLOSING_OBSTACLES = ['claim_open', 'distribution_open', 'unbalanced'] as const;
export type ClosingObstacle = (typeof CLOSING_OBSTACLES)[number];

/**
 * Whether the estate is in a condition to be closed: every claim `paid`, `rejected` or `withdrawn`, no distribution
 * `planned` or `approved`, and the account balanced, so that nothing is left but the property on hand at the end (which
 * the order for final distribution disposes of). These are exactly what a final account needs to be settled (§16.4), so
 * `closable` says whether `POST …/accountings {is_final: true}` would be accepted for this period.
 */
export interface ReportClosing {
  closable: boolean;
  /** What is left: the property on hand at the end (Schedule J under `ca`, G under `ny`). */
  property_on_hand_end: number;
  /** Why it cannot be closed yet, one item per claim, distribution or unbalanced item; empty when closable. */
  obstacles: Array<{ kind: ClosingObstacle; related_id: string | null; message: string }>;
}

/** §16.10's `report`. */
export interface AccountingReport {
  claims: ReportClaims;
  compensation: ReportCompensation;
  bond: ReportBond | null;
  closing: ReportClosing;
}

/** Cal. Prob. Code §10800 and §10810: the same schedule, on the same base. Rates in thousandths, each on a slice of the base. */
export const STATUTORY_BRACKETS: ReadonlyArray<{ upTo: Cents; perMille: bigint }> = [
  { upTo: 100_000_00n, perMille: 40n },
  { upTo: 200_000_00n, perMille: 30n },
  { upTo: 1_000_000_00n, perMille: 20n },
  { upTo: 10_000_000_00n, perMille: 10n },
  { upTo: 25_000_000_00n, perMille: 5n },
];

/** Above this base the statute leaves the compensation on the excess to the court: the report gives no figure. */
export const STATUTORY_CEILING: Cents = 25_000_000_00n;

export const CITATIONS = {
  ca: { personalRepresentative: 'Cal. Prob. Code §10800', attorney: 'Cal. Prob. Code §10810' },
  ny: { personalRepresentative: 'N.Y. SCPA §2307', attorney: 'N.Y. SCPA §2110' },
} as const;

export const COMPENSATION_NOTES = {
  aboveCeiling: 'a reasonable amount determined by the court',
  nyPersonalRepresentative: 'commissions on sums received and paid out (SCPA §2307), which this version does not compute',
  nyAttorney: "the attorney's fee is fixed by the court (SCPA §2110)",
} as const;

/**
 * The statutory compensation on a base (cents), rounded once, half away from zero; `null` above 25,000,000.00. A base
 * of zero or less earns nothing.
 */
export function statutoryCompensation(base: Cents): Cents | null {
  if (base > STATUTORY_CEILING) return null;
  let below = 0n;
  let thousandths = 0n;
  for (const bracket of STATUTORY_BRACKETS) {
    if (base <= below) break;
    const slice = (base < bracket.upTo ? base : bracket.upTo) - below;
    thousandths += slice * bracket.perMille;
    below = bracket.upTo;
  }
  return divideRoundingHalfAway(thousandths, 1000n);
}

/** The compensation under a scheme: California's schedule under `ca`; under `ny`, no figure and the statutes that fix it. */
export function compensationOf(base: Cents, scheme: AccountingScheme): ReportCompensation {
  if (scheme === 'ny') {
    return {
      base: centsToNumber(base),
      personal_representative: { amount: null, citation: CITATIONS.ny.personalRepresentative, note: COMPENSATION_NOTES.nyPersonalRepresentative },
      attorney: { amount: null, citation: CITATIONS.ny.attorney, note: COMPENSATION_NOTES.nyAttorney },
    };
  }
  const amount = statutoryCompensation(base);
  const statutory = (citation: string): StatutoryCompensation =>
    amount === null ? { amount: null, citation, note: COMPENSATION_NOTES.aboveCeiling } : { amount: centsToNumber(amount), citation, note: null };
  return { base: centsToNumber(base), personal_representative: statutory(CITATIONS.ca.personalRepresentative), attorney: statutory(CITATIONS.ca.attorney) };
}

type Amount = number | Cents;

/** What an account's summary says of the estate accounted for: its charges, and its losses on sales (a credit). */
export interface AccountedCharges {
  charges: { property_on_hand_beginning: Amount; additional_property_received: Amount; receipts: Amount; gains_on_sales: Amount };
  credits: { losses_on_sales: Amount };
}

const cents = (value: Amount): Cents => (typeof value === 'bigint' ? value : centsOr0(value));
const added = ({ charges, credits }: AccountedCharges): Cents =>
  cents(charges.additional_property_received) + cents(charges.receipts) + cents(charges.gains_on_sales) - cents(credits.losses_on_sales);

/**
 * The compensation base through this account's `to`: the first account's beginning, plus what every account since
 * added (B + C + D − G): the settled ones before this period (`earlier`, their stored summaries, by sequence), then
 * this one. A later account's beginning is the previous one's end, already counted, so only the first's is taken.
 */
export function compensationBase(current: AccountedCharges, earlier: readonly AccountedCharges[]): Cents {
  const first = earlier[0] ?? current;
  return cents(first.charges.property_on_hand_beginning) + sumCents(earlier.map(added)) + added(current);
}

/** The executor's bond as recorded (case context, §10.5). */
export interface AccountingBond {
  status: string;
  amount: number | null;
  suretyName: string | null;
  bondNumber: string | null;
}

export interface ReportRequest {
  computation: AccountingComputation;
  scheme: AccountingScheme;
  claims: readonly AccountingCreditorClaim[];
  distributions: ReadonlyArray<Pick<AccountingDistribution, 'id' | 'recipientName' | 'status'>>;
  /** `null` without an executor. */
  bond: AccountingBond | null;
  /** The summaries of the settled accounts before this period, by sequence. */
  earlier: readonly AccountedCharges[];
}

const byClaimDate = (a: AccountingCreditorClaim, b: AccountingCreditorClaim): number =>
  a.claimDate < b.claimDate ? -1 : a.claimDate > b.claimDate ? 1 : a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every claim of the case as recorded when computed (like the liabilities memo), by claim date, creation, id. */
export function reportClaims(claims: readonly AccountingCreditorClaim[]): ReportClaims {
  const sorted = [...claims].sort(byClaimDate);
  const resolved = (claim: AccountingCreditorClaim): Cents => (claim.resolutionAmount !== null ? centsOr0(claim.resolutionAmount) : centsOr0(claim.claimAmount));
  const sumOf = (statuses: readonly string[], amount: (claim: AccountingCreditorClaim) => Cents): number =>
    centsToNumber(sumCents(sorted.filter((claim) => statuses.includes(claim.status)).map(amount)));
  return {
    lines: sorted.map((claim) => ({
      id: claim.id,
      creditor: claim.creditorName,
      claim_date: claim.claimDate,
      amount: centsToNumber(centsOr0(claim.claimAmount)),
      status: claim.status,
      resolution_amount: claim.resolutionAmount === null ? null : centsToNumber(centsOr0(claim.resolutionAmount)),
      resolution_date: claim.resolutionDate,
    })),
    totals: {
      filed: centsToNumber(sumCents(sorted.map((claim) => centsOr0(claim.claimAmount)))),
      allowed: sumOf(['accepted', 'paid'], resolved),
      rejected: sumOf(['rejected'], (claim) => centsOr0(claim.claimAmount)),
      paid: sumOf(['paid'], resolved),
    },
  };
}

/** The bond when the executor records an amount or a surety; else `null`. */
export function reportBond(bond: AccountingBond | null): ReportBond | null {
  if (bond === null || (bond.amount === null && bond.suretyName === null)) return null;
  return { status: bond.status, amount: bond.amount === null ? null : centsToNumber(centsOr0(bond.amount)), surety: bond.suretyName, bond_number: bond.bondNumber };
}

/** Whether the estate can be closed, and why not (see `ReportClosing`). */
export function reportClosing(request: Pick<ReportRequest, 'computation' | 'claims' | 'distributions'>): ReportClosing {
  const claims = request.claims
    .filter((claim) => !(FINAL_CLAIM_STATUSES as readonly string[]).includes(claim.status))
    .sort(byClaimDate)
    .map((claim) => ({ kind: 'claim_open' as const, related_id: claim.id, message: `${claim.creditorName}'s claim is ${claim.status}` }));
  const distributions = request.distributions
    .filter((distribution) => (OPEN_DISTRIBUTION_STATUSES as readonly string[]).includes(distribution.status))
    .map((distribution) => ({ kind: 'distribution_open' as const, related_id: distribution.id, message: `the distribution to ${distribution.recipientName} is ${distribution.status}` }));
  const unbalanced = request.computation.unreconciled
    .filter((item) => item.effect !== 0n)
    .map((item) => ({ kind: 'unbalanced' as const, related_id: item.relatedId, message: item.message }));
  const obstacles = [...claims, ...distributions, ...unbalanced];
  return { closable: obstacles.length === 0, property_on_hand_end: centsToNumber(request.computation.summary.credits.property_on_hand_end), obstacles };
}

/** §16.10's report of one computation under a scheme. */
export function accountingReport(request: ReportRequest): AccountingReport {
  return {
    claims: reportClaims(request.claims),
    compensation: compensationOf(compensationBase(request.computation.summary, request.earlier), request.scheme),
    bond: reportBond(request.bond),
    closing: reportClosing(request),
  };
}

/** The same report under another scheme (a settled accounting read with `?scheme=`): only the compensation's form changes. */
export function reportUnderScheme(report: AccountingReport, scheme: AccountingScheme): AccountingReport {
  return { ...report, compensation: compensationOf(centsOr0(report.compensation.base), scheme) };
}
