import { Injectable } from '@nestjs/common';
import { PlainQuery } from '@estate/shared-kernel';
import { AccountingFilings } from '../../application/ports/accounting-filings.port';

const FILINGS_NAMING_ACCOUNTING = 'select id from probate_filings where case_id = $1 and accounting_id = $2 order by id';

/** The filings naming a settled accounting, by a plain statement on the caller's transaction. */
@Injectable()
export class SqlAccountingFilings extends AccountingFilings {
  constructor(private readonly sql: PlainQuery) {
    super();
  }

  async namingAccounting(caseId: string, accountingId: string): Promise<string[]> {
    return (await this.sql.rows<{ id: string }>(FILINGS_NAMING_ACCOUNTING, [caseId, accountingId])).map((row) => row.id);
  }
}
