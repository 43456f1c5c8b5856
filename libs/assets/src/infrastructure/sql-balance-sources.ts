import { Injectable } from '@nestjs/common';
import { PlainQuery } from '@estate/shared-kernel';
import { centsOf, centsToNumber } from '@estate/shared-kernel/domain';
import { BalanceSources, LedgerDay, RecordedBalancePoint } from '../application/ports/balance-sources.port';

const ACCOUNT_OF_CASE = 'select 1 from bank_accounts where case_id = $1 and id = $2';

const FIRST_DATE = `
  select least((select min(date) from transactions where bank_account_id = $1),
               (select min(date) from recorded_balances where bank_account_id = $1))::text as first`;

const RECORDED = `
  select date::text as date, balance::text as balance, available_balance::text as available_balance
    from recorded_balances where bank_account_id = $1 and date between $2 and $3 order by date`;

/**
 * The running balance after each day's last transaction (ledger order: date, created_at, id) from `$2` to `$3`, and
 * the last one before `$2`. Both halves read `transactions_by_account_ledger` (bank_account_id, date, created_at, id,
 * including running_balance) backwards, index only: one row per day, so ten years of a busy account is a few thousand
 * rows whatever its number of transactions.
 */
const LEDGER = `
  (select t.date::text as day, t.running_balance::text as running_balance from transactions t
    where t.bank_account_id = $1 and t.date < $2 order by t.date desc, t.created_at desc, t.id desc limit 1)
  union all
  (select distinct on (t.date) t.date::text as day, t.running_balance::text as running_balance from transactions t
    where t.bank_account_id = $1 and t.date >= $2 and t.date <= $3 order by t.date desc, t.created_at desc, t.id desc)`;

const money = (text: string) => centsToNumber(centsOf(text)!);

/** `BalanceSources` in SQL: plain statements on the connection the caller holds, money read exactly (cents). */
@Injectable()
export class SqlBalanceSources extends BalanceSources {
  constructor(private readonly sql: PlainQuery) {
    super();
  }

  async accountExists(caseId: string, accountId: string): Promise<boolean> {
    return (await this.sql.rows(ACCOUNT_OF_CASE, [caseId, accountId], { prepared: true })).length === 1;
  }

  async firstDate(accountId: string): Promise<string | null> {
    const [row] = await this.sql.rows<{ first: string | null }>(FIRST_DATE, [accountId], { prepared: true });
    return row?.first ?? null;
  }

  async recorded(accountId: string, from: string, to: string): Promise<RecordedBalancePoint[]> {
    const rows = await this.sql.rows<{ date: string; balance: string; available_balance: string | null }>(RECORDED, [accountId, from, to], { prepared: true });
    return rows.map((row) => ({ date: row.date, balance: money(row.balance), availableBalance: row.available_balance === null ? null : money(row.available_balance) }));
  }

  async ledger(accountId: string, from: string, to: string): Promise<LedgerDay[]> {
    const rows = await this.sql.rows<{ day: string; running_balance: string }>(LEDGER, [accountId, from, to], { prepared: true });
    // Newest first from the index; the history walks them oldest first.
    return rows.map((row) => ({ date: row.day, runningBalance: money(row.running_balance) })).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }
}
