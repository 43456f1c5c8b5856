import { Migration } from '@mikro-orm/migrations';

/**
 * Contract §14: the events table is the outbox. An event row is inserted in the transaction of the change it tells;
 * webhook deliveries (their own table) point at it. Listed newest first per organization and per case.
 */
export class Migration20261123150000_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table events (
      id varchar(26) primary key,
      organization_id varchar(26) not null,
      case_id varchar(26) null,
      type varchar(80) not null,
      created_at timestamptz not null,
      data jsonb not null
    )`);
    this.addSql(`create index events_organization_created_idx on events (organization_id, created_at desc, id desc)`);
    this.addSql(`create index events_case_created_idx on events (case_id, created_at desc, id desc) where case_id is not null`);
    this.addSql(`create index events_created_idx on events (created_at)`);
    // Scheduled events (deadline.reminder, deadline.overdue) are sent once each: the key makes a second insert a no-op.
    this.addSql(`alter table events add column once_key varchar(120) null`);
    this.addSql(`create unique index events_once_key_idx on events (once_key) where once_key is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists events`);
  }
}
