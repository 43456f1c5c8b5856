import { Migration } from '@mikro-orm/migrations';
import { PG_BOSS_SCHEMA_V24 } from './pg-boss-schema-v24';
import { PG_BOSS_SCHEMA_V46 } from './pg-boss-schema-v46';

/**
 * The job queue moves from pg-boss 10 (schema version 24) to pg-boss 12 (version 46), issue 35. pg-boss has no
 * migration from 24: its migrations start at 25, pg-boss 11's rewrite of the schema (one shared job table instead of a
 * partition a queue), and pg-boss 11 and 12 both refuse a schema at 24 ("the oldest supported starting version is
 * 25"); their way over is a new schema and the jobs moved into it. So, in the migrator's transaction:
 *
 * 1. pg-boss 10's schema is set aside (`pgboss` → `pgboss_v10`) after checking it is at version 24;
 * 2. pg-boss 12's own schema is created in `pgboss`, from its construction plans frozen in `pg-boss-schema-v46.ts`;
 * 3. every queue is created again with its policy (`standard`, `stately`: the same unique indexes as in 10, so they
 *    mean what they meant), retry, expiry and retention settings, by pg-boss 12's own `create_queue`, then its dead
 *    letter queue set;
 * 4. every job, in `job` or `archive`, is copied with its id, state, data, singleton key, retry count and times (an
 *    `expire_in` interval becomes `expire_seconds`): a job waiting or backing off runs when due, a job left `active`
 *    by a process of pg-boss 10 expires under pg-boss 12's supervision and runs again, as after a crash, and the
 *    finished ones stay for the record until pg-boss deletes them; schedules and subscriptions come along;
 * 5. pg-boss 10's schema is dropped.
 *
 * A process of pg-boss 10 left running fails its job statements from then on (its columns are gone) and one of
 * pg-boss 12 refuses to start before this migration ("pg-boss database requires migrations"): a deploy replaces them
 * all. `down` moves the jobs back the same way, into pg-boss 10's schema (`pg-boss-schema-v24.ts`).
 */
export class Migration20261208100000_pg_boss_12 extends Migration {
  override async up(): Promise<void> {
    this.addSql(assertVersion('pgboss', 24));
    this.addSql(`alter schema pgboss rename to pgboss_v10`);
    this.addSql(PG_BOSS_SCHEMA_V46);
    this.addSql(
      `select pgboss.create_queue(name, jsonb_strip_nulls(jsonb_build_object(
         'policy', coalesce(policy, 'standard'),
         'retryLimit', retry_limit,
         'retryDelay', retry_delay,
         'retryBackoff', retry_backoff,
         'expireInSeconds', expire_seconds,
         'retentionSeconds', retention_minutes * 60)))
       from pgboss_v10.queue order by name`,
    );
    this.addSql(`update pgboss.queue q set dead_letter = v.dead_letter from pgboss_v10.queue v where v.name = q.name and v.dead_letter is not null`);
    for (const table of ['job', 'archive']) {
      this.addSql(
        `insert into pgboss.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, expire_seconds, deletion_seconds,
           singleton_key, singleton_on, start_after, created_on, started_on, completed_on, keep_until, output, dead_letter, policy)
         select j.id, j.name, j.priority, j.data, j.state::text::pgboss.job_state, j.retry_limit, j.retry_count, j.retry_delay, j.retry_backoff,
           greatest(1, ceil(extract(epoch from j.expire_in)))::int, q.deletion_seconds,
           j.singleton_key, j.singleton_on, j.start_after, j.created_on, j.started_on, j.completed_on, j.keep_until, j.output, j.dead_letter, coalesce(j.policy, q.policy)
         from pgboss_v10.${table} j join pgboss.queue q on q.name = j.name
         on conflict do nothing`,
      );
    }
    this.addSql(
      `insert into pgboss.schedule (name, key, cron, timezone, data, options, created_on, updated_on)
       select s.name, '', s.cron, coalesce(s.timezone, 'UTC'), s.data, s.options, s.created_on, s.updated_on
       from pgboss_v10.schedule s join pgboss.queue q on q.name = s.name`,
    );
    this.addSql(
      `insert into pgboss.subscription (event, name, created_on, updated_on)
       select s.event, s.name, s.created_on, s.updated_on from pgboss_v10.subscription s join pgboss.queue q on q.name = s.name`,
    );
    this.addSql(`drop schema pgboss_v10 cascade`);
  }

  override async down(): Promise<void> {
    this.addSql(assertVersion('pgboss', 46));
    this.addSql(`alter schema pgboss rename to pgboss_v12`);
    this.addSql(PG_BOSS_SCHEMA_V24);
    this.addSql(
      `select pgboss.create_queue(name, jsonb_strip_nulls(jsonb_build_object(
         'policy', policy,
         'retryLimit', retry_limit,
         'retryDelay', retry_delay,
         'retryBackoff', retry_backoff,
         'expireInSeconds', expire_seconds,
         'retentionMinutes', retention_seconds / 60))::json)
       from pgboss_v12.queue order by name`,
    );
    this.addSql(`update pgboss.queue q set dead_letter = v.dead_letter from pgboss_v12.queue v where v.name = q.name and v.dead_letter is not null`);
    this.addSql(
      `insert into pgboss.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, expire_in,
         singleton_key, singleton_on, start_after, created_on, started_on, completed_on, keep_until, output, dead_letter, policy)
       select j.id, j.name, j.priority, j.data, j.state::text::pgboss.job_state, j.retry_limit, j.retry_count, j.retry_delay, j.retry_backoff, j.expire_seconds * interval '1 second',
         j.singleton_key, j.singleton_on, j.start_after, j.created_on, j.started_on, j.completed_on, j.keep_until, j.output, j.dead_letter, j.policy
       from pgboss_v12.job j join pgboss.queue q on q.name = j.name
       on conflict do nothing`,
    );
    // pg-boss 10 keeps one schedule a queue: the one without a key.
    this.addSql(
      `insert into pgboss.schedule (name, cron, timezone, data, options, created_on, updated_on)
       select s.name, s.cron, s.timezone, s.data, s.options, s.created_on, s.updated_on
       from pgboss_v12.schedule s join pgboss.queue q on q.name = s.name where s.key = ''`,
    );
    this.addSql(
      `insert into pgboss.subscription (event, name, created_on, updated_on)
       select s.event, s.name, s.created_on, s.updated_on from pgboss_v12.subscription s join pgboss.queue q on q.name = s.name`,
    );
    this.addSql(`drop schema pgboss_v12 cascade`);
  }
}

/** Stops the migration, naming what it found, unless pg-boss's schema `schema` is at `version`. */
function assertVersion(schema: string, version: number): string {
  return `do $$
    declare found int;
    begin
      select max(version)::int into found from ${schema}.version;
      if found is distinct from ${version} then
        raise exception 'pg-boss schema %.version is at %, % expected', '${schema}', found, ${version};
      end if;
    end
  $$`;
}
