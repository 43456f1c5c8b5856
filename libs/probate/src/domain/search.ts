import type { CaseRecord } from '@estate/shared-kernel/domain';
import { ValidationFailedError } from '@estate/shared-kernel/domain';
import { SEARCH_STATUSES, SearchStatus, SearchType } from './probate-vocabulary';

/** Position of each status: a search moves only forward, and may skip (contract §3.2 "Searches"). */
const RANK: Readonly<Record<SearchStatus, number>> = { pending: 0, in_progress: 1, completed: 2, failed: 2 };

/**
 * An asset or background search. Searches are never deleted (specification audit rule 2); their status only moves
 * forward — `pending` → `in_progress` → `completed` | `failed` — and reaching `completed` stamps `completed_at`.
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

  static start(id: string, caseId: string, body: { type: SearchType; status?: SearchStatus | null; results_summary?: string | null }, now: Date): Search {
    const search = new Search();
    Object.assign(search, { id, caseId, createdAt: now, updatedAt: now, type: body.type, status: 'pending', completedAt: null, resultsSummary: body.results_summary ?? null });
    if (body.status) search.advance(body.status, now);
    search.updatedAt = now;
    return search;
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
  }
}
