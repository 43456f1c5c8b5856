import type { PlainReads } from '@estate/shared-kernel';

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

/** What the searches context answers: data only; its SQL stays in its own adapter. */
export abstract class PendingSearchesSource {
  /** One round trip for a page of cases (in the caller's transaction when one is open); a case without searches may be absent. */
  abstract forCases(caseIds: readonly string[]): Promise<ReadonlyMap<string, PendingSearches>>;

  /**
   * One case's, read on `reads`: `GET /v1/cases/{case_id}` hands the pipeline its own statement travels in, so the
   * case and its pending searches still cost one round trip (issue 7), each context running its own statement.
   */
  abstract forCase(caseId: string, reads: PlainReads): Promise<PendingSearches>;
}

/** Where the searches context binds its source when it starts. */
export abstract class PendingSearchesPort {
  abstract bind(source: PendingSearchesSource): void;
}

const NONE: PendingSearches = { types: [], tag: '' };

/** The case context's side: until a searches context binds a source, a case has no pending searches. */
export class BoundPendingSearches extends PendingSearchesPort {
  private source?: PendingSearchesSource;

  bind(source: PendingSearchesSource): void {
    this.source = source;
  }

  /** Read on `reads` with the case's own statement; none until a source is bound. */
  forCase(caseId: string, reads: PlainReads): Promise<PendingSearches> {
    return this.source ? this.source.forCase(caseId, reads) : Promise.resolve(NONE);
  }

  async forCases(caseIds: readonly string[]): Promise<(id: string) => PendingSearches> {
    if (!this.source || caseIds.length === 0) return () => NONE;
    const found = await this.source.forCases(caseIds);
    return (id) => found.get(id) ?? NONE;
  }
}
