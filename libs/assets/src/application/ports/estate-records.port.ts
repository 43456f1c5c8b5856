import type { InventoryInput } from '../../domain/estate-inventory';

/** The records of a case the inventory is computed from: every asset and liability, and the bank totals as of a date. */
export type EstateRecordsOfCase = Omit<InventoryInput, 'recordedEstateValue'>;

/** Port: loads a case's assets and liabilities for the inventory (bound to the ORM adapter in the module). */
export abstract class EstateRecords {
  abstract load(caseId: string, asOf: string | null): Promise<EstateRecordsOfCase>;
}
