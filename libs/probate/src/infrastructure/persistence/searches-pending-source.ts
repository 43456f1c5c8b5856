import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PendingSearches, PendingSearchesSource } from '@estate/case';
import { SEARCH_TYPES } from '../../domain/probate-vocabulary';

/**
 * The case's `pending_searches` for the case context's port: the types of its searches that are `pending` or
 * `in_progress`, in the vocabulary's order, and a tag (count, sum of versions, latest change) that changes whenever
 * any of the case's searches is created or changed, so the case's ETag changes with them. One query per page of cases.
 */
@Injectable()
export class SearchesPendingSource implements PendingSearchesSource {
  constructor(private readonly em: EntityManager) {}

  async forCases(caseIds: readonly string[]): Promise<ReadonlyMap<string, PendingSearches>> {
    const rows = await this.em.execute<Array<{ case_id: string; types: string[] | null; tag: string }>>(
      `select case_id,
              array_agg(distinct type) filter (where status in ('pending', 'in_progress')) as types,
              count(*) || ':' || sum(version) || ':' || to_char(max(updated_at) at time zone 'UTC', 'YYYYMMDDHH24MISSMS') as tag
         from searches
        where case_id in (?)
        group by case_id`,
      [[...caseIds]],
    );
    const order = (type: string) => SEARCH_TYPES.indexOf(type as (typeof SEARCH_TYPES)[number]);
    return new Map(rows.map((row) => [row.case_id, { types: [...(row.types ?? [])].sort((a, b) => order(a) - order(b)), tag: `searches:${row.tag}` }]));
  }
}
