import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, EncryptedStringType, moneyColumn as money, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Vehicle } from '../../domain/vehicle';

export const VehicleSchema = new EntitySchema<Vehicle>({
  class: Vehicle,
  tableName: 'vehicles',
  properties: {
    ...caseRecordProperties({ showCaseId: true }), // the specification's table carries `case_id`
    vehicleType: { type: 'string', length: 30 },
    year: { type: 'integer' },
    make: { type: 'string', length: 200 },
    model: { type: 'string', length: 200 },
    vin: { type: EncryptedStringType, nullable: true },
    licensePlate: nullableText(),
    registrationState: nullableText(),
    titleStatus: nullableText(),
    ownershipType: nullableText(),
    coOwnerName: nullableText(),
    estimatedValue: money(),
    lienPayoffAmount: money(),
    equityEstimate: money(),
    valuationSource: nullableText(),
    lienHolder: nullableText(),
    mileage: { type: 'integer', nullable: true },
    condition: nullableText(),
    location: nullableText(),
    disposition: nullableText(30),
    dispositionDetails: { type: 'json', nullable: true },
    titleTransferStatus: nullableText(),
    institutionContactId: nullableText(26),
    notes: nullableText(10_000),
    ...timestampProperties(),
  },
});
