import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The value sets as the migration wrote them (a migration never changes after it is committed).
const SUBJECTS = ['deceased', 'executor'];
const METHODS = ['death_record_match', 'death_certificate_review', 'kba', 'document_check', 'id_number'];
const STATUSES = ['pending', 'processing', 'verified', 'failed', 'cancelled'];
const QUEUE = 'identity-verification-step';

/**
 * Contract-extensions §11.7: identity verifications of the deceased and the executor. No identity data is stored here
 * (the provider keeps the captures; the subject's facts are read from their records when a step needs them). At most
 * one verification per case and subject is under way (`pending` or `processing`): a partial unique index backs the
 * use case's check. The provider's steps are jobs of their own queue (per record: `stately`).
 */
export class Migration20261128111000_identity_verifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table identity_verifications (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        subject varchar(20) not null check (subject in (${list(SUBJECTS)})),
        method varchar(30) not null check (method in (${list(METHODS)})),
        status varchar(20) not null check (status in (${list(STATUSES)})),
        session_url varchar(2000),
        result jsonb,
        checked_at timestamptz(3),
        expires_at timestamptz(3),
        document_ids text[] not null default '{}' check (cardinality(document_ids) <= 20),
        initiated_by varchar(26),
        notes varchar(10000),
        provider varchar(100),
        provider_reference varchar(200),
        next_check_at timestamptz(3),
        provider_attempts integer not null default 0,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1,
        check ((status = 'verified') = (expires_at is not null))
      )`);
    this.addSql('create index identity_verifications_by_case_created on identity_verifications (case_id, created_at, id)');
    this.addSql('create index identity_verifications_by_case_subject on identity_verifications (case_id, subject, created_at desc, id desc)');
    this.addSql(
      "create unique index identity_verifications_one_active on identity_verifications (case_id, subject) where status in ('pending', 'processing')",
    );
    this.addSql(`select pgboss.create_queue('${QUEUE}', '{"policy":"stately"}')`);
  }

  override async down(): Promise<void> {
    this.addSql(`select pgboss.delete_queue('${QUEUE}')`);
    this.addSql('drop table identity_verifications');
  }
}
