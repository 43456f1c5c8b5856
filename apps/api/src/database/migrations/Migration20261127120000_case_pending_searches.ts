import { Migration } from '@mikro-orm/migrations';

/**
 * The case's pending searches, filled in for the cases that have searches already: the same types and tag the
 * searches context hands over on every write (`SqlCaseSearchTallies`, `pendingSearchesOf`), so no case's ETag changes
 * when this runs. Types in the vocabulary's order (`SEARCH_TYPES`), each once; the tag is empty while a case has no
 * searches. Exported for the test that compares it with what the write path hands over.
 */
export const BACKFILL_CASE_PENDING_SEARCHES = `
  with tallies as (
    select case_id,
           'searches:' || count(*) || ':' || sum(version) || ':' || to_char(max(updated_at) at time zone 'UTC', 'YYYYMMDDHH24MISSMS') as tag
      from searches group by case_id
  ), open_types as (
    select case_id,
           array_agg(type order by array_position(
             array['bank_account', 'life_insurance', 'retirement', 'unclaimed_property', 'real_estate', 'vehicle', 'debt', 'business'], type)) as types
      from (select distinct case_id, type::text as type from searches where status in ('pending', 'in_progress')) open
     group by case_id
  )
  update cases
     set pending_searches = coalesce(open_types.types, '{}'), pending_searches_tag = tallies.tag
    from tallies left join open_types using (case_id)
   where cases.id = tallies.case_id`;

/**
 * Issue 17: the case context keeps what GET case shows of the case's searches on the case row (a projection the
 * searches context writes to through the port `CasePendingSearches`), instead of joining the searches table.
 */
export class Migration20261127120000_case_pending_searches extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table cases add column pending_searches text[] not null default '{}', add column pending_searches_tag text not null default ''`);
    this.addSql(BACKFILL_CASE_PENDING_SEARCHES);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table cases drop column pending_searches, drop column pending_searches_tag`);
  }
}
