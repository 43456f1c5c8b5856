import { Injectable } from '@nestjs/common';
import { CaseEstateValues } from '@estate/case/ports';
import { buildEstateInventory, EstateInventory } from '../domain/estate-inventory';
import { EstateRecords } from './ports/estate-records.port';

/**
 * The estate inventory of a case (issue 8): loads the records through the port, reads the case's own
 * `estate_value` through the case context's port, and lets the domain compute the rest.
 */
@Injectable()
export class EstateInventoryService {
  constructor(
    private readonly records: EstateRecords,
    private readonly estateValues: CaseEstateValues,
  ) {}

  async inventoryOf(caseId: string, asOf: string | null): Promise<EstateInventory> {
    const recordedEstateValue = await this.estateValues.estateValueOf(caseId);
    const records = await this.records.load(caseId, asOf);
    return buildEstateInventory({ ...records, recordedEstateValue });
  }
}
