import { Injectable } from '@nestjs/common';
import { EstateInventoryTotals } from '@estate/assets';
import type { Cents } from '@estate/shared-kernel/domain';
import { GrossEstates } from '../../application/ports/estate-tax-facts.port';

/** The gross estate from the assets context's inventory as of the date of death (never its tables). */
@Injectable()
export class InventoryGrossEstates extends GrossEstates {
  constructor(private readonly inventories: EstateInventoryTotals) {
    super();
  }

  async grossEstateOf(caseId: string, dateOfDeath: string): Promise<Cents> {
    const totals = await this.inventories.totalsOf(caseId, dateOfDeath);
    return totals.grossProbateAssets + totals.nonProbateAssets;
  }
}
