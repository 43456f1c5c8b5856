import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PlainQuery } from '@estate/shared-kernel';
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

/** The records through MikroORM (account numbers decrypted, JSON columns parsed), the ledger as plain rows. */
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
    const bankAccounts = await this.em.find(bankAccountResource.schema, scope);
    const transactions = (await this.sql.rows<LedgerRow>(LEDGER, [caseId], { prepared: true })).map(ledgerFacts);
    const investmentAccounts = await this.em.find(investmentAccountResource.schema, scope);
    const retirementAccounts = await this.em.find(retirementAccountResource.schema, scope);
    const lifeInsurancePolicies = await this.em.find(lifeInsurancePolicyResource.schema, scope);
    const realEstateProperties = await this.em.find(realEstatePropertyResource.schema, scope);
    const valuations = await this.em.find(realEstateValuationResource.schema, scope);
    const vehicles = await this.em.find(vehicleResource.schema, scope);
    const financialAccounts = await this.em.find(financialAccountResource.schema, scope);
    const businesses = await this.em.find(businessResource.schema, scope);
    const debts = await this.em.find(debtResource.schema, scope);
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
