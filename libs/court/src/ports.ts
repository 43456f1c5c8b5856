/**
 * What other contexts may know of the court context beside its module and declarations: its ports (abstract classes,
 * bound by CourtModule) and the data they carry. Re-exported by index.ts, the context's one face (`@estate/court`;
 * docs/decisions/0069-dependencies-run-one-way.md). The distributions of the closing context weigh the creditor
 * claims through `EstateClaims` (contract-extensions §12.7); the court accounting reads the probate case and the
 * claims through `ProbateAccountRecordsReader` (§16).
 */
export { EstateClaims } from './application/ports/estate-claims.port';
export type { ClaimOnEstate } from './application/ports/estate-claims.port';
export { ProbateAccountRecordsReader } from './application/ports/probate-account-records.port';
/** A filing of type `accounting` names a settled accounting (§16.10): the accounting context answers which exist. */
export { CaseSettledAccountings } from './application/ports/settled-accountings.port';
export type { SettledAccountingFinder } from './application/ports/settled-accountings.port';
/** …and a settled accounting a filing names cannot be deleted: the court says which filings name it. */
export { AccountingFilings } from './application/ports/accounting-filings.port';
export type { AccountCreditorClaim, ProbateAccountRecords, ProbateAttorney, ProbateCaption, ProbatePaperFacts } from './application/ports/probate-account-records.port';
