import type { CaseFields } from '../case-reading';
import type { PendingSearches } from './pending-searches.port';

/** A live case as `GET /v1/cases/{case_id}` shows it: the row and what the searches context says is pending. */
export interface LiveCase {
  estateCase: CaseFields;
  pendingSearches: PendingSearches;
}

/**
 * The read of one live case for `GET /v1/cases/{case_id}` (issue 7): the hottest route, read outside the unit of work
 * in one plain statement, the case row and its pending searches together. Writes load the case through the unit of
 * work instead.
 */
export abstract class CaseReads {
  abstract live(caseId: string): Promise<LiveCase | undefined>;
}
