import { field, recordShape } from '@estate/shared-kernel';
import { RecordedBalance } from '../domain/recorded-balance';

/**
 * A balance recorded by hand for one day of a bank account (contract §12.3, `PUT …/balance-history/{date}`), its
 * fields declared once. The account and the day are the route's; the body is the written fields (`RecordBalanceBody`).
 * It is presented only as a point of the balance history (`BalancePointView`, a blend of recorded, statement and
 * computed points), so the declaration's view names no document schema.
 */
const RECORDED_BALANCE_FIELDS = {
  bankAccountId: field.string({ readOnly: true, required: true, max: 26 }),
  date: field.date({ readOnly: true, required: true }),
  balance: field.money({ required: true, description: 'The balance at the end of the day (negative when overdrawn).', example: 4210.55 }),
  availableBalance: field.money({ description: 'What was available at the end of the day (holds and pending items deducted).', example: 3980.55 }),
};

/** `recorded_balances`: one per account and day, replaced by a later `PUT` of the same day. */
export const recordedBalanceRecord = recordShape<typeof RECORDED_BALANCE_FIELDS, RecordedBalance>({
  name: 'recorded balance',
  table: 'recorded_balances',
  entity: RecordedBalance,
  patchable: false,
  fields: RECORDED_BALANCE_FIELDS,
});
