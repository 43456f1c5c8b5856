import { Injectable } from '@nestjs/common';
import type { StatementClosing } from '@estate/assets';
import { PlainQuery } from '@estate/shared-kernel';
import { centsOf, centsToNumber } from '@estate/shared-kernel/domain';

const CLOSINGS = `
  select period_end::text as period_end, closing_balance::text as closing_balance from statements
   where case_id = $1 and bank_account_id = $2 and period_end <= $3 and closing_balance is not null
   order by period_end`;

/**
 * The documents' answer to the assets' `StatementClosings` (a balance history's `statement` points, contract §12.3):
 * the closing balances of an account's statements, as data, on the connection the caller holds. Read through
 * `statements_by_account_period_end`.
 */
@Injectable()
export class StatementClosingsOfStatements {
  constructor(private readonly sql: PlainQuery) {}

  async closingsOf(caseId: string, accountId: string, through: string): Promise<StatementClosing[]> {
    const rows = await this.sql.rows<{ period_end: string; closing_balance: string }>(CLOSINGS, [caseId, accountId, through], { prepared: true });
    return rows.map((row) => ({ periodEnd: row.period_end, closingBalance: centsToNumber(centsOf(row.closing_balance)!) }));
  }
}
