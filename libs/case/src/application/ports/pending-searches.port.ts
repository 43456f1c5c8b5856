/**
 * What `GET /v1/cases/{case_id}` shows of the case's searches: `pending_searches`, and a tag that changes whenever any
 * of the case's searches changes, so that the case's ETag changes with them. The searches context computes both; the
 * case context keeps them beside the case row (a projection: `cases.pending_searches`, `cases.pending_searches_tag`), so
 * GET case reads the case row alone in one statement (issue 7) and only data crosses between the contexts (issue 17).
 */
export interface PendingSearches {
  /** Search types, each once, in the order the case shows them. */
  types: string[];
  /** Empty while the case has no searches at all. */
  tag: string;
}

export const NO_PENDING_SEARCHES: PendingSearches = { types: [], tag: '' };

/**
 * Where the searches context hands the case its pending searches: inside the transaction of every write of the case's
 * searches, after the write is flushed, with the case row held (writes to one case's searches then hand over one at a
 * time, each after the one before it has committed, so the last hands over what all of them left).
 */
export abstract class CasePendingSearches {
  abstract replace(caseId: string, pending: PendingSearches): Promise<void>;
}
