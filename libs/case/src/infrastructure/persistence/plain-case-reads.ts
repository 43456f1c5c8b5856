import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Condition, ListPage, ListQuery, listRows, recordColumns, selectRows, TotalExpression } from '@estate/shared-kernel';
import { CaseReach, CaseReads, LiveCase } from '../../application/ports/case-reads.port';
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

function reachCondition({ organizationId, member, shared }: CaseReach): Condition {
  const reach: Condition[] = [];
  if (member) reach.push({ organizationId });
  if (shared.length > 0) reach.push({ id: { $in: [...shared] }, organizationId: { $ne: organizationId } });
  return { $or: reach, deletedAt: null };
}

/**
 * The number of live cases `reach` covers without counting the organization's rows: a firm's case list is its
 * dashboard, and `count(*)` over tens of thousands of index entries on every load was most of its cost (issue 39).
 * The database keeps each organization's live cases in `organization_case_counts` (triggers on `cases`, written in the
 * transaction of the change, so the number is exact in the page's snapshot); the few shared cases are counted by id.
 */
function countOf({ organizationId, member, shared }: CaseReach): TotalExpression {
  return (parameter) => {
    const terms: string[] = [];
    if (member && organizationId !== null) {
      terms.push(`coalesce((select "live_cases" from "organization_case_counts" where "organization_id" = ${parameter(organizationId)}), 0)`);
    }
    if (shared.length > 0) {
      const otherOrganization = organizationId === null ? '"organization_id" is not null' : `"organization_id" <> ${parameter(organizationId)}`;
      terms.push(`(select count(*) from "cases" where "id" = any(${parameter([...shared])}) and ${otherOrganization} and "deleted_at" is null)`);
    }
    return terms.length > 0 ? terms.join(' + ') : '0';
  };
}

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

  async page(reach: CaseReach, query: ListQuery): Promise<ListPage<LiveCase>> {
    const columns = recordColumns(this.em, EstateCaseSchema);
    const page = await listRows(this.em, columns, [reachCondition(reach)], query, undefined, query.filters.length === 0 ? countOf(reach) : undefined);
    return { rows: page.rows.map((row) => ({ estateCase: columns.fieldsOf(row), pendingSearches: pendingSearchesOf(row) })), meta: page.meta };
  }

  async pendingSearchesOf(caseIds: readonly string[]): Promise<(caseId: string) => PendingSearches> {
    if (caseIds.length === 0) return () => NO_PENDING_SEARCHES;
    const { rows } = await selectRows(this.em, EstateCaseSchema, [{ id: [...caseIds] }]);
    const found = new Map(rows.map((row) => [row.id as string, pendingSearchesOf(row)]));
    return (caseId) => found.get(caseId) ?? NO_PENDING_SEARCHES;
  }
}
