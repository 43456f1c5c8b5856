/**
 * Whether cases live (exist and are not deleted), and the case lock, for the contexts whose records hang off a case
 * (issue 36): the `cases` table is the case context's, so no other context reads, joins or locks it; they ask here.
 * Every answer runs on the connection the caller holds (its transaction's when one is open).
 */
export abstract class LiveCases {
  /**
   * The organization that owns the case while it lives; null when there is no such live case. Answered from this
   * process's memory when it knows the case (the access guard's cache, dropped on deletion), so a hot path that already
   * passed the guard pays no round trip for it.
   */
  abstract ownerOf(caseId: string): Promise<string | null>;

  /** True while the case exists and is not deleted (the same memory as `ownerOf`). */
  abstract isLive(caseId: string): Promise<boolean>;

  /** The live cases among `caseIds`, in one statement at most, whatever their number (a scan's filter, not a query per row). */
  abstract liveAmong(caseIds: readonly string[]): Promise<ReadonlySet<string>>;

  /**
   * Holds the case row until the running transaction ends: the service's one lock order is the case row, then the
   * case's records. False when the case no longer lives. Only inside a transaction.
   */
  abstract holdForWrite(caseId: string): Promise<boolean>;
}
