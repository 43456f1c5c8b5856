/**
 * What other contexts' use cases may know of the court (`@estate/court/ports`): its ports (abstract classes, bound by
 * CourtModule) and the data they carry. No module, controller or declaration is reachable from here (rule
 * application-reaches-no-http). The distributions of the closing context weigh the creditor claims through
 * `EstateClaims` (contract-extensions §12.7); the court accounting reads the probate case and the claims through
 * `ProbateAccountRecordsReader` (§16). Module files and the app import `@estate/court`.
 */
export { EstateClaims } from './application/ports/estate-claims.port';
export type { ClaimOnEstate } from './application/ports/estate-claims.port';
export { ProbateAccountRecordsReader } from './application/ports/probate-account-records.port';
export type { AccountCreditorClaim, ProbateAccountRecords, ProbateCaption } from './application/ports/probate-account-records.port';
