import { Migration } from '@mikro-orm/migrations';

/**
 * Settled court accountings (contract-extensions §16.7): numbered per case, each with the JSON document it was settled
 * with, its summary (so lists read no document) and what it counted (the flows and the carried records that no later
 * account counts again, §16.4), and a view of the columns a list reads. A settled accounting never changes: a trigger refuses every `UPDATE`. Rows are
 * inserted, and deleted — the latest only, which the use case enforces — or with their case.
 */
export class Migration20261201170000_accountings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table accountings (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        sequence integer not null check (sequence > 0),
        from_date date not null,
        to_date date not null check (to_date >= from_date),
        is_final boolean not null,
        scheme varchar(2) not null check (scheme in ('ca', 'ny')),
        summary json not null,
        document json not null,
        counted json not null,
        created_at timestamptz(3) not null,
        created_by varchar(26) not null,
        constraint accountings_sequence_per_case unique (case_id, sequence)
      )`);
    this.addSql(`create index accountings_by_case_created on accountings (case_id, created_at, id)`);
    this.addSql(`
      create function accountings_refuse_update() returns trigger language plpgsql as $$
      begin
        raise exception 'a settled accounting never changes (accounting %, sequence %)', old.id, old.sequence
          using errcode = 'restrict_violation';
      end $$`);
    this.addSql(`create trigger accountings_are_immutable before update on accountings for each row execute function accountings_refuse_update()`);
    // What a list reads: every column but the document and what it counted.
    this.addSql(`
      create view accounting_summaries as
        select id, case_id, sequence, from_date, to_date, is_final, scheme, summary, created_at, created_by from accountings`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop view accounting_summaries`);
    this.addSql(`drop table accountings`);
    this.addSql(`drop function accountings_refuse_update()`);
  }
}
