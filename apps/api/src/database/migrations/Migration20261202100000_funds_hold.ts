import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33: money that can still come back is not available (contract §8). A settled transfer's money is held until
 * `funds_available_at`; `funds_released_at` records when the estate account's available balance was raised. Transfers
 * settled before the hold existed already raised it at settlement: they read as released then. Two per-transfer
 * queues: the hold's release, and the poll for a return the simulator has announced (at most one waiting and one
 * running per transfer).
 */
export class Migration20261202100000_funds_hold extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table transfers add column funds_available_at timestamptz(3), add column funds_released_at timestamptz(3)`);
    this.addSql(`update transfers set funds_available_at = settled_at, funds_released_at = settled_at where settled_at is not null`);
    this.addSql(`select pgboss.create_queue('transfer-funds-release', '{"policy":"stately"}')`);
    this.addSql(`select pgboss.create_queue('ach-return-due', '{"policy":"stately"}')`);
  }

  override async down(): Promise<void> {
    this.addSql(`select pgboss.delete_queue('ach-return-due')`);
    this.addSql(`select pgboss.delete_queue('transfer-funds-release')`);
    this.addSql(`alter table transfers drop column funds_available_at, drop column funds_released_at`);
  }
}
