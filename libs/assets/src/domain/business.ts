import { centsOf, centsToNumber, einPrefixProblems, type ErrorDetail, percentageOf } from '@estate/shared-kernel/domain';
import { ownershipProblems } from './ownership-shares';
import { saleProblems } from './sale-facts';

/** Items of `co_owners`, stored as the JSON the client sent. */
export interface BusinessCoOwner {
  name: string;
  role?: string | null;
  ownership_percentage?: number | null;
}


/** What the inventory and the court accounting read of a business interest (the record has more: its declaration). */
export interface BusinessFacts {
  id: string;
  businessName: string;
  ownershipPercentage: number;
  estimatedValue: number | null;
  interestValue: number | null;
  status: string;
  salePrice: number | null;
  saleDate: string | null;
  createdAt: Date;
}

/**
 * `interest_value` = `estimated_value` × `ownership_percentage` / 100, rounded half away from zero to cents
 * (contract-extensions §10.0); `null` without an estimated value. Exact: cents × hundredths of a percent / 10,000.
 */
export function interestValueOf(estimatedValue: number | null | undefined, ownershipPercentage: number | null | undefined): number | null {
  const value = centsOf(estimatedValue ?? null);
  if (value === null) return null;
  return centsToNumber(percentageOf(value, ownershipPercentage ?? 0));
}


/**
 * The business's own rules on a create body or a merged patch: the EIN's prefix, the ownership total, a sole
 * proprietorship or a sole owner holding all of it, and the sale (today: UTC date).
 */
export function businessProblems(document: Record<string, unknown>, today: string): ErrorDetail[] {
  const coOwners = (document.co_owners ?? []) as BusinessCoOwner[];
  const ownership = document.ownership_percentage as number | null | undefined;
  const problems = [
    ...einPrefixProblems(document),
    ...ownershipProblems(
      ownership,
      coOwners.map((coOwner) => coOwner.ownership_percentage),
      'ownership_percentage',
    ),
  ];
  const sole = document.entity_type === 'sole_proprietorship' ? 'a sole_proprietorship' : document.deceased_role === 'sole_owner' ? 'a sole_owner' : null;
  if (sole !== null && typeof ownership === 'number' && ownership !== 100) {
    problems.push({ field: 'ownership_percentage', message: `${sole} holds the whole business: ownership_percentage must be 100`, reason: 'rule' });
  }
  return [...problems, ...saleProblems(document, 'business', today)];
}
