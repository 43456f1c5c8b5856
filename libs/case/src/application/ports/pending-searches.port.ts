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

  /**
   * The same facts for one case as SQL joined to the case's own read, so `GET /v1/cases/{case_id}` is one round trip
   * (issue 7): a `left join lateral` over the case row aliased `caseAlias`, naming the columns `pending_types` and
   * `pending_tag` (both null when the case has no searches).
   */
  abstract joinedToCase(caseAlias: string): string;

  /** What those two columns say, as `forCases` would have said it. */
  abstract fromJoinedColumns(types: string[] | null, tag: string | null): PendingSearches;
}

/** The columns of the case read's join. */
export interface PendingSearchesJoin {
  sql: string;
  read(types: string[] | null, tag: string | null): PendingSearches;
}

const NONE: PendingSearches = { types: [], tag: '' };

/** Where the searches context binds its source when it starts. */
export abstract class PendingSearchesPort {
  abstract bind(source: PendingSearchesSource): void;
}

/** The case context's side: until a searches context binds a source, a case has no pending searches. */
export class BoundPendingSearches extends PendingSearchesPort {
  private source?: PendingSearchesSource;

  bind(source: PendingSearchesSource): void {
    this.source = source;
  }

  /** Undefined until a source is bound: the case is then read alone and has no pending searches. */
  joinedToCase(caseAlias: string): PendingSearchesJoin | undefined {
    const source = this.source;
    if (!source) return undefined;
    return { sql: source.joinedToCase(caseAlias), read: (types, tag) => (tag === null ? NONE : source.fromJoinedColumns(types, tag)) };
  }

  async forCases(caseIds: readonly string[]): Promise<(id: string) => PendingSearches> {
    if (!this.source || caseIds.length === 0) return () => NONE;
    const found = await this.source.forCases(caseIds);
    return (id) => found.get(id) ?? NONE;
  }
}
