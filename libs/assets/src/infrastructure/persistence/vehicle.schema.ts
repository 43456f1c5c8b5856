import { EntitySchema } from '@mikro-orm/core';
import {
  caseRecordProperties,
  EncryptedStringType,
  moneyColumn as money,
  textColumn as text,
  timestampProperties,
} from '@estate/shared-kernel';
import { Vehicle } from '../../domain/vehicle';

export const VehicleSchema = new EntitySchema<Vehicle>({
  class: Vehicle,
  tableName: 'vehicles',
  properties: {
    ...caseRecordProperties(),
    // The specification's table carries `case_id`.
    caseId: { ...caseRecordProperties().caseId, hidden: false },
    vehicleType: { type: 'string', length: 30, fieldName: 'vehicle_type' },
    year: { type: 'integer' },
    make: { type: 'string', length: 200 },
    model: { type: 'string', length: 200 },
    vin: { type: EncryptedStringType, nullable: true },
    licensePlate: text('license_plate'),
    registrationState: text('registration_state'),
    titleStatus: text('title_status'),
    ownershipType: text('ownership_type'),
    coOwnerName: text('co_owner_name'),
    estimatedValue: money('estimated_value'),
    lienPayoffAmount: money('lien_payoff_amount'),
    equityEstimate: money('equity_estimate'),
    valuationSource: text('valuation_source'),
    lienHolder: text('lien_holder'),
    mileage: { type: 'integer', nullable: true },
    condition: text('condition'),
    location: text('location'),
    disposition: text('disposition', 30),
    dispositionDetails: { type: 'json', nullable: true, fieldName: 'disposition_details' },
    titleTransferStatus: text('title_transfer_status'),
    institutionContactId: text('institution_contact_id', 26),
    notes: text('notes', 10_000),
    ...timestampProperties(),
  },
});
