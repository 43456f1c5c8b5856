import { Migration } from '@mikro-orm/migrations';

/**
 * Private calendar addresses of a case's deadlines (issue 20): one row per address, deleted when revoked. The address
 * is served only while its case is not deleted; a case's hard deletion takes its addresses along.
 */
export class Migration20261127130000_deadline_feed_links extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table deadline_feed_links (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id) on delete cascade,
        created_at timestamptz(3) not null
      )`);
    this.addSql(`create index deadline_feed_links_case_created_idx on deadline_feed_links (case_id, created_at, id)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table deadline_feed_links`);
  }
}
