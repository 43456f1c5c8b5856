import { centsOf, sumCents } from '@estate/shared-kernel/domain';

/** A beneficiary item as stored and sent (snake_case JSON inside the `beneficiaries` array). */
export interface BeneficiaryShare {
  name?: string | null;
  percentage_share?: number | null;
  designation?: string | null;
}

/** What a beneficiary without a `designation` counts as (contract §3.2). */
export const DEFAULT_DESIGNATION = 'primary';

export interface ShareProblem {
  designation: string;
  total: number;
}

/** Designations compare without regard to case or surrounding spaces: `Primary` and `primary` are one group. */
export function designationOf(item: BeneficiaryShare): string {
  const designation = item.designation?.trim().toLowerCase();
  return designation ? designation : DEFAULT_DESIGNATION;
}

/**
 * Contract §3.2: per `designation`, the `percentage_share` values of one policy's or account's beneficiaries add up to
 * at most 100 (primary 100 and contingent 100 together is the common, valid case). Items without a share count 0.
 * Summed in hundredths of a percent, so 33.33 + 33.33 + 33.34 is exactly 100. Returns the groups over 100.
 */
export function oversubscribedDesignations(beneficiaries: readonly BeneficiaryShare[] | null | undefined): ShareProblem[] {
  const totals = new Map<string, bigint[]>();
  for (const item of beneficiaries ?? []) {
    const share = centsOf(item.percentage_share ?? null);
    if (share === null) continue;
    const designation = designationOf(item);
    totals.set(designation, [...(totals.get(designation) ?? []), share]);
  }
  const problems: ShareProblem[] = [];
  for (const [designation, shares] of totals) {
    const total = sumCents(shares);
    if (total > 10_000n) problems.push({ designation, total: Number(total) / 100 });
  }
  return problems;
}
