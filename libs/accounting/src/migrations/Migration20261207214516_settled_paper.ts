import { Migration } from '@mikro-orm/migrations';

export class Migration20261207214516_settled_paper extends Migration {

  override name = 'Migration20261207214516_settled_paper';

  override up(): void | Promise<void> {
    this.addSql(`alter table "accountings" add "paper" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "accountings" drop column "paper";`);
  }

}
