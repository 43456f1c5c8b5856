import { Injectable } from '@nestjs/common';
import { CaseDeceasedDates, CaseEstateValues } from '@estate/case';
import { buildEstateInventory, EstateInventory } from '../domain/estate-inventory';
import { EstateRecords } from './ports/estate-records.port';
import { EstateInventoryTotals, EstateTotals } from './ports/estate-totals.port';

/**
 * The estate inventory of a case (issue 8): loads the records through the port, reads the case's own
 * `estate_value` and the deceased's date of death through the case context's ports, and lets the domain compute the
 * rest. An inventory is as of the date of death (contract §3.2 "Inventory"; UPC §3-706, Cal. Prob. Code §8802):
 * without `as_of` it is taken at the deceased's `date_of_death`, and only when that is not known either at no date.
 */
@Injectable()
export class EstateInventoryService implements EstateInventoryTotals {
  constructor(
    private readonly records: EstateRecords,
    private readonly estateValues: CaseEstateValues,
    private readonly deceasedDates: CaseDeceasedDates,
  ) {}

  async inventoryOf(caseId: string, asOf: string | null): Promise<EstateInventory> {
    const recordedEstateValue = await this.estateValues.estateValueOf(caseId);
    const records = await this.records.load(caseId, asOf ?? (await this.deceasedDates.dateOfDeathOf(caseId)));
    return buildEstateInventory({ ...records, recordedEstateValue });
  }

  async totalsOf(caseId: string, asOf: string | null): Promise<EstateTotals> {
    const inventory = await this.inventoryOf(caseId, asOf);
    return { asOf: inventory.asOf, grossProbateAssets: inventory.totals.grossProbateAssets, nonProbateAssets: inventory.totals.nonProbateAssets };
  }
}
