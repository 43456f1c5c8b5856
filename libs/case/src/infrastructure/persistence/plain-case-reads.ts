import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { selectRows } from '@estate/shared-kernel';
import { CaseReads, LiveCase } from '../../application/ports/case-reads.port';
import { NO_PENDING_SEARCHES, PendingSearches } from '../../application/ports/pending-searches.port';
import { EstateCaseSchema } from './case.schemas';

/** The pending searches' projection, kept on the case row beside the case's own columns (written by the searches' use cases). */
interface PendingSearchesColumns {
  pending_searches: string[];
  pending_searches_tag: string;
}

const pendingSearchesOf = (row: Record<string, unknown>): PendingSearches => {
  const columns = row as unknown as PendingSearchesColumns;
  return { types: columns.pending_searches, tag: columns.pending_searches_tag };
};

/**
 * The live case row by primary key, with the pending searches kept on it, through the kernel's statement of the case
 * table (one prepared statement on the caller's connection), its columns read into the case's fields by the column map
 * (no entity: the response is made from them).
 */
@Injectable()
export class PlainCaseReads extends CaseReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async live(caseId: string): Promise<LiveCase | undefined> {
    const { rows, columns } = await selectRows(this.em, EstateCaseSchema, [{ id: caseId, deletedAt: null }]);
    if (rows.length === 0) return undefined;
    return { estateCase: columns.fieldsOf(rows[0]), pendingSearches: pendingSearchesOf(rows[0]) };
  }

  async pendingSearchesOf(caseIds: readonly string[]): Promise<(caseId: string) => PendingSearches> {
    if (caseIds.length === 0) return () => NO_PENDING_SEARCHES;
    const { rows } = await selectRows(this.em, EstateCaseSchema, [{ id: [...caseIds] }]);
    const found = new Map(rows.map((row) => [row.id as string, pendingSearchesOf(row)]));
    return (caseId) => found.get(caseId) ?? NO_PENDING_SEARCHES;
  }
}
