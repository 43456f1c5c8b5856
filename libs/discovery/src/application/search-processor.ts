import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseIdentitySubjects } from '@estate/case';
import { CaseResource, InjectResource, ProviderProcessor, ProviderProcessorSteps, ProviderSteps } from '@estate/shared-kernel';
import type { Search } from '../domain/search';
import { PendingSearchesProjection } from './pending-searches-projection';
import { SearchProvider, SearchRequest } from './ports/search-provider.port';

export const SEARCH_STEP_QUEUE = 'search-step';

/**
 * Runs initiated searches through the search provider in the background (contract-extensions §11.4, §15.2), one job
 * of the `search-step` queue per step (the kernel's `ProviderSteps`): `start` a pending search (→ `in_progress`), then
 * ask for its `outcome` until the provider has one (→ `completed` with `completed_at` and `results_summary`, or
 * `failed`). A provider that cannot be reached is retried after 1, 2, 4 and 8 s, then the search fails with
 * `provider_unavailable`. Each move is handed to the case's `pending_searches` in the step's transaction, which holds
 * the case row first (the service's lock order). The deceased's facts are read at each step, never stored here, and
 * nothing of them is logged.
 */
@Injectable()
export class SearchProcessor extends ProviderProcessor<Search> {
  constructor(
    @InjectResource('search') private readonly resource: CaseResource<Search>,
    private readonly provider: SearchProvider,
    providerSteps: ProviderSteps,
    private readonly subjects: CaseIdentitySubjects,
    private readonly pending: PendingSearchesProjection,
    private readonly em: EntityManager,
  ) {
    super(providerSteps);
  }

  protected describeSteps(): ProviderProcessorSteps<Search> {
    return { queue: SEARCH_STEP_QUEUE, resource: this.resource, actor: 'search_processor', firstStatus: 'pending', holdsCase: true, logAs: { provider: 'search', id: 'search_id' } };
  }

  /** One provider call; false when the provider had nothing new to report. */
  protected async advance(search: Search, now: Date): Promise<boolean> {
    const request = await this.requestOf(search);
    const moved = await this.callProvider(
      search,
      async () => {
        if (search.status === 'pending') {
          const started = await this.provider.start(request);
          search.recordStarted(started.reference, now);
          return true;
        }
        const outcome = await this.provider.outcome({ ...request, reference: search.providerReference ?? '' });
        if (!outcome) return false;
        search.recordOutcome(outcome, now);
        return true;
      },
      () => search.recordProviderUnavailable(now),
    );
    if (moved === false) return false;
    // The case's pending_searches count what is stored: the move is written first (in the step's transaction).
    await this.em.flush();
    await this.pending.handOver(search.caseId);
    return true;
  }

  private async requestOf(search: Search): Promise<SearchRequest> {
    const deceased = await this.subjects.deceasedOf(search.caseId);
    return {
      searchId: search.id,
      type: search.type,
      parameters: search.parameters ?? { states: [], name_variants: [], business_id: null, business_name: null },
      businessEin: search.businessEin,
      deceased: deceased && { firstName: deceased.firstName, lastName: deceased.lastName, dateOfDeath: deceased.dateOfDeath, ssn: deceased.ssn },
    };
  }
}
