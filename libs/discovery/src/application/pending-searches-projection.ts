import { Injectable } from '@nestjs/common';
import { CasePendingSearches, PendingSearches } from '@estate/case';
import { UnitOfWork } from '@estate/shared-kernel';
import { SEARCH_TYPES } from '../domain/search-vocabulary';
import { CaseSearchTallies, CaseSearchTally } from './ports/case-search-tallies.port';

const order = (type: string) => SEARCH_TYPES.indexOf(type as (typeof SEARCH_TYPES)[number]);

/** The case's `pending_searches` in the vocabulary's order, and the part of its ETag its searches give. */
export function pendingSearchesOf(tally: CaseSearchTally): PendingSearches {
  return {
    types: [...tally.openTypes].sort((a, b) => order(a) - order(b)),
    tag: tally.changeMark === null ? '' : `searches:${tally.changeMark}`,
  };
}

/**
 * Keeps the case context's projection of the case's searches (`pending_searches` and the tag in the case's ETag) in
 * step with them: every write of a search runs through `keptAfter`, which hands the case the result as data in the
 * write's own transaction (issue 17: data, not SQL text, crosses a port; GET case reads its own row only).
 */
@Injectable()
export class PendingSearchesProjection {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tallies: CaseSearchTallies,
    private readonly cases: CasePendingSearches,
  ) {}

  /**
   * The write, then the hand-over, in one transaction that holds the case row first. Two writes to one case's
   * searches therefore run one after the other, and the second counts its searches only once the first has
   * committed (each statement of a read-committed transaction sees what was committed before it began): the last
   * hand-over always counts every search.
   */
  keptAfter<T>(caseId: string, write: () => Promise<T>): Promise<T> {
    return this.uow.run(
      async () => {
        const written = await write();
        await this.handOver(caseId);
        return written;
      },
      { caseId },
    );
  }

  /**
   * The hand-over alone, in the caller's transaction, which already holds the case row and has flushed the searches'
   * change (the search processor's step: contract-extensions §15.2).
   */
  async handOver(caseId: string): Promise<void> {
    await this.cases.replace(caseId, pendingSearchesOf(await this.tallies.tallyOf(caseId)));
  }
}
