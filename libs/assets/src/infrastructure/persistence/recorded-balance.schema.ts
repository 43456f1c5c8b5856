import { recordedBalanceRecord } from '../../resources/recorded-balance.record';

/** Contract §12.3: balances recorded by hand, one per account and day (`recorded_balances`), as their declaration maps them. */
export const RecordedBalanceSchema = recordedBalanceRecord.schema;
