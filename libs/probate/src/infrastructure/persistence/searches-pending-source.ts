import { Injectable } from '@nestjs/common';
import { PlainQuery } from '@estate/shared-kernel';
import type { PendingSearches, PendingSearchesSource } from '@estate/case';
import { SEARCH_TYPES } from '../../domain/probate-vocabulary';

interface TagRow {
  case_id: string;
  types: string[] | null;
  tag: string;
}

const pendingColumns = (types: string, tag: string) => `array_agg(distinct type) filter (where status in ('pending', 'in_progress')) as ${types},
       count(*) || ':' || sum(version) || ':' || to_char(max(updated_at) at time zone 'UTC', 'YYYYMMDDHH24MISSMS') as ${tag}`;

const order = (type: string) => SEARCH_TYPES.indexOf(type as (typeof SEARCH_TYPES)[number]);

const PENDING_BY_CASE = `select case_id, ${pendingColumns('types', 'tag')}
  from searches
 where case_id = any($1::text[])
 group by case_id`;

/**
 * The case's `pending_searches` for the case context's port: the types of its searches that are `pending` or
 * `in_progress`, in the vocabulary's order, and a tag (count, sum of versions, latest change) that changes whenever
 * any of the case's searches is created or changed, so the case's ETag changes with them. One prepared statement per
 * page of cases (every `GET` of a case makes it, issue 7), on the connection the caller holds: inside a transaction,
 * its own, so a use case sees the searches it has written and not yet committed.
 */
@Injectable()
export class SearchesPendingSource implements PendingSearchesSource {
  constructor(private readonly plain: PlainQuery) {}

  async forCases(caseIds: readonly string[]): Promise<ReadonlyMap<string, PendingSearches>> {
    const ids = [...caseIds];
    const rows = await this.plain.rows<TagRow>(PENDING_BY_CASE, [ids], { prepared: true });
    return new Map(rows.map((row) => [row.case_id, this.fromJoinedColumns(row.types, row.tag)]));
  }

  /** The same aggregate over one case's searches; over none it is one row of nulls. */
  joinedToCase(caseAlias: string): string {
    return `left join lateral (select ${pendingColumns('pending_types', 'pending_tag')}
  from searches where searches.case_id = ${caseAlias}.id) pending_searches on true`;
  }

  fromJoinedColumns(types: string[] | null, tag: string): PendingSearches {
    return { types: [...(types ?? [])].sort((a, b) => order(a) - order(b)), tag: `searches:${tag}` };
  }
}
