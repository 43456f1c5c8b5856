import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords, PlainQuery } from '@estate/shared-kernel';
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
import { vehicleResource } from '../resources/vehicle.resource';

const TRANSACTION_TOTALS = `select bank_account_id, coalesce(sum(amount) filter (where date <= $2::date), 0)::text as total
  from transactions where case_id = $1 group by bank_account_id`;

/** The inventory's records as plain fields through the kernel's statements (no entity); the bank totals "as of" are summed by PostgreSQL in `numeric`. */
@Injectable()
export class OrmEstateRecords extends EstateRecords {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: PlainQuery,
    private readonly unclaimed: PaidUnclaimedProperties,
  ) {
    super();
  }

  async load(caseId: string, asOf: string | null): Promise<EstateRecordsOfCase> {
    const scope = { caseId };
    // Sequential on purpose: one transaction runs one statement at a time.
    const bankAccounts = await findRecords(this.em, bankAccountResource.schema, [scope]);
    const investmentAccounts = await findRecords(this.em, investmentAccountResource.schema, [scope]);
    const retirementAccounts = await findRecords(this.em, retirementAccountResource.schema, [scope]);
    const lifeInsurancePolicies = await findRecords(this.em, lifeInsurancePolicyResource.schema, [scope]);
    const valuations = await findRecords(this.em, realEstateValuationResource.schema, [scope]);
    const vehicles = await findRecords(this.em, vehicleResource.schema, [scope]);
    const debts = await findRecords(this.em, debtResource.schema, [scope]);
    const realEstateProperties = await findRecords(this.em, realEstatePropertyResource.schema, [scope]);
    const financialAccounts = await findRecords(this.em, financialAccountResource.schema, [scope]);
    const businesses = await findRecords(this.em, businessResource.schema, [scope]);
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
    const rows = await this.sql.rows<{ bank_account_id: string; total: string }>(TRANSACTION_TOTALS, [caseId, asOf], { prepared: true });
    return new Map(rows.map((row) => [row.bank_account_id, row.total]));
  }
}
