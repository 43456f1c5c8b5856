import type { CaseFields } from '../case-reading';
import type { PendingSearches } from './pending-searches.port';

/** A live case as `GET /v1/cases/{case_id}` shows it: the row and the pending searches kept with it. */
export interface LiveCase {
  estateCase: CaseFields;
  pendingSearches: PendingSearches;
}

/**
 * The read of one live case for `GET /v1/cases/{case_id}` (issue 7): the hottest route, read outside the unit of work
 * in one plain statement of the case row, which carries its pending searches. Writes load the case through the unit
 * of work instead, and read its pending searches with `pendingSearchesOf`.
 */
export abstract class CaseReads {
  abstract live(caseId: string): Promise<LiveCase | undefined>;

  /** A page of cases' pending searches, in one statement on the caller's connection (a write sees what it handed over). */
  abstract pendingSearchesOf(caseIds: readonly string[]): Promise<(caseId: string) => PendingSearches>;
}
