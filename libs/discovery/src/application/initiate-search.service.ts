import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { CaseBusinesses } from '@estate/assets';
import { CaseIdentitySubjects } from '@estate/case';
import { AggregateWrites, CaseResource, ConflictError, ErrorDetail, InjectResource, SingleResource, ValidationFailedError } from '@estate/shared-kernel';
import { BUSINESS_SEARCH_TYPE, OPEN_SEARCH_STATUSES, SearchType } from '../domain/search-vocabulary';
import { Search } from '../domain/search';
import { personSearchProblems, SearchedBusiness, SearchedPerson, searchParameterProblems, searchParametersOf, SearchParametersInput } from '../domain/search-parameters';
import { PendingSearchesProjection } from './pending-searches-projection';
import { SearchProcessor } from './search-processor';

export interface InitiateSearchBody {
  type: SearchType;
  parameters?: SearchParametersInput | null;
}

/**
 * `POST …/searches/initiate` (contract-extensions §15.2): stores the search `pending` with its parameters and
 * schedules the provider's first step in the same transaction; nothing is asked of the provider here. Refused with
 * `422` when the parameters break a rule, a person search lacks the deceased's names or date of death, or
 * `business_id` names no business of the case; with `409 search_in_progress` while a search of the same type is
 * `pending` or `in_progress`. The case row is held first, so of two such requests racing, the second sees the first.
 */
@Injectable()
export class InitiateSearch {
  constructor(
    @InjectResource('search') private readonly searches: CaseResource<Search>,
    private readonly writes: AggregateWrites,
    private readonly pending: PendingSearchesProjection,
    private readonly subjects: CaseIdentitySubjects,
    private readonly businesses: CaseBusinesses,
    private readonly processor: SearchProcessor,
  ) {}

  execute(scope: { caseId: string }, body: InitiateSearchBody): Promise<SingleResource> {
    return this.pending.keptAfter(scope.caseId, () =>
      this.writes.add(this.searches, scope, async (clock, em) => {
        const problems: ErrorDetail[] = searchParameterProblems(body.type, body.parameters);
        const deceased = await this.subjects.deceasedOf(scope.caseId);
        const person: SearchedPerson | null = deceased && {
          firstName: deceased.firstName,
          lastName: deceased.lastName,
          dateOfDeath: deceased.dateOfDeath,
          state: deceased.address?.state ?? null,
        };
        problems.push(...personSearchProblems(body.type, person));
        const business = await this.businessOf(scope.caseId, body, problems);
        if (problems.length > 0) throw new ValidationFailedError(problems);
        const underWay = await em.count(this.searches.schema, { caseId: scope.caseId, type: body.type, status: { $in: [...OPEN_SEARCH_STATUSES] } } as never);
        if (underWay > 0) {
          throw new ConflictError('search_in_progress', `The case already has a search of type ${body.type} pending or in progress; wait for it to end.`, [
            { field: 'type', message: `a search of type ${body.type} is pending or in_progress`, reason: 'conflict' },
          ]);
        }
        const now = clock.now();
        const ein = business ? business.ein : (body.parameters?.business_ein ?? null);
        const search = Search.initiate(ulid(), scope.caseId, body.type, searchParametersOf(body.parameters, person, business), ein, now);
        await this.processor.scheduleFirst(search, now);
        return search;
      }),
    );
  }

  /** The business `business_id` names (a §12.6 business of the case), or a `422` detail when it names none. */
  private async businessOf(caseId: string, body: InitiateSearchBody, problems: ErrorDetail[]): Promise<SearchedBusiness | null> {
    const id = body.parameters?.business_id;
    if (body.type !== BUSINESS_SEARCH_TYPE || typeof id !== 'string') return null;
    const business = await this.businesses.ofCase(caseId, id);
    if (!business) problems.push({ field: 'parameters.business_id', message: 'business_id must name a business of this case', reason: 'rule' });
    return business;
  }
}
