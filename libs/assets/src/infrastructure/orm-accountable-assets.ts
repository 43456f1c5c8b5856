import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords, PlainQuery } from '@estate/shared-kernel';
import { AccountableAssetRecords, AccountableAssets, LedgerTransactionFacts } from '../application/ports/accountable-assets.port';
import { bankAccountResource } from '../resources/bank-account.resource';
import { businessResource } from '../resources/business.resource';
import { debtResource } from '../resources/debt.resource';
import { financialAccountResource } from '../resources/financial-account.resource';
import { investmentAccountResource } from '../resources/investment-account.resource';
import { lifeInsurancePolicyResource } from '../resources/life-insurance-policy.resource';
import { realEstatePropertyResource } from '../resources/real-estate-property.resource';
import { realEstateValuationResource } from '../resources/real-estate-valuation.resource';
import { retirementAccountResource } from '../resources/retirement-account.resource';
import { vehicleResource } from '../resources/vehicle.resource';

const HOLD_ACCOUNTS = 'select id from bank_accounts where case_id = $1 order by id for share';

/**
 * The ledger of the case's existing accounts in one statement, amounts as exact text. Plain rows, not entities: an
 * estate has thousands of them and the account reads each once.
 */
const LEDGER = `
  select t.id, t.bank_account_id, t.date::text as date, t.amount::text as amount, t.accounting_category, t.related_type, t.related_id,
         t.description, t.merchant_name, t.created_at
    from transactions t join bank_accounts b on b.id = t.bank_account_id and b.case_id = t.case_id
   where t.case_id = $1
   order by t.date, t.created_at, t.id`;

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
  created_at: string | Date;
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
    const scope = { caseId };
    // Sequential on purpose: one transaction runs one statement at a time.
    const bankAccounts = await findRecords(this.em, bankAccountResource.schema, [scope]);
    const transactions = (await this.sql.rows<LedgerRow>(LEDGER, [caseId], { prepared: true })).map(ledgerFacts);
    const investmentAccounts = await findRecords(this.em, investmentAccountResource.schema, [scope]);
    const retirementAccounts = await findRecords(this.em, retirementAccountResource.schema, [scope]);
    const lifeInsurancePolicies = await findRecords(this.em, lifeInsurancePolicyResource.schema, [scope]);
    const realEstateProperties = await findRecords(this.em, realEstatePropertyResource.schema, [scope]);
    const valuations = await findRecords(this.em, realEstateValuationResource.schema, [scope]);
    const vehicles = await findRecords(this.em, vehicleResource.schema, [scope]);
    const financialAccounts = await findRecords(this.em, financialAccountResource.schema, [scope]);
    const businesses = await findRecords(this.em, businessResource.schema, [scope]);
    const debts = await findRecords(this.em, debtResource.schema, [scope]);
    return { bankAccounts, transactions, investmentAccounts, retirementAccounts, lifeInsurancePolicies, realEstateProperties, valuations, vehicles, financialAccounts, businesses, debts };
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
    createdAt: new Date(row.created_at),
  };
}
