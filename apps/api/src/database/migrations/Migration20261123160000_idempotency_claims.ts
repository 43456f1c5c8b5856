import { Migration } from '@mikro-orm/migrations';

/**
 * An idempotency key's claim gets a token of its own, and its request holds the key's row locked for as long as it
 * runs: a key left `in_progress` whose row nobody holds belongs to a request whose process died, and is released at
 * once (the next claim, the background sweep) instead of after five minutes. The partial index serves the sweep.
 */
export class Migration20261123160000_idempotency_claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table idempotency_keys add column claim_token varchar(32)`);
    this.addSql(`create index idempotency_keys_in_progress on idempotency_keys (created_at) where state = 'in_progress'`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index idempotency_keys_in_progress`);
    this.addSql(`alter table idempotency_keys drop column claim_token`);
  }
}
