import { Migration } from '@mikro-orm/migrations';

/**
 * The announced endpoints (contract-extensions §15): closure requests, the closure steps' hold (a deposit blocked by
 * its transfer's return or rejection), and search initiation — the `business_bank_account` type, an initiated
 * search's parameters (its business EIN apart, encrypted), the provider's reference and the processor's schedule, and
 * the `search-step` queue (`stately` like the other provider queues: one step waiting and one running per search).
 * At most one open request per account is also a partial unique index, beneath the case-lock check that answers
 * `409 closure_request_exists`.
 */
export class Migration20261201150000_closure_requests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table closure_requests (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        account_type varchar(30) not null check (account_type in ('bank_account', 'investment_account', 'retirement_account', 'life_insurance_policy', 'financial_account')),
        account_id varchar(26) not null,
        institution_name varchar(200) not null,
        method varchar(20) not null check (method in ('standard', 'instant_transfer')),
        status varchar(20) not null check (status in ('requested', 'in_progress', 'completed', 'cancelled')),
        step_ids text[] not null default '{}',
        transfer_id varchar(26),
        requested_by varchar(200) not null,
        completed_at timestamptz(3),
        cancelled_at timestamptz(3),
        notes text,
        former_account_status varchar(30),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index closure_requests_by_case_created on closure_requests (case_id, created_at, id);
      create index closure_requests_by_case_status on closure_requests (case_id, status);
      create index closure_requests_by_account on closure_requests (case_id, account_id);
      create index closure_requests_by_transfer on closure_requests (transfer_id) where transfer_id is not null;
      create unique index closure_requests_one_open_per_account on closure_requests (account_type, account_id) where status in ('requested', 'in_progress');

      alter table closure_steps add column held_reason text;

      alter table searches drop constraint searches_type_check;
      alter table searches add constraint searches_type_check
        check (type in ('bank_account', 'life_insurance', 'retirement', 'unclaimed_property', 'real_estate', 'vehicle', 'debt', 'business', 'business_bank_account'));
      alter table searches
        add column parameters jsonb check (parameters is null or jsonb_typeof(parameters) = 'object'),
        add column business_ein text,
        add column provider_reference varchar(200),
        add column next_check_at timestamptz(3),
        add column provider_attempts integer not null default 0;
    `);
    this.addSql(`select pgboss.create_queue('search-step', '{"policy":"stately"}')`);
  }

  override async down(): Promise<void> {
    this.addSql(`select pgboss.delete_queue('search-step')`);
    this.addSql(`
      alter table searches drop column parameters, drop column business_ein, drop column provider_reference, drop column next_check_at, drop column provider_attempts;
      delete from searches where type = 'business_bank_account';
      alter table searches drop constraint searches_type_check;
      alter table searches add constraint searches_type_check
        check (type in ('bank_account', 'life_insurance', 'retirement', 'unclaimed_property', 'real_estate', 'vehicle', 'debt', 'business'));
      alter table closure_steps drop column held_reason;
      drop table closure_requests;
    `);
  }
}
