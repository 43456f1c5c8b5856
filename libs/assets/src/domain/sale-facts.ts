import type { ErrorDetail } from '@estate/shared-kernel/domain';

/** The fields of a sale on a property or a business (contract-extensions §12.4, §12.6). */
export interface SaleFields {
  status?: unknown;
  sale_price?: unknown;
  sale_date?: unknown;
}

/**
 * A `sold` record needs `sale_price` and `sale_date` (on create and on the merged result of a patch); `sale_date` is a
 * past fact, so it is not after today (UTC; contract-extensions §10.0).
 */
export function saleProblems(document: SaleFields, noun: string, today: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (document.status === 'sold') {
    for (const field of ['sale_price', 'sale_date'] as const) {
      if (document[field] === null || document[field] === undefined) problems.push({ field, message: `a sold ${noun} needs ${field}`, reason: 'required' });
    }
  }
  if (typeof document.sale_date === 'string' && document.sale_date > today) {
    problems.push({ field: 'sale_date', message: `sale_date is a past fact and must not be after today (${today})`, reason: 'range' });
  }
  return problems;
}
