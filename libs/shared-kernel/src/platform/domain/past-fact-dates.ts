import type { ErrorDetail } from '../errors/domain-error';

/**
 * Dates of past facts (contract-extensions §10.0: `filed_date`, `opened_date`, `assigned_date`, `claim_*_date`, …)
 * are not after today (UTC): a `422` detail for each of `fields` in the document (a create body or a merged patch)
 * that is. A field that is absent, `null` or not a date string is another rule's business.
 */
export function pastFactDateProblems(document: Record<string, unknown>, fields: readonly string[], today: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const field of fields) {
    const value = document[field];
    if (typeof value === 'string' && value > today) problems.push({ field, message: `${field} is a past fact and must not be after today (${today})`, reason: 'range' });
  }
  return problems;
}
