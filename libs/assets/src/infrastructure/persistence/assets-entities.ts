import { DebtSchema } from './debt.schema';
import { RealEstateValuationSchema } from './real-estate-valuation.schema';
import { VehicleSchema } from './vehicle.schema';
import { InstitutionContactSchema } from './institution-contact.schema';

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const ASSETS_ENTITIES = [
  InstitutionContactSchema,
  DebtSchema,
  RealEstateValuationSchema,
  VehicleSchema,
];
