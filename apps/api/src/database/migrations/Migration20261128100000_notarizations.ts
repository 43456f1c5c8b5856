import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The value sets as the migration wrote them (a migration never changes after it is committed).
const STATUSES = ['pending_signers', 'pending_notary', 'in_session', 'completed', 'declined', 'failed', 'expired', 'cancelled'];
const ACT_TYPES = ['acknowledgment', 'jurat'];
const FAILURE_REASONS = ['identity_verification_failed', 'session_failed', 'provider_unavailable', 'notarized_document_too_large'];

/**
 * Contract-extensions §11.6: remote online notarizations of a case's PDF documents, advanced by the notary provider's
 * steps (queue `notarization-step`, one job waiting per notarization: `stately`). `document_id` and
 * `notarized_document_id` name documents without a foreign key, as every reference between case records does (the
 * case's erasure deletes resource by resource); deleting a named document is refused by the documents context
 * (`409 document_in_use`). Lists have `(case_id, created_at, id)` and `(case_id, status)`; the referrer lookups of a
 * document deletion have their own indexes.
 */
export class Migration20261128100000_notarizations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table notarizations (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        document_id varchar(26) not null,
        title varchar(200) not null check (title <> ''),
        act_type varchar(20) not null check (act_type in (${list(ACT_TYPES)})),
        status varchar(20) not null check (status in (${list(STATUSES)})),
        session_url varchar(2000),
        notarized_document_id varchar(26),
        signers jsonb not null check (jsonb_typeof(signers) = 'array' and jsonb_array_length(signers) between 1 and 4),
        notary jsonb,
        journal jsonb,
        expires_at timestamptz(3) not null,
        failure_reason varchar(40) check (failure_reason in (${list(FAILURE_REASONS)})),
        initiated_by varchar(26) not null,
        notes varchar(10000),
        provider_transaction_id varchar(200),
        next_check_at timestamptz(3),
        provider_attempts integer not null default 0 check (provider_attempts >= 0),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      )`);
    this.addSql('create index notarizations_by_case_created on notarizations (case_id, created_at, id)');
    this.addSql('create index notarizations_by_case_status on notarizations (case_id, status)');
    this.addSql('create index notarizations_by_document on notarizations (case_id, document_id)');
    this.addSql('create index notarizations_by_notarized_document on notarizations (case_id, notarized_document_id) where notarized_document_id is not null');
    this.addSql(`select pgboss.create_queue('notarization-step', '{"policy":"stately"}')`);
  }

  override async down(): Promise<void> {
    this.addSql(`select pgboss.delete_queue('notarization-step')`);
    this.addSql('drop table notarizations');
  }
}
