export { AssetsModule } from './assets.module';
export { ASSETS_ENTITIES } from './infrastructure/persistence/assets-entities';
export { institutionContactResource } from './resources/institution-contact.resource';
export { debtResource } from './resources/debt.resource';
export { realEstateValuationResource } from './resources/real-estate-valuation.resource';
export { vehicleResource } from './resources/vehicle.resource';
