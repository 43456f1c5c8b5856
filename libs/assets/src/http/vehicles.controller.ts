import { CaseResourceController } from '@estate/shared-kernel';
import { vehicleResource } from '../resources/vehicle.resource';

/** Vehicles have the standard routes only (`#20` is their list). */
export class VehiclesController extends CaseResourceController(vehicleResource) {}
