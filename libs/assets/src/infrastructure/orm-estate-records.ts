import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EstateRecords, EstateRecordsOfCase } from '../application/ports/estate-records.port';
import { PaidUnclaimedProperties } from '../application/ports/paid-unclaimed-property.port';
import { businessResource } from '../resources/business.resource';
import { financialAccountResource } from '../resources/financial-account.resource';
import { realEstatePropertyResource } from '../resources/real-estate-property.resource';
import { bankAccountResource } from '../resources/bank-account.resource';
import { debtResource } from '../resources/debt.resource';
import { investmentAccountResource } from '../resources/investment-account.resource';
import { lifeInsurancePolicyResource } from '../resources/life-insurance-policy.resource';
import { realEstateValuationResource } from '../resources/real-estate-valuation.resource';
import { retirementAccountResource } from '../resources/retirement-account.resource';
import { transactionResource } from '../resources/transaction.resource';
import { vehicleResource } from '../resources/vehicle.resource';

/** The inventory's records through MikroORM; the bank totals "as of" are summed by PostgreSQL in `numeric`. */
@Injectable()
export class OrmEstateRecords extends EstateRecords {
  constructor(
    private readonly em: EntityManager,
    private readonly unclaimed: PaidUnclaimedProperties,
  ) {
    super();
  }

  async load(caseId: string, asOf: string | null): Promise<EstateRecordsOfCase> {
    const scope = { caseId };
    // Sequential on purpose: one request's EntityManager runs one query at a time.
    const bankAccounts = await this.em.find(bankAccountResource.schema, scope);
    const investmentAccounts = await this.em.find(investmentAccountResource.schema, scope);
    const retirementAccounts = await this.em.find(retirementAccountResource.schema, scope);
    const lifeInsurancePolicies = await this.em.find(lifeInsurancePolicyResource.schema, scope);
    const valuations = await this.em.find(realEstateValuationResource.schema, scope);
    const vehicles = await this.em.find(vehicleResource.schema, scope);
    const debts = await this.em.find(debtResource.schema, scope);
    const realEstateProperties = await this.em.find(realEstatePropertyResource.schema, scope);
    const financialAccounts = await this.em.find(financialAccountResource.schema, scope);
    const businesses = await this.em.find(businessResource.schema, scope);
    const paidUnclaimedProperty = await this.unclaimed.paidOf(caseId);
    return {
      asOf,
      bankAccounts,
      transactionTotalsAsOf: asOf === null ? new Map() : await this.transactionTotals(caseId, asOf),
      investmentAccounts,
      retirementAccounts,
      lifeInsurancePolicies,
      valuations,
      vehicles,
      debts,
      realEstateProperties,
      financialAccounts,
      businesses,
      paidUnclaimedProperty,
    };
  }

  /**
   * Per account with any transaction, the sum of the amounts of those dated on or before `asOf` (exact `numeric`, as
   * text; `0` when every one is later): an account left out has none at all.
   */
  private async transactionTotals(caseId: string, asOf: string): Promise<Map<string, string>> {
    const table = this.em.getMetadata().get(transactionResource.schema.meta.className).tableName;
    const rows = await this.em.getConnection().execute<Array<{ bank_account_id: string; total: string }>>(
      `select bank_account_id, coalesce(sum(amount) filter (where date <= ?), 0)::text as total from ${table} where case_id = ? group by bank_account_id`,
      [asOf, caseId],
    );
    return new Map(rows.map((row) => [row.bank_account_id, row.total]));
  }
}
