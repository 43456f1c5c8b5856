export { AssetsModule } from './assets.module';
export { ASSETS_ENTITIES } from './infrastructure/persistence/assets-entities';
export { institutionContactResource } from './resources/institution-contact.resource';
export { debtResource } from './resources/debt.resource';
