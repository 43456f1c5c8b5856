import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords, PlainQuery } from '@estate/shared-kernel';
import { AccountableAssetRecords, AccountableAssets, LedgerTransactionFacts } from '../application/ports/accountable-assets.port';
import { debtResource } from '../resources/debt.resource';
import { keptAssetRecords } from './kept-asset-records';

const HOLD_ACCOUNTS = 'select id from bank_accounts where case_id = $1 order by id for share';

/**
 * The ledger of the case's existing accounts in one statement, amounts as exact text. Plain rows, not entities: an
 * estate has thousands of them and the account reads each once. In no order: the account orders the ledger itself
 * (date, creation, id), and PostgreSQL would otherwise sort the whole ledger — on disk beyond a few tens of thousands
 * of rows — before sending its first row. `created_at` comes as epoch milliseconds (floored, as a `Date` holds it):
 * a number becomes a `Date` at a fraction of the cost of parsing timestamp text, once per row.
 */
const LEDGER = `
  select t.id, t.bank_account_id, t.date::text as date, t.amount::text as amount, t.accounting_category, t.related_type, t.related_id,
         t.description, t.merchant_name, floor(extract(epoch from t.created_at) * 1000)::float8 as created_at_ms
    from transactions t join bank_accounts b on b.id = t.bank_account_id and b.case_id = t.case_id
   where t.case_id = $1`;

interface LedgerRow {
  id: string;
  bank_account_id: string;
  date: string;
  amount: string;
  accounting_category: LedgerTransactionFacts['accountingCategory'];
  related_type: LedgerTransactionFacts['relatedType'];
  related_id: string | null;
  description: string;
  merchant_name: string | null;
  created_at_ms: number;
}

/**
 * The records as plain fields through the kernel's statements and column maps (account numbers decrypted, JSON columns
 * parsed, no entity), the ledger as plain rows.
 */
@Injectable()
export class OrmAccountableAssets extends AccountableAssets {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: PlainQuery,
  ) {
    super();
  }

  async ofCase(caseId: string, options: { holdAccounts?: boolean } = {}): Promise<AccountableAssetRecords> {
    if (options.holdAccounts) await this.sql.rows(HOLD_ACCOUNTS, [caseId]);
    // Sequential on purpose: one transaction runs one statement at a time.
    const assets = await keptAssetRecords(this.em, caseId);
    const transactions = (await this.sql.rows<LedgerRow>(LEDGER, [caseId], { prepared: true })).map(ledgerFacts);
    const debts = await findRecords(this.em, debtResource.schema, [{ caseId }]);
    return { ...assets, transactions, debts };
  }
}

function ledgerFacts(row: LedgerRow): LedgerTransactionFacts {
  return {
    id: row.id,
    bankAccountId: row.bank_account_id,
    date: row.date,
    amount: row.amount,
    accountingCategory: row.accounting_category,
    relatedType: row.related_type,
    relatedId: row.related_id,
    description: row.description,
    merchantName: row.merchant_name,
    createdAt: new Date(row.created_at_ms),
  };
}
