import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords } from '@estate/shared-kernel';
import { DistributionCommitments } from '../../application/ports/distribution-commitments.port';
import type { CashCommitment } from '../../domain/distribution-allowance';
import { distributionResource } from '../../resources/distribution.resource';

/**
 * The commitments, read as plain fields through the kernel's statements on the caller's connection (the approval's
 * transaction, under the case and estate-account locks).
 */
@Injectable()
export class OrmDistributionCommitments extends DistributionCommitments {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async approvedCash(caseId: string, excludingId: string): Promise<CashCommitment[]> {
    const rows = await findRecords(this.em, distributionResource.schema, [{ caseId, kind: 'cash', status: 'approved', id: { $ne: excludingId } }]);
    return rows.map((row) => ({ distributionId: row.id, sourceAccountId: row.sourceAccountId, amount: row.amount ?? 0 }));
  }

  async giversOf(caseId: string, assetType: string, assetId: string, excludingId: string): Promise<string[]> {
    const rows = await findRecords(this.em, distributionResource.schema, [{ caseId, assetType, assetId, status: { $in: ['approved', 'paid'] }, id: { $ne: excludingId } }], { orderBy: { id: 'asc' } });
    return rows.map((row) => row.id);
  }
}
