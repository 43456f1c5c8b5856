/**
 * What other contexts' use cases may know of the probate context (`@estate/probate/ports`): its ports (abstract
 * classes, bound by ProbateModule) and the data they carry. No module, controller or declaration is reachable from
 * here (rule application-reaches-no-http). The transfers context answers `ClosureTransfers` and tells
 * `ClosureTransferOutcomes` (contract-extensions §15.1); the court accounting reads the probate records through
 * `ProbateAccountRecordsReader` (§16). Module files and the app import `@estate/probate`.
 */
export { ClosureTransfers } from './application/ports/closure-transfers.port';
export type { ClosureTransferCancellation, ClosureTransferDesk, ClosureTransferRequest, RequestedClosureTransfer } from './application/ports/closure-transfers.port';
export { ClosureTransferOutcomes } from './application/ports/closure-transfer-outcomes.port';
export type { ClosureTransferOutcome } from './application/ports/closure-transfer-outcomes.port';
export { ProbateAccountRecordsReader } from './application/ports/probate-account-records.port';
export type { ProbateAccountRecords, ProbateCaption } from './application/ports/probate-account-records.port';
