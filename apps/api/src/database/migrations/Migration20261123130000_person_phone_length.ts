import { Migration } from '@mikro-orm/migrations';

/** The column said 200 while the API accepts phone numbers of at most 40 characters: one limit, the API's. */
export class Migration20261123130000_person_phone_length extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table persons alter column phone type varchar(40)`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table persons alter column phone type varchar(200)`);
  }
}
