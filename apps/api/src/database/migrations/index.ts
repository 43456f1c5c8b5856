import { Migration20261122000000_foundation } from './Migration20261122000000_foundation';

/** Every committed migration, in order. Listed explicitly so the built service and the tests run the same ones. */
export const MIGRATIONS = [{ name: 'Migration20261122000000_foundation', class: Migration20261122000000_foundation }];
