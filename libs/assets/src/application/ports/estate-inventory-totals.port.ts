import type { Cents } from '@estate/shared-kernel/domain';

/**
 * The inventory's totals of a case as of a date (the court's death-tax deadlines weigh the gross estate at the date of
 * death): the gross probate assets and the assets passing outside probate.
 */
export abstract class EstateInventoryTotals {
  abstract totalsAt(caseId: string, asOf: string): Promise<{ grossProbateAssets: Cents; nonProbateAssets: Cents }>;
}
