import type { ListPage, ListQuery } from '@estate/shared-kernel';
import type { CaseFields } from '../case-reading';
import type { PendingSearches } from './pending-searches.port';

/** A live case as `GET /v1/cases/{case_id}` shows it: the row and the pending searches kept with it. */
export interface LiveCase {
  estateCase: CaseFields;
  pendingSearches: PendingSearches;
}

/**
 * The live cases a caller reaches (contract-extensions §13.1): its organization's when `member`, and those of other
 * organizations shared with it (`shared`, case ids). A guest collaborator has no organization.
 */
export interface CaseReach {
  organizationId: string | null;
  member: boolean;
  shared: readonly string[];
}

/**
 * The read of one live case for `GET /v1/cases/{case_id}` (issue 7): the hottest route, read outside the unit of work
 * in one plain statement of the case row, which carries its pending searches. Writes load the case through the unit
 * of work instead, and read its pending searches with `pendingSearchesOf`.
 */
export abstract class CaseReads {
  abstract live(caseId: string): Promise<LiveCase | undefined>;

  /** A page of the live cases `reach` covers, each with its pending searches (they are on its row), in one statement. */
  abstract page(reach: CaseReach, query: ListQuery): Promise<ListPage<LiveCase>>;

  /** A page of cases' pending searches, in one statement on the caller's connection (a write sees what it handed over). */
  abstract pendingSearchesOf(caseIds: readonly string[]): Promise<(caseId: string) => PendingSearches>;
}
