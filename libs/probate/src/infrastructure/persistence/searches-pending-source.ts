import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PlainQuery, PlainReads, UnitOfWork } from '@estate/shared-kernel';
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

const pendingByCase = (caseIds: string) => `select case_id, ${pendingColumns('types', 'tag')}
  from searches
 where ${caseIds}
 group by case_id`;
/** The ORM inlines an array parameter as a list (`in ('a', 'b')`); the driver binds it as one array (`= any($1)`). */
const IN_TRANSACTION = pendingByCase('case_id in (?)');
const PLAIN = pendingByCase('case_id = any($1::text[])');
/** One case: the aggregate over none of its searches is one row of nulls. */
const ONE_CASE = `select ${pendingColumns('types', 'tag')} from searches where case_id = $1`;

const NONE: PendingSearches = { types: [], tag: '' };

/**
 * The case's `pending_searches` for the case context's port: the types of its searches that are `pending` or
 * `in_progress`, in the vocabulary's order, and a tag (count, sum of versions, latest change) that changes whenever
 * any of the case's searches is created or changed, so the case's ETag changes with them. One query per page of cases:
 * a prepared plain statement on a read, the unit of work's connection inside a transaction (so a use case sees its own
 * uncommitted searches); for `GET` of one case (issue 7), a prepared statement on the reads the case's own read hands
 * over, so both travel in one round trip.
 */
@Injectable()
export class SearchesPendingSource implements PendingSearchesSource {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly plain: PlainQuery,
  ) {}

  async forCases(caseIds: readonly string[]): Promise<ReadonlyMap<string, PendingSearches>> {
    const ids = [...caseIds];
    const rows = this.uow.active
      ? await this.em.execute<TagRow[]>(IN_TRANSACTION, [ids])
      : await this.plain.rows<TagRow>(PLAIN, [ids], { prepared: true });
    return new Map(rows.map((row) => [row.case_id, this.fromColumns(row.types, row.tag)]));
  }

  async forCase(caseId: string, reads: PlainReads): Promise<PendingSearches> {
    const [row] = await reads.rows<{ types: string[] | null; tag: string | null }>(ONE_CASE, [caseId], { prepared: true });
    return row?.tag == null ? NONE : this.fromColumns(row.types, row.tag);
  }

  private fromColumns(types: string[] | null, tag: string): PendingSearches {
    return { types: [...(types ?? [])].sort((a, b) => order(a) - order(b)), tag: `searches:${tag}` };
  }
}
