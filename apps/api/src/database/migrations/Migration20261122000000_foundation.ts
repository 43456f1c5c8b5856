import { Migration } from '@mikro-orm/migrations';

/** Identity, idempotency and the case context (issue 3). Enumerations are checked in the database as well. */
export class Migration20261122000000_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table organizations (
        id varchar(26) primary key,
        name varchar(200) not null unique,
        tier varchar(20) not null check (tier in ('pro', 'enterprise')),
        created_at timestamptz(3) not null
      );
      create table users (
        id varchar(26) primary key,
        organization_id varchar(26) not null references organizations (id),
        email varchar(320) not null unique,
        created_at timestamptz(3) not null,
        revoked_at timestamptz(3)
      );
      create index users_organization on users (organization_id);
      create table access_tokens (
        id varchar(26) primary key,
        user_id varchar(26) not null references users (id),
        token_hash char(64) not null unique,
        created_at timestamptz(3) not null,
        revoked_at timestamptz(3)
      );
      create index access_tokens_user on access_tokens (user_id);
      create table idempotency_keys (
        organization_id varchar(26) not null references organizations (id),
        idempotency_key varchar(255) not null,
        fingerprint char(64) not null,
        state varchar(20) not null check (state in ('in_progress', 'completed')),
        response_status integer,
        response_body jsonb,
        response_etag varchar(100),
        created_at timestamptz not null,
        expires_at timestamptz not null,
        primary key (organization_id, idempotency_key)
      );
      create index idempotency_keys_expiry on idempotency_keys (expires_at);

      create table cases (
        id varchar(26) primary key,
        organization_id varchar(26) not null references organizations (id),
        onboarding_id varchar(200),
        queue_assignment varchar(200),
        flow_position varchar(200),
        estate_value varchar(20) check (estate_value in ('unknown', 'under_25k', '25k_to_100k', '100k_to_500k', '500k_to_1m', 'over_1m')),
        progress varchar(20) check (progress in ('no_clue', 'just_started', 'making_progress', 'almost_done', 'completed')),
        possible_dispute varchar(30) check (possible_dispute in ('no_dispute_expected', 'possible_dispute', 'active_dispute')),
        date_of_sign_up timestamptz(3),
        terms_accepted_at timestamptz(3),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1,
        deleted_at timestamptz(3)
      );
      create index cases_by_organization_created on cases (organization_id, created_at, id) where deleted_at is null;
      create index cases_by_organization_updated on cases (organization_id, updated_at, id) where deleted_at is null;

      create table deceased (
        case_id varchar(26) primary key references cases (id),
        full_name varchar(200),
        first_name varchar(200) not null,
        middle_name varchar(200),
        last_name varchar(200) not null,
        date_of_birth date,
        date_of_death date not null,
        ssn text,
        address jsonb,
        email varchar(200),
        verification_level varchar(200),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );

      create table authorities (
        case_id varchar(26) primary key references cases (id),
        level varchar(20) not null check (level in ('level_0', 'level_1', 'level_2', 'level_3')),
        types text[] not null,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );

      create table persons (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        first_name varchar(200) not null,
        middle_name varchar(200),
        last_name varchar(200) not null,
        suffix varchar(200),
        relationship varchar(200) not null,
        email varchar(200),
        phone varchar(200),
        is_beneficiary boolean not null default false,
        possible_dispute boolean not null default false,
        is_deceased boolean not null default false,
        waiver_status varchar(30) check (waiver_status in ('no_waiver_needed', 'waiver_pending', 'waiver_signed', 'waiver_refused')),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index persons_by_case_created on persons (case_id, created_at, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table persons; drop table authorities; drop table deceased; drop table cases;
      drop table idempotency_keys; drop table access_tokens; drop table users; drop table organizations;
    `);
  }
}
