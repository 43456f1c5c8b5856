import { Migration } from '@mikro-orm/migrations';

/**
 * Faxes (contract-extensions §11.5, comms context). Statuses and failure reasons are checked in the database as well;
 * the list filters and sort have indexes led by the case, and the documents' referrer lookup (`document_ids @> […]`)
 * reads the case's faxes through the case index. The provider steps are jobs of the `fax-step` queue (created here,
 * `stately` like `email-step`: at most one step waiting and one running per fax), so no claim index is needed.
 */
export class Migration20261128100000_faxes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table faxes (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        to_number varchar(16) not null,
        from_number varchar(16) not null,
        institution_contact_id varchar(26),
        document_ids jsonb not null check (jsonb_typeof(document_ids) = 'array'),
        cover_page boolean not null default true,
        cover_page_note text,
        status varchar(20) not null default 'queued' check (status in ('queued', 'sending', 'delivered', 'failed', 'cancelled')),
        pages integer not null check (pages between 1 and 100),
        pages_sent integer not null default 0 check (pages_sent >= 0),
        failure_reason varchar(30) check (failure_reason in ('busy', 'no_answer', 'invalid_number', 'transmission_error', 'provider_unavailable')),
        confirmation_number varchar(100),
        provider_fax_id varchar(200),
        queued_at timestamptz(3) not null,
        sending_at timestamptz(3),
        delivered_at timestamptz(3),
        failed_at timestamptz(3),
        sent_by varchar(200) not null,
        notes text,
        next_check_at timestamptz(3),
        provider_attempts integer not null default 0,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index faxes_by_case_created on faxes (case_id, created_at, id);
      create index faxes_by_case_status on faxes (case_id, status);
      create index faxes_by_contact on faxes (case_id, institution_contact_id) where institution_contact_id is not null;
    `);
    this.addSql(`select pgboss.create_queue('fax-step', '{"policy":"stately"}')`);
  }

  override async down(): Promise<void> {
    this.addSql(`select pgboss.delete_queue('fax-step')`);
    this.addSql('drop table faxes;');
  }
}
