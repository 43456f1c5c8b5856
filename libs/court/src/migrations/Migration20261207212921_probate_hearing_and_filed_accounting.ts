import { Migration } from '@mikro-orm/migrations';

export class Migration20261207212921_probate_hearing_and_filed_accounting extends Migration {

  override name = 'Migration20261207212921_probate_hearing_and_filed_accounting';

  override up(): void | Promise<void> {
    this.addSql(`alter table "probate_filings" add "accounting_id" varchar(26) null;`);

    this.addSql(`alter table "probate_cases" add "hearing_time" varchar(5) null, add "hearing_department" varchar(20) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "probate_cases" drop column "hearing_time", drop column "hearing_department";`);

    this.addSql(`alter table "probate_filings" drop column "accounting_id";`);
  }

}
