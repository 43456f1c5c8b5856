/**
 * What other contexts' use cases may know of the closing context (`@estate/closing/ports`): its ports (abstract
 * classes, bound by ClosingModule) and the data they carry. No module, controller or declaration is reachable from
 * here (rule application-reaches-no-http). The transfers context answers `ClosureTransfers` and tells
 * `ClosureTransferOutcomes` (contract-extensions §15.1); the court accounting reads the distributions through
 * `DistributionAccountReader` (§16). Module files and the app import `@estate/closing`.
 */
export { ClosureTransfers } from './application/ports/closure-transfers.port';
export type { ClosureTransferCancellation, ClosureTransferDesk, ClosureTransferRequest, RequestedClosureTransfer } from './application/ports/closure-transfers.port';
export { ClosureTransferOutcomes } from './application/ports/closure-transfer-outcomes.port';
export type { ClosureTransferOutcome } from './application/ports/closure-transfer-outcomes.port';
export { DistributionAccountReader } from './application/ports/distribution-account-records.port';
export type { AccountDistribution } from './application/ports/distribution-account-records.port';
