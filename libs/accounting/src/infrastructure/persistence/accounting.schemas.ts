import { accountingSummaryRecord, settledAccountingRecord } from '../../resources/settled-accounting-record';

/**
 * `accountings` (contract-extensions §16.7) and the view `accounting_summaries` a list reads, as the settled
 * accounting's declaration describes them (the persistence files' schemas are gathered from here). A trigger refuses
 * every `UPDATE`: rows are only inserted and deleted.
 */
export const SettledAccountingSchema = settledAccountingRecord.schema;
export const AccountingSummaryRowSchema = accountingSummaryRecord.schema;
