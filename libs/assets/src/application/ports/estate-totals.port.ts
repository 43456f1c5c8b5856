import type { Cents } from '@estate/shared-kernel/domain';

/** The inventory's totals (issue 8) as of a date, in cents: what a computation over the estate's worth reads. */
export interface EstateTotals {
  /** The date the inventory was taken at: the one asked for, else the deceased's date of death, else `null`. */
  asOf: string | null;
  grossProbateAssets: Cents;
  nonProbateAssets: Cents;
}

/**
 * The estate's totals as the inventory computes them (court: the heirship's estate value, contract-extensions §17.3,
 * and the gross estate of the death taxes, §17.2): `asOf` `null` takes the inventory at the date of death.
 */
export abstract class EstateInventoryTotals {
  abstract totalsOf(caseId: string, asOf: string | null): Promise<EstateTotals>;
}
