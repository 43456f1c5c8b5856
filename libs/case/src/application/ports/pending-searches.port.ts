/**
 * The case's `pending_searches` (search types `pending` or `in_progress`) and a tag that changes whenever they do, so
 * that the case's ETag changes with them. The case context owns the port; the searches context binds a source when it
 * starts (no cycle: probate depends on the case, never the other way round).
 */
export interface PendingSearches {
  types: string[];
  /** Changes whenever the case's searches change; part of the case's ETag. */
  tag: string;
}

export abstract class PendingSearchesSource {
  /** One round trip for a page of cases. */
  abstract forCases(caseIds: readonly string[]): Promise<ReadonlyMap<string, PendingSearches>>;
}

const NONE: PendingSearches = { types: [], tag: '' };

/** Where the case context asks; until a searches context binds a source, a case has no pending searches. */
export class PendingSearchesPort {
  private source?: PendingSearchesSource;

  bind(source: PendingSearchesSource): void {
    this.source = source;
  }

  async forCases(caseIds: readonly string[]): Promise<(id: string) => PendingSearches> {
    if (!this.source || caseIds.length === 0) return () => NONE;
    const found = await this.source.forCases(caseIds);
    return (id) => found.get(id) ?? NONE;
  }
}
