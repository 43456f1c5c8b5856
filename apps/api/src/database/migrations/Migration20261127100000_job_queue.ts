import { Migration } from '@mikro-orm/migrations';
import { PG_BOSS_SCHEMA_V24 } from './pg-boss-schema-v24';

/**
 * One job queue for all background work (issue 17): pg-boss in its own schema, with every queue the service works.
 * A queue of pg-boss 10 is a partition of its job table, so queues are schema and are created here, never at run
 * time; their retry policy is data the service sets at start-up. Per-record queues are `stately`: at most one job
 * waiting and one running per record (the singleton key), so a sweep that enqueues again is a no-op.
 * Transfers gain `failed`: the processor's terminal state once a step kept failing (status_reason says why).
 */
const RECORD_QUEUES = ['transfer-step', 'webhook-delivery', 'email-step'];
const SCHEDULED_QUEUES = [
  'transfer-sweep',
  'webhook-sweep',
  'webhook-deliveries-purge',
  'email-sweep',
  'deadline-events',
  'events-purge',
  'idempotency-purge',
  'idempotency-release',
];

export class Migration20261127100000_job_queue extends Migration {
  override async up(): Promise<void> {
    this.addSql(PG_BOSS_SCHEMA_V24);
    for (const queue of RECORD_QUEUES) this.addSql(`select pgboss.create_queue('${queue}', '{"policy":"stately"}')`);
    for (const queue of SCHEDULED_QUEUES) this.addSql(`select pgboss.create_queue('${queue}', '{"policy":"standard"}')`);
    this.addSql(`alter table transfers drop constraint transfers_status_check`);
    this.addSql(
      `alter table transfers add constraint transfers_status_check check (status in ('requested', 'verifying', 'approved', 'submitted', 'in_transit', 'settled', 'cancelled', 'rejected', 'returned', 'failed'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema pgboss cascade`);
    this.addSql(`alter table transfers drop constraint transfers_status_check`);
    this.addSql(
      `alter table transfers add constraint transfers_status_check check (status in ('requested', 'verifying', 'approved', 'submitted', 'in_transit', 'settled', 'cancelled', 'rejected', 'returned'))`,
    );
  }
}
