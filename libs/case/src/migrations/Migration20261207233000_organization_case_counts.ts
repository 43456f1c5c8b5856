import { Migration } from '@mikro-orm/migrations';

/**
 * Each organization's number of live cases, kept by the database (issue 39): the total of an unfiltered case list in
 * page mode reads it instead of counting the organization's rows on every request. Triggers on `cases` write it in the
 * transaction of the change — rows inserted, deleted, or a `deleted_at` set or cleared — so the count is exact in any
 * snapshot. Statement-level triggers see a bulk insert or delete as one change per organization; the per-row update
 * trigger fires only when `deleted_at` changes. Organizations are taken in id order, so two statements that touch the
 * same organizations lock their counters in the same order.
 */
export class Migration20261207233000_organization_case_counts extends Migration {

  override name = 'Migration20261207233000_organization_case_counts';

  override up(): void | Promise<void> {
    this.addSql(`create table "organization_case_counts" ("organization_id" varchar(26) primary key, "live_cases" bigint not null check ("live_cases" >= 0));`);
    this.addSql(`insert into "organization_case_counts" ("organization_id", "live_cases") select "organization_id", count(*) from "cases" where "deleted_at" is null and "organization_id" is not null group by "organization_id";`);
    this.addSql(`create function "count_live_cases"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into "organization_case_counts" as "counts" ("organization_id", "live_cases")
      select "organization_id", count(*) from "added_cases" where "deleted_at" is null and "organization_id" is not null
      group by "organization_id" order by "organization_id"
      on conflict ("organization_id") do update set "live_cases" = "counts"."live_cases" + excluded."live_cases";
  elsif tg_op = 'DELETE' then
    update "organization_case_counts" as "counts" set "live_cases" = "counts"."live_cases" - "gone"."live_cases"
      from (select "organization_id", count(*) as "live_cases" from "removed_cases" where "deleted_at" is null group by "organization_id") as "gone"
      where "counts"."organization_id" = "gone"."organization_id";
  elsif new."organization_id" is not null then
    insert into "organization_case_counts" as "counts" ("organization_id", "live_cases")
      values (new."organization_id", case when new."deleted_at" is null then 1 else 0 end)
      on conflict ("organization_id") do update set "live_cases" = "counts"."live_cases" + case when new."deleted_at" is null then 1 else -1 end;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger "cases_count_inserted" after insert on "cases" referencing new table as "added_cases" for each statement execute function "count_live_cases"();`);
    this.addSql(`create trigger "cases_count_deleted" after delete on "cases" referencing old table as "removed_cases" for each statement execute function "count_live_cases"();`);
    this.addSql(`create trigger "cases_count_deleted_at" after update of "deleted_at" on "cases" for each row when (old."deleted_at" is distinct from new."deleted_at") execute function "count_live_cases"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "cases_count_deleted_at" on "cases";`);
    this.addSql(`drop trigger "cases_count_deleted" on "cases";`);
    this.addSql(`drop trigger "cases_count_inserted" on "cases";`);
    this.addSql(`drop function "count_live_cases"();`);
    this.addSql(`drop table "organization_case_counts";`);
  }

}
