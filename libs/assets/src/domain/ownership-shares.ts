import { centsOf, centsToNumber, type ErrorDetail, sumCents } from '@estate/shared-kernel/domain';

/** Whole ownership: 100 percent, in hundredths of a percent (percentages carry at most 2 decimals). */
const WHOLE = 10_000n;

/** Σ of the co-owners' shares in hundredths of a percent, exact (33.33 + 33.33 + 33.34 is 100); a missing share counts 0. */
function sharesTotal(shares: ReadonlyArray<number | null | undefined>): bigint {
  return sumCents(shares.map((share) => centsOf(share ?? null) ?? 0n));
}

/** What is left to the deceased when the co-owners hold these shares: 100 − Σ shares (a property's default). */
export function remainingOwnership(shares: ReadonlyArray<number | null | undefined>): number {
  return centsToNumber(WHOLE - sharesTotal(shares));
}

/**
 * Contract-extensions §12.4 and §12.6: the deceased's `ownership_percentage` plus the co-owners' shares add up to at
 * most 100. With no percentage of its own (a property defaults it to what the co-owners leave), the shares alone may
 * not pass 100; the detail then names `co_owners`.
 */
export function ownershipProblems(ownershipPercentage: number | null | undefined, shares: ReadonlyArray<number | null | undefined>, shareField: string): ErrorDetail[] {
  const total = sharesTotal(shares);
  const own = centsOf(ownershipPercentage ?? null);
  if ((own ?? 0n) + total <= WHOLE) return [];
  if (own === null) {
    return [{ field: 'co_owners', message: `the co-owners' ${shareField} values add up to ${centsToNumber(total)}; together with ownership_percentage they may add up to at most 100`, reason: 'rule' }];
  }
  const room = total > WHOLE ? 0 : centsToNumber(WHOLE - total);
  return [
    {
      field: 'ownership_percentage',
      message: `ownership_percentage ${centsToNumber(own)} plus the co-owners' ${shareField} values (${centsToNumber(total)}) add up to ${centsToNumber(own + total)}; at most ${room} is left for it`,
      reason: 'rule',
    },
  ];
}
