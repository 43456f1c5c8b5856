import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The value sets as the migration wrote them (a migration never changes after it is committed).
const UNCLAIMED_PROPERTY_TYPES = [
  'dormant_bank_account', 'uncashed_check', 'insurance_proceeds', 'insurance_refund', 'utility_deposit', 'rental_deposit', 'safe_deposit_box',
  'stocks_bonds', 'retirement_account', 'gift_card', 'mineral_rights', 'wages', 'refund', 'other',
];
const CLAIM_STATUSES = ['discovered', 'claim_filed', 'under_review', 'approved', 'paid', 'denied', 'expired'];
const GOAL_STATUSES = ['pending', 'in_progress', 'completed', 'skipped'];
const GOAL_CATEGORIES = ['probate', 'financial', 'property', 'tax', 'family', 'administrative', 'other'];

/**
 * Contract-extensions §12.5 unclaimed property, §12.8 goals and §12.3 the balances recorded by hand.
 *
 * - `unclaimed_properties`: `search_id` and `document_ids` are checked by the writes (a search of the case, documents
 *   of the case) and carry no foreign key, as filings' `document_ids` do not: the case's erasure deletes searches and
 *   unclaimed property in no fixed order. The documents' referrer lookup (`document_ids @> […]`) reads the case's rows.
 * - `goals`: `assigned_to` names a user (users are never deleted: deactivated ones stay for the audit trail). `order`
 *   is quoted (a reserved word). `is_overdue` is computed when read and has no column.
 * - `recorded_balances`: one per account and day (the unique key is also the range read's index); they go with their
 *   account (`on delete cascade`, as its signers do).
 * Every list filter and sort has an index led by the case.
 */
export class Migration20261201120000_unclaimed_property_goals_balances extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table unclaimed_properties (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        state varchar(2) not null,
        holder_name varchar(200) not null,
        property_type varchar(30) not null check (property_type in (${list(UNCLAIMED_PROPERTY_TYPES)})),
        property_description text,
        reported_amount numeric(14,2) check (reported_amount >= 0),
        owner_name_on_record varchar(200),
        state_property_id varchar(200),
        claim_status varchar(20) not null check (claim_status in (${list(CLAIM_STATUSES)})),
        claim_number varchar(200),
        claim_url varchar(2048),
        claim_filed_date date,
        claim_approved_date date,
        claim_paid_date date,
        claim_paid_amount numeric(14,2) check (claim_paid_amount >= 0),
        denial_reason text,
        required_documents jsonb not null check (jsonb_typeof(required_documents) = 'array'),
        document_ids jsonb not null check (jsonb_typeof(document_ids) = 'array'),
        search_id varchar(26),
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index unclaimed_properties_by_case_created on unclaimed_properties (case_id, created_at, id);
      create index unclaimed_properties_by_case_reported on unclaimed_properties (case_id, reported_amount, id);
      create index unclaimed_properties_by_case_state on unclaimed_properties (case_id, state);
      create index unclaimed_properties_by_case_claim_status on unclaimed_properties (case_id, claim_status);
      create index unclaimed_properties_by_case_type on unclaimed_properties (case_id, property_type);

      create table goals (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        title varchar(200) not null,
        description text,
        category varchar(20) check (category in (${list(GOAL_CATEGORIES)})),
        status varchar(20) not null check (status in (${list(GOAL_STATUSES)})),
        due_date date,
        completed_at timestamptz(3),
        assigned_to varchar(26) references users (id),
        "order" integer,
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1,
        check ((status = 'completed') = (completed_at is not null))
      );
      create index goals_by_case_created on goals (case_id, created_at, id);
      create index goals_by_case_due on goals (case_id, due_date, id);
      create index goals_by_case_order on goals (case_id, "order", id);
      create index goals_by_case_status on goals (case_id, status);
      create index goals_by_case_assignee on goals (case_id, assigned_to);
      create index goals_by_case_category on goals (case_id, category);

      create table recorded_balances (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        bank_account_id varchar(26) not null references bank_accounts (id) on delete cascade,
        date date not null,
        balance numeric(14,2) not null,
        available_balance numeric(14,2),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1,
        unique (bank_account_id, date)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table recorded_balances; drop table goals; drop table unclaimed_properties;');
  }
}
