import { Injectable } from '@nestjs/common';
import { PlainQuery } from '@estate/shared-kernel';
import { CaseSearchTallies, CaseSearchTally } from '../../application/ports/case-search-tallies.port';
import { OPEN_SEARCH_STATUSES, SearchType } from '../../domain/search-vocabulary';

/**
 * Over no searches, one row of nulls. The mark is the count, the sum of versions and the latest change: a new search
 * raises the count, a change raises a version. Migration 20261127120000 backfills the case rows with the same text.
 */
const TALLY = `select array_agg(distinct type) filter (where status = any($2::text[])) as open_types,
       count(*) || ':' || sum(version) || ':' || to_char(max(updated_at) at time zone 'UTC', 'YYYYMMDDHH24MISSMS') as change_mark
  from searches where case_id = $1`;

@Injectable()
export class SqlCaseSearchTallies extends CaseSearchTallies {
  constructor(private readonly sql: PlainQuery) {
    super();
  }

  async tallyOf(caseId: string): Promise<CaseSearchTally> {
    const [row] = await this.sql.rows<{ open_types: SearchType[] | null; change_mark: string | null }>(TALLY, [caseId, OPEN_SEARCH_STATUSES], { prepared: true });
    return { openTypes: row.open_types ?? [], changeMark: row.change_mark };
  }
}
