import { Injectable } from '@nestjs/common';
import { PlainQuery } from '@estate/shared-kernel';
import { CaseStatementClosings, StatementClosingFacts } from '../ports';

const CLOSINGS = `
  select bank_account_id, period_end::text as period_end, closing_balance::text as closing_balance from statements
   where case_id = $1 order by bank_account_id, period_end, id`;

/** The documents' answer to the accounting's statement reads: one statement on the caller's connection. */
@Injectable()
export class PlainCaseStatementClosings extends CaseStatementClosings {
  constructor(private readonly sql: PlainQuery) {
    super();
  }

  async ofCase(caseId: string): Promise<StatementClosingFacts[]> {
    const rows = await this.sql.rows<{ bank_account_id: string; period_end: string; closing_balance: string | null }>(CLOSINGS, [caseId], { prepared: true });
    return rows.map((row) => ({ bankAccountId: row.bank_account_id, periodEnd: row.period_end, closingBalance: row.closing_balance }));
  }
}
