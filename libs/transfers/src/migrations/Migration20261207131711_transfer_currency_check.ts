import { Migration } from '@mikro-orm/migrations';

/**
 * Generated from the transfer's declaration (`npm run migration:create -- transfers transfer_currency_check`): its
 * `currency` is declared with its one value, and the table had no check of it. Of what the generator proposed, the
 * checks of `method` and `status` and the `varchar` columns were kept as the founding migration made them (the checks
 * exist under the same names; enum columns stay `varchar`, as in every founding table).
 */
export class Migration20261207131711_transfer_currency_check extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "transfers" add constraint "transfers_currency_check" check("currency" in ('USD'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "transfers" drop constraint if exists "transfers_currency_check";`);
  }
}
