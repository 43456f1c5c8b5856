import { caseResource, DateField, field, MoneyField, ResourceRecord, StringField } from '@estate/shared-kernel';
import { centsToNumber } from '@estate/shared-kernel/domain';
import { vehicleEquity } from '../domain/vehicle';
import { VEHICLE_DISPOSITIONS, VEHICLE_TYPES } from '../domain/vehicle-vocabulary';
import { institutionContactResource } from './institution-contact.resource';

export class DispositionDetailsBody {
  @StringField({ description: 'Who received the vehicle.', example: 'Grace Okafor' })
  transferred_to?: string | null;

  @MoneyField({ description: 'Price it was sold for.', example: 8500 })
  sale_price?: number | null;

  @DateField({ description: 'Date of the sale.', example: '2026-10-01' })
  sale_date?: string | null;

  @StringField({ description: 'Who bought it.', example: 'Lee Motors' })
  buyer_name?: string | null;
}

/**
 * Vehicles (`#20`): `vin` is encrypted at rest and masked by the serializer. `equity_estimate` is stored only when
 * sent and otherwise computed when presented (estimated value less the lien payoff), as for valuations.
 */
export const vehicleResource = caseResource({
  name: 'vehicle',
  path: 'vehicles',
  idParam: 'vehicle_id',
  table: 'vehicles',
  caseIdShown: true,
  fields: {
    vehicleType: field.enum(VEHICLE_TYPES, { required: true, description: 'Kind of vehicle.', example: 'automobile' }),
    year: field.integer({ required: true, min: 1800, max: 2200, description: 'Model year.', example: 2019 }),
    make: field.string({ required: true, description: 'Make.', example: 'Toyota' }),
    model: field.string({ required: true, description: 'Model.', example: 'Camry' }),
    vin: field.string({ max: 40, encrypted: true, description: 'Vehicle identification number; accepted in full, always returned masked.', example: '4T1B11HK5KU123456' }),
    licensePlate: field.string({ max: 20, column: { length: 200 }, description: 'License plate.', example: 'ABC 1234' }),
    registrationState: field.string({ description: 'State of registration.', example: 'IL' }),
    titleStatus: field.string({ description: 'Title status (free text: no fixed set of values).', example: 'clear' }),
    ownershipType: field.string({ description: 'How the vehicle is owned (free text: no fixed set of values).', example: 'sole' }),
    coOwnerName: field.string({ description: 'Co-owner, if any.', example: 'Ada Okafor' }),
    estimatedValue: field.money({ description: 'Estimated value.', example: 14500 }),
    lienPayoffAmount: field.money({ description: 'Amount needed to pay off the lien.', example: 3200 }),
    equityEstimate: field.money({
      description: 'Equity; when never given it reads as estimated_value − lien_payoff_amount (null without an estimated value). Send null to go back to the computed value.',
      example: 11300,
    }),
    valuationSource: field.string({ description: 'Where the value comes from (free text: no fixed set of values).', example: 'kelley_blue_book' }),
    lienHolder: field.string({ description: 'Who holds the lien.', example: 'Toyota Financial Services' }),
    mileage: field.integer({ min: 0, max: 10_000_000, description: 'Odometer reading.', example: 48210 }),
    condition: field.string({ description: 'Condition (free text: no fixed set of values).', example: 'good' }),
    location: field.string({ description: 'Where the vehicle is.', example: 'garage at 12 Elm Street' }),
    disposition: field.enum(VEHICLE_DISPOSITIONS, { description: 'What happens to the vehicle.', example: 'pending_decision' }),
    dispositionDetails: field.object(() => DispositionDetailsBody, { description: 'Details of the disposition; merges field by field in a PATCH.' }),
    titleTransferStatus: field.string({ description: 'Title transfer status (free text: no fixed set of values).', example: 'not_started' }),
    institutionContactId: field.reference(() => institutionContactResource, {
      description: 'An institution contact of this case (the lien holder’s), or null.',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD',
    }),
    notes: field.text({ description: 'Free notes.', example: 'Spare key with the neighbour.' }),
  },
  filters: { vehicle_type: VEHICLE_TYPES, disposition: VEHICLE_DISPOSITIONS },
  sorts: ['created_at'],
  forbiddenForForeignCase: ['list'],
  specRoutes: { list: 20 },
  tagDescription: 'Vehicles and what becomes of them.',
  present: (record, view) => {
    const equity = vehicleEquity(record).cents;
    return { ...view, equity_estimate: equity === null ? null : centsToNumber(equity) };
  },
});

export type Vehicle = ResourceRecord<typeof vehicleResource>;
