import type { CaseRecord } from '@estate/shared-kernel/domain';
import { nextProviderTry, ValidationFailedError } from '@estate/shared-kernel/domain';
import { SEARCH_STATUSES, SearchStatus, SearchType } from './search-vocabulary';
import type { SearchParameters } from './search-parameters';

/** Position of each status: a search moves only forward, and may skip (contract §3.2 "Searches"). */
const RANK: Readonly<Record<SearchStatus, number>> = { pending: 0, in_progress: 1, completed: 2, failed: 2 };

/** What the search provider answers once it has run a search (contract-extensions §15.2). */
export interface SearchOutcome {
  status: 'completed' | 'failed';
  resultsSummary: string;
}

/** `results_summary` of a search whose provider could not be reached (contract-extensions §11.4). */
export const PROVIDER_UNAVAILABLE_SUMMARY = 'provider_unavailable: the search provider could not be reached';

/**
 * An asset or background search. Searches are never deleted (specification audit rule 2); their status only moves
 * forward — `pending` → `in_progress` → `completed` | `failed` — and reaching `completed` stamps `completed_at`. A
 * search someone ran is recorded (`POST …/searches`); one the service runs (`…/searches/initiate`, §15.2) keeps its
 * parameters and is advanced by the search provider's steps. It names every field of its declaration: `start` and
 * `initiate` write each, and the provider's steps the outcome.
 */
export class Search implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  type: SearchType;
  status: SearchStatus;
  completedAt: Date | null;
  resultsSummary: string | null;
  /** What an initiated search looks for (null on a recorded one); its `business_ein` is kept apart, encrypted. */
  parameters: SearchParameters | null;
  /** In full in memory, encrypted at rest, masked wherever it is shown (contract-extensions §10.0). */
  businessEin: string | null;
  /** The provider's reference of an initiated search, once it took it. */
  providerReference: string | null;
  /** When the search processor should ask the provider next; null for a recorded search and once final. */
  nextCheckAt: Date | null;
  /** Failed provider calls in a row (after 5 the search fails with `provider_unavailable`). */
  providerAttempts: number;

  static start(id: string, caseId: string, body: { type: SearchType; status?: SearchStatus | null; results_summary?: string | null }, now: Date): Search {
    const search = new Search();
    Object.assign(search, { id, caseId, createdAt: now, updatedAt: now, type: body.type, status: 'pending', completedAt: null, resultsSummary: body.results_summary ?? null });
    Object.assign(search, { parameters: null, businessEin: null, providerReference: null, nextCheckAt: null, providerAttempts: 0 });
    if (body.status) search.advance(body.status, now);
    search.updatedAt = now;
    return search;
  }

  /** §15.2: a search the service runs, `pending` until the provider takes it; its first step is due at once. */
  static initiate(id: string, caseId: string, type: SearchType, parameters: SearchParameters, businessEin: string | null, now: Date): Search {
    const search = Search.start(id, caseId, { type }, now);
    Object.assign(search, { parameters, businessEin, nextCheckAt: now });
    return search;
  }

  /** The provider took the search: `in_progress`, its outcome asked for next. */
  recordStarted(reference: string, now: Date): void {
    this.advance('in_progress', now);
    this.providerReference = reference;
    this.providerAttempts = 0;
    this.updatedAt = now;
  }

  /** The provider ran it: `completed` (stamping `completed_at`) or `failed`, with what it found or why not. */
  recordOutcome(outcome: SearchOutcome, now: Date): void {
    this.advance(outcome.status, now);
    this.resultsSummary = outcome.resultsSummary;
    this.updatedAt = now;
  }

  /** A provider call failed: try again after 1, 2, 4, 8 s; the fifth failure fails the search (§11.4). */
  recordProviderUnavailable(now: Date): void {
    this.providerAttempts += 1;
    const next = nextProviderTry(this.providerAttempts, now);
    if (next === null) this.recordOutcome({ status: 'failed', resultsSummary: PROVIDER_UNAVAILABLE_SUMMARY }, now);
    else this.nextCheckAt = next;
  }

  /** `#10`: the results summary and a forward move. Returns whether anything changed. */
  revise(changes: { results_summary?: string | null; status?: SearchStatus | null }, now: Date): boolean {
    const before = JSON.stringify([this.status, this.resultsSummary]);
    if (changes.status === null) throw new ValidationFailedError([{ field: 'status', message: 'status cannot be null', reason: 'required' }]);
    if (changes.results_summary !== undefined) this.resultsSummary = changes.results_summary;
    if (changes.status !== undefined) this.advance(changes.status, now);
    const changed = JSON.stringify([this.status, this.resultsSummary]) !== before;
    if (changed) this.updatedAt = now;
    return changed;
  }

  private advance(next: SearchStatus, now: Date): void {
    if (next === this.status) return;
    if (RANK[next] <= RANK[this.status]) {
      const forward = SEARCH_STATUSES.filter((status) => RANK[status] > RANK[this.status]);
      throw new ValidationFailedError([
        { field: 'status', message: `a ${this.status} search moves only forward${forward.length ? `: to ${forward.join(' or ')}` : '; it is final'}`, reason: 'rule' },
      ]);
    }
    this.status = next;
    if (next === 'completed') this.completedAt = now;
    // A final search asks the provider nothing more; one just taken is asked for its outcome next.
    if (this.nextCheckAt !== null) this.nextCheckAt = RANK[next] === 2 ? null : now;
  }
}
