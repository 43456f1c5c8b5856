import { Migration } from '@mikro-orm/migrations';

/**
 * Contract §14.4–§14.7: webhook endpoints (secrets encrypted with the field cipher; the previous secret signs too
 * until it expires) and their deliveries, one row per event and endpoint, inserted in the event's own transaction
 * (no foreign keys: a deleted endpoint's or erased event's deliveries stay, cancelled, until retention purges them).
 * The dispatcher claims due pending deliveries through the partial index; deliveries are kept 30 days.
 */
export class Migration20261123151000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table webhook_endpoints (
      id varchar(26) primary key,
      organization_id varchar(26) not null,
      url varchar(2048) not null,
      description text null,
      enabled_events text[] not null,
      status varchar(16) not null default 'enabled' check (status in ('enabled', 'disabled')),
      disabled_reason varchar(16) null check (disabled_reason in ('manual', 'gone', 'failing')),
      secret text not null,
      previous_secret text null,
      previous_secret_expires_at timestamptz null,
      consecutive_failures integer not null default 0,
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create index webhook_endpoints_organization_idx on webhook_endpoints (organization_id, created_at desc, id desc)`);
    this.addSql(`create table webhook_deliveries (
      id varchar(26) primary key,
      endpoint_id varchar(26) not null,
      event_id varchar(26) not null,
      event_type varchar(80) not null,
      organization_id varchar(26) not null,
      status varchar(16) not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'cancelled')),
      attempts jsonb not null default '[]'::jsonb,
      next_attempt_at timestamptz null,
      lease_until timestamptz null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // The dispatcher's claim: due pending deliveries, oldest first.
    this.addSql(`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending'`);
    // The delivery log of an endpoint, newest first (cursor on created_at, id).
    this.addSql(`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc, id desc)`);
    // Case erasure cancels the pending deliveries of the case's events; retention purges by age.
    this.addSql(`create index webhook_deliveries_event_idx on webhook_deliveries (event_id)`);
    this.addSql(`create index webhook_deliveries_created_idx on webhook_deliveries (created_at)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists webhook_deliveries`);
    this.addSql(`drop table if exists webhook_endpoints`);
  }
}
