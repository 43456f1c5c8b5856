import { caseResource } from '@estate/shared-kernel';
import { centsToNumber } from '@estate/shared-kernel/domain';
import { Vehicle, vehicleEquity } from '../domain/vehicle';
import { VEHICLE_DISPOSITIONS, VEHICLE_TYPES } from '../domain/vehicle-vocabulary';
import { CreateVehicleBody, PatchVehicleBody, VehicleView } from '../http/dto/vehicle.dto';
import { VehicleSchema } from '../infrastructure/persistence/vehicle.schema';
import { institutionContactResource } from './institution-contact.resource';

/**
 * Vehicles (`#20`): `vin` is encrypted at rest and masked by the serializer. `equity_estimate` is stored only when
 * sent and otherwise computed when presented (estimated value less the lien payoff), as for valuations.
 */
export const vehicleResource = caseResource<Vehicle>({
  name: 'vehicle',
  path: 'vehicles',
  idParam: 'vehicle_id',
  schema: VehicleSchema,
  create: CreateVehicleBody,
  patch: PatchVehicleBody,
  view: VehicleView,
  filters: { vehicle_type: VEHICLE_TYPES, disposition: VEHICLE_DISPOSITIONS },
  sorts: ['created_at'],
  forbiddenForForeignCase: ['list'],
  specRoutes: { list: 20 },
  tagDescription: 'Vehicles and what becomes of them.',
  masked: ['vin'],
  references: { institution_contact_id: () => institutionContactResource },
  present: (record, view) => {
    const equity = vehicleEquity(record).cents;
    return { ...view, equity_estimate: equity === null ? null : centsToNumber(equity) };
  },
});
