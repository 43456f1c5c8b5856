import { DISCOVERY_PARTS } from './discovery.parts';

export { DiscoveryModule } from './discovery.module';
/** Its ORM mappings, gathered from its folder. */
export const DISCOVERY_ENTITIES = DISCOVERY_PARTS.entities;
export { searchResource } from './resources/search.resource';
export { unclaimedPropertyResource } from './resources/unclaimed-property.resource';
export { SearchProcessor } from './application/search-processor';
export { SearchProvider } from './application/ports/search-provider.port';
export * from './ports';
