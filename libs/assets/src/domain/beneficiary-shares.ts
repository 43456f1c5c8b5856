import { Cents, centsOf, sumCents } from '@estate/shared-kernel/domain';

/** A beneficiary item as stored and sent (snake_case JSON inside the `beneficiaries` array). */
export interface BeneficiaryShare {
  name?: string | null;
  percentage_share?: number | null;
  designation?: string | null;
  /** An account beneficiary's status (contract-extensions §12.2); the embedded arrays' items have none. */
  status?: string | null;
}

/** What a beneficiary without a `designation` counts as (contract §3.2). */
export const DEFAULT_DESIGNATION = 'primary';

/** What the shares of one designation may add up to: 100.00 percent, in hundredths. */
export const WHOLE_SHARE: Cents = 10_000n;

export interface ShareProblem {
  designation: string;
  total: number;
}

/** A beneficiary that cannot be added as it is: the room its designation has left beside the others, in hundredths. */
export interface ShareRefusal {
  designation: string;
  left: Cents;
}

/** Designations compare without regard to case or surrounding spaces: `Primary` and `primary` are one group. */
export function designationOf(item: BeneficiaryShare): string {
  const designation = item.designation?.trim().toLowerCase();
  return designation ? designation : DEFAULT_DESIGNATION;
}

/** Contract-extensions §12.2: a beneficiary who disclaimed holds no share. */
function holdsShare(item: BeneficiaryShare): boolean {
  return item.status !== 'disclaimed';
}

/**
 * The shares per designation, in hundredths of a percent (so 33.33 + 33.33 + 33.34 is exactly 100): the one sum of
 * the share rule. Items without a share count 0; disclaimed ones hold none.
 */
function sharesByDesignation(beneficiaries: readonly BeneficiaryShare[] | null | undefined): Map<string, Cents> {
  const shares = new Map<string, Cents[]>();
  for (const item of beneficiaries ?? []) {
    const share = centsOf(item.percentage_share ?? null);
    if (share === null || !holdsShare(item)) continue;
    const designation = designationOf(item);
    shares.set(designation, [...(shares.get(designation) ?? []), share]);
  }
  return new Map([...shares].map(([designation, values]) => [designation, sumCents(values)]));
}

/**
 * Contract §3.2: per `designation`, the `percentage_share` values of one policy's or account's beneficiaries add up to
 * at most 100 (primary 100 and contingent 100 together is the common, valid case). Returns the groups over 100.
 */
export function oversubscribedDesignations(beneficiaries: readonly BeneficiaryShare[] | null | undefined): ShareProblem[] {
  const problems: ShareProblem[] = [];
  for (const [designation, total] of sharesByDesignation(beneficiaries)) {
    if (total > WHOLE_SHARE) problems.push({ designation, total: Number(total) / 100 });
  }
  return problems;
}

/**
 * Contract-extensions §12.2, the same rule one beneficiary at a time: whether `candidate` fits beside the account's
 * `others`. When its designation would go over 100, the refusal says how much room the others leave (never below 0).
 */
export function shareRefusal(candidate: BeneficiaryShare, others: readonly BeneficiaryShare[]): ShareRefusal | null {
  // One who disclaimed adds nothing, so it cannot be what goes over.
  if (!holdsShare(candidate)) return null;
  const designation = designationOf(candidate);
  if (!oversubscribedDesignations([...others, candidate]).some((problem) => problem.designation === designation)) return null;
  const taken = sharesByDesignation(others).get(designation) ?? 0n;
  return { designation, left: taken >= WHOLE_SHARE ? 0n : WHOLE_SHARE - taken };
}
