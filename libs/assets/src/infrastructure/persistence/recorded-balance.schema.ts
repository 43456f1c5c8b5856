import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, MoneyType, moneyColumn } from '@estate/shared-kernel';
import { RecordedBalance } from '../../domain/recorded-balance';

/** Contract §12.3: balances recorded by hand, one per account and day (`recorded_balances`). */
export const RecordedBalanceSchema = new EntitySchema<RecordedBalance>({
  class: RecordedBalance,
  tableName: 'recorded_balances',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    caseId: { type: 'string', length: 26 },
    bankAccountId: { type: 'string', length: 26 },
    date: { type: CalendarDateType },
    balance: { type: MoneyType },
    availableBalance: moneyColumn(),
    createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
    updatedAt: { type: 'Date', columnType: 'timestamptz(3)' },
    version: { type: 'integer', version: true },
  },
});
