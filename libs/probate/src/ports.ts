/**
 * What other contexts' use cases may know of the probate context (`@estate/probate/ports`): its ports (abstract
 * classes, bound by ProbateModule) and the data they carry. No module, controller or declaration is reachable from
 * here, so a use case that imports it reaches no HTTP layer (rule application-reaches-no-http). Module files and the
 * app import `@estate/probate`, which re-exports this face.
 */
export { ProbateAccountRecordsReader } from './application/ports/probate-account-records.port';
export type { ProbateAccountRecords, ProbateCaption } from './application/ports/probate-account-records.port';
