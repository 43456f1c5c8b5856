import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords, PlainQuery } from '@estate/shared-kernel';
import { EstateRecords, EstateRecordsOfCase } from '../application/ports/estate-records.port';
import { PaidUnclaimedProperties } from '../application/ports/paid-unclaimed-property.port';
import { debtResource } from '../resources/debt.resource';
import { keptAssetRecords } from './kept-asset-records';

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
    // Sequential on purpose: one transaction runs one statement at a time.
    const assets = await keptAssetRecords(this.em, caseId);
    const debts = await findRecords(this.em, debtResource.schema, [{ caseId }]);
    const unclaimedProperty = await this.unclaimed.paidOf(caseId);
    return { ...assets, unclaimedProperty, debts, asOf, transactionTotalsAsOf: asOf === null ? new Map() : await this.transactionTotals(caseId, asOf) };
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
