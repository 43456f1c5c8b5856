/**
 * What other contexts' use cases may know of the discovery context (`@estate/discovery/ports`): its ports (abstract
 * classes, bound by DiscoveryModule) and the data they carry. No module, controller or declaration is reachable from
 * here (rule application-reaches-no-http). The court accounting reads the unclaimed property through
 * `UnclaimedPropertyAccountReader` (contract-extensions §16). Module files and the app import `@estate/discovery`.
 */
export { UnclaimedPropertyAccountReader } from './application/ports/unclaimed-property-account-records.port';
export type { AccountUnclaimedProperty } from './application/ports/unclaimed-property-account-records.port';
