import { Migration } from '@mikro-orm/migrations';

/**
 * Generated from the webhook endpoint's and delivery's declarations (`npm run migration:create -- webhooks
 * webhook_millisecond_timestamps`): their date-times are the kernel's `timestamptz(3)`, where the founding migration
 * made them `timestamptz` (microseconds). Every writer stores a JS Date (milliseconds), but cancellations stamp
 * `updated_at` with `now()`: values are truncated to the millisecond, never rounded, so each keeps the instant the API
 * has always shown for it (a JS Date read from the row truncates too) and no created_at moves across a cursor. One
 * statement a table: one rewrite each (the indexes on these columns are rebuilt with it).
 *
 * Of what the generator proposed, the rest is already in the database and left out (the snapshot states it):
 * `attempts` defaults to `'[]'` and `version` to 1 since the founding migration; `enabled_events` has no default (the
 * field states none, which the snapshot writes as `undefined`, as for the probate filings' `document_ids`).
 */
export class Migration20261207153021_webhook_millisecond_timestamps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_endpoints"
      alter column "previous_secret_expires_at" type timestamptz(3) using date_trunc('milliseconds', "previous_secret_expires_at"),
      alter column "created_at" type timestamptz(3) using date_trunc('milliseconds', "created_at"),
      alter column "updated_at" type timestamptz(3) using date_trunc('milliseconds', "updated_at");`);
    this.addSql(`alter table "webhook_deliveries"
      alter column "next_attempt_at" type timestamptz(3) using date_trunc('milliseconds', "next_attempt_at"),
      alter column "lease_until" type timestamptz(3) using date_trunc('milliseconds', "lease_until"),
      alter column "created_at" type timestamptz(3) using date_trunc('milliseconds', "created_at"),
      alter column "updated_at" type timestamptz(3) using date_trunc('milliseconds', "updated_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_endpoints"
      alter column "previous_secret_expires_at" type timestamptz,
      alter column "created_at" type timestamptz,
      alter column "updated_at" type timestamptz;`);
    this.addSql(`alter table "webhook_deliveries"
      alter column "next_attempt_at" type timestamptz,
      alter column "lease_until" type timestamptz,
      alter column "created_at" type timestamptz,
      alter column "updated_at" type timestamptz;`);
  }
}
