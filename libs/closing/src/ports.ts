/**
 * What other contexts may know of the closing context beside its module and declarations: its ports (abstract
 * classes, bound by ClosingModule) and the data they carry. Re-exported by index.ts, the context's one face
 * (`@estate/closing`; docs/decisions/0069-dependencies-run-one-way.md). The transfers context answers
 * `ClosureTransfers` and tells `ClosureTransferOutcomes` (contract-extensions §15.1); the court accounting reads the
 * distributions through `DistributionAccountReader` (§16).
 */
export { ClosureTransfers } from './application/ports/closure-transfers.port';
export type { ClosureTransferCancellation, ClosureTransferDesk, ClosureTransferRequest, RequestedClosureTransfer } from './application/ports/closure-transfers.port';
export { ClosureTransferOutcomes } from './application/ports/closure-transfer-outcomes.port';
export type { ClosureTransferOutcome } from './application/ports/closure-transfer-outcomes.port';
export { DistributionAccountReader } from './application/ports/distribution-account-records.port';
export type { AccountDistribution } from './application/ports/distribution-account-records.port';
