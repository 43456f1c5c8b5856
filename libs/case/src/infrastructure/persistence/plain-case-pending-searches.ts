import { Injectable } from '@nestjs/common';
import { PlainQuery, UnitOfWork } from '@estate/shared-kernel';
import { CasePendingSearches, PendingSearches } from '../../application/ports/pending-searches.port';

const REPLACE = 'update cases set pending_searches = $2::text[], pending_searches_tag = $3 where id = $1';

/**
 * The projection's columns on the case row, written on the caller's connection. Only inside a transaction: handed
 * over outside the search write's own, a failure between the two would leave the case showing searches that are not
 * so (and `version`, `updated_at` stay as they are: the case itself did not change, its ETag changes by the tag).
 */
@Injectable()
export class PlainCasePendingSearches extends CasePendingSearches {
  constructor(
    private readonly sql: PlainQuery,
    private readonly uow: UnitOfWork,
  ) {
    super();
  }

  async replace(caseId: string, pending: PendingSearches): Promise<void> {
    if (!this.uow.active) throw new Error("pending searches are handed over inside the transaction of the searches' write");
    await this.sql.rows(REPLACE, [caseId, pending.types, pending.tag], { prepared: true });
  }
}
