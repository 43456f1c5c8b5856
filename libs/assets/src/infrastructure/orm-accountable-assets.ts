import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords, PlainQuery } from '@estate/shared-kernel';
import { AccountableAssetRecords, AccountableAssets, LedgerTransactionFacts } from '../application/ports/accountable-assets.port';
import { debtResource } from '../resources/debt.resource';
import { keptAssetRecords } from './kept-asset-records';

const HOLD_ACCOUNTS = 'select id from bank_accounts where case_id = $1 order by id for share';

/**
 * The ledger of the case's existing accounts in one statement, amounts as exact text. Plain rows, not entities: an
 * estate has thousands of them and the account reads each once. Each row comes named as the facts are and becomes
 * them in place: a copy of a hundred thousand rows would double what the ledger weighs while the account is computed.
 * `createdAt` arrives as epoch milliseconds (floored, as a `Date` holds it), a number made a `Date` at a fraction of
 * the cost of parsing timestamp text. In no order: the account orders the ledger itself (date, creation, id), and
 * PostgreSQL would otherwise sort all of it — on disk beyond a few tens of thousands of rows — before its first row.
 */
const LEDGER = `
  select t.id, t.bank_account_id as "bankAccountId", t.date::text as date, t.amount::text as amount, t.accounting_category as "accountingCategory",
         t.related_type as "relatedType", t.related_id as "relatedId", t.description, t.merchant_name as "merchantName",
         floor(extract(epoch from t.created_at) * 1000)::float8 as "createdAt"
    from transactions t join bank_accounts b on b.id = t.bank_account_id and b.case_id = t.case_id
   where t.case_id = $1`;

/** A row of `LEDGER`: the facts, `createdAt` in epoch milliseconds until `asFacts`. */
type LedgerRow = Omit<LedgerTransactionFacts, 'createdAt'> & { createdAt: number | Date };

function asFacts(rows: LedgerRow[]): LedgerTransactionFacts[] {
  for (const row of rows) row.createdAt = new Date(row.createdAt);
  return rows as LedgerTransactionFacts[];
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
    const transactions = asFacts(await this.sql.rows<LedgerRow>(LEDGER, [caseId], { prepared: true }));
    const debts = await findRecords(this.em, debtResource.schema, [{ caseId }]);
    return { ...assets, transactions, debts };
  }
}
