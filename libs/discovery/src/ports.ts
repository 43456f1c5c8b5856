/**
 * What other contexts may know of the discovery context beside its module and declarations: its ports (abstract
 * classes, bound by DiscoveryModule) and the data they carry. Re-exported by index.ts, the context's one face
 * (`@estate/discovery`; docs/decisions/0069-dependencies-run-one-way.md). The court accounting reads the unclaimed
 * property through `UnclaimedPropertyAccountReader` (contract-extensions §16).
 */
export { UnclaimedPropertyAccountReader } from './application/ports/unclaimed-property-account-records.port';
export type { AccountUnclaimedProperty } from './application/ports/unclaimed-property-account-records.port';
