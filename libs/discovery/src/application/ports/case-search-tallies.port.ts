import type { SearchType } from '../../domain/search-vocabulary';

/** What a case's searches add up to, as far as the case's `pending_searches` and its ETag need it. */
export interface CaseSearchTally {
  /** The types of its searches whose status is open (`OPEN_SEARCH_STATUSES`), each once, in no particular order. */
  openTypes: SearchType[];
  /** Changes whenever any of its searches is created or changed; `null` while the case has none. */
  changeMark: string | null;
}

export abstract class CaseSearchTallies {
  /** On the caller's connection: inside a write, counting what the write has flushed. */
  abstract tallyOf(caseId: string): Promise<CaseSearchTally>;
}
