import { Migration } from '@mikro-orm/migrations';

/**
 * The probate context (issue 9): deadlines, creditor claims, closure steps with their sub-tasks, and searches.
 * Enumerations are checked in the database as well; every list filter and sort has an index led by the case.
 */
export class Migration20261123120000_probate extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table probate_deadlines (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        title varchar(200) not null,
        description text,
        type varchar(30) not null check (type in ('filing', 'hearing', 'creditor_notice', 'inventory', 'accounting', 'distribution', 'tax_return', 'bond_renewal', 'other')),
        due_date date not null,
        completed_date date,
        status varchar(20) not null check (status in ('upcoming', 'completed', 'waived')),
        is_court_ordered boolean not null default false,
        reminder_days_before integer check (reminder_days_before between 0 and 3650),
        rule jsonb,
        generated_key varchar(60),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1,
        check ((status = 'completed') = (completed_date is not null))
      );
      create index probate_deadlines_by_case_created on probate_deadlines (case_id, created_at, id);
      create index probate_deadlines_by_case_due on probate_deadlines (case_id, due_date, id);
      create index probate_deadlines_by_case_type on probate_deadlines (case_id, type);
      create index probate_deadlines_by_case_status_due on probate_deadlines (case_id, status, due_date);
      create unique index probate_deadlines_generated on probate_deadlines (case_id, generated_key) where generated_key is not null;

      create table creditor_claims (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        creditor_name varchar(200) not null,
        creditor_address jsonb,
        creditor_phone varchar(200),
        creditor_email varchar(200),
        claim_amount numeric(14,2) not null,
        claim_date date not null,
        claim_type varchar(30) check (claim_type in ('secured', 'unsecured', 'priority', 'administrative', 'funeral', 'tax', 'medical', 'other')),
        debt_description text,
        account_number text,
        status varchar(20) not null check (status in ('pending', 'accepted', 'rejected', 'paid', 'withdrawn')),
        resolution_amount numeric(14,2),
        resolution_date date,
        resolution_notes text,
        priority_order integer,
        is_valid boolean not null default false,
        statute_of_limitations_expires date,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1,
        check (status <> 'paid' or (resolution_amount is not null and resolution_date is not null))
      );
      create index creditor_claims_by_case_created on creditor_claims (case_id, created_at, id);
      create index creditor_claims_by_case_priority on creditor_claims (case_id, priority_order, id);
      create index creditor_claims_by_case_claim_date on creditor_claims (case_id, claim_date, id);
      create index creditor_claims_by_case_status on creditor_claims (case_id, status);
      create index creditor_claims_by_case_valid on creditor_claims (case_id, is_valid);

      create table closure_steps (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        step_type varchar(200) not null,
        title varchar(200) not null,
        description text,
        status varchar(20) not null check (status in ('not_started', 'in_progress', 'waiting', 'blocked', 'completed', 'skipped')),
        step_order integer,
        depends_on text[] not null default '{}',
        blocked_reason text,
        assigned_to varchar(200),
        due_date date,
        completed_date date,
        notes text,
        sub_tasks jsonb not null default '[]',
        set_status varchar(20) not null check (set_status in ('not_started', 'in_progress', 'waiting', 'completed', 'skipped')),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index closure_steps_by_case_created on closure_steps (case_id, created_at, id);
      create index closure_steps_by_case_order on closure_steps (case_id, step_order, id);
      create index closure_steps_by_case_due on closure_steps (case_id, due_date, id);
      create index closure_steps_by_case_status on closure_steps (case_id, status);

      create table searches (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        type varchar(30) not null check (type in ('bank_account', 'life_insurance', 'retirement', 'unclaimed_property', 'real_estate', 'vehicle', 'debt', 'business')),
        status varchar(20) not null check (status in ('pending', 'in_progress', 'completed', 'failed')),
        completed_at timestamptz(3),
        results_summary text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index searches_by_case_created on searches (case_id, created_at, id);
      create index searches_by_case_updated on searches (case_id, updated_at, id);
      create index searches_by_case_status on searches (case_id, status);
      create index searches_by_case_type on searches (case_id, type);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table searches; drop table closure_steps; drop table creditor_claims; drop table probate_deadlines;`);
  }
}
