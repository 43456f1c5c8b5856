import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 18, money movement. (1) The ACH simulator's own memory, a stand-in for the network's: one row per entry it
 * accepted, keyed by the transfer's id (the network's idempotency key), so a submission retried after a crash finds
 * its first acceptance and its trace number instead of debiting again, and the returns it will report, each from a
 * moment on. It lives in the database only because a simulated network must outlive a killed process; nothing but the
 * simulator adapter reads it. (2) The queue that polls the network for returns. (3) `max_transfer_amount` of eligible
 * accounts recomputed as the lesser of the available balance and 250,000.00 less what was transferred (it subtracted
 * settled money twice after an edit).
 */
export class Migration20261127183000_ach_returns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ach_simulator_entries (
        transfer_id varchar(26) primary key,
        trace_number varchar(15) not null,
        amount numeric(14,2) not null,
        accepted_at timestamptz(3) not null,
        submissions integer not null default 1,
        return_code varchar(3),
        return_reported_after timestamptz(3),
        return_acknowledged_at timestamptz(3),
        check ((return_code is null) = (return_reported_after is null))
      )`);
    this.addSql(`create index ach_simulator_entries_returns_due on ach_simulator_entries (return_reported_after) where return_code is not null and return_acknowledged_at is null`);
    this.addSql(`select pgboss.create_queue('ach-returns', '{"policy":"standard"}')`);
    this.addSql(`
      update bank_accounts
         set instant_transfer_max_amount = greatest(0, least(available_balance, 250000 - instant_transfer_transferred_amount))
       where instant_transfer_eligibility = 'eligible' and available_balance is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`select pgboss.delete_queue('ach-returns')`);
    this.addSql(`drop table ach_simulator_entries`);
  }
}
