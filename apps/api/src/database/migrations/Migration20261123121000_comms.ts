import { Migration } from '@mikro-orm/migrations';

/**
 * The comms context (issue 9): phone calls, and emails with their delivery receipts in the same row. Enumerations are
 * checked in the database as well; every list filter and sort has an index led by the case, and the delivery
 * processor's claim has a partial index on the emails still awaiting a step.
 */
export class Migration20261123121000_comms extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table phone_calls (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        institution_contact_id varchar(26),
        to_number varchar(40) not null,
        from_number varchar(40) not null,
        status varchar(20) check (status in ('queued', 'ringing', 'in_progress', 'completed', 'busy', 'no_answer', 'failed', 'canceled')),
        direction varchar(10) not null check (direction in ('inbound', 'outbound')),
        duration_seconds integer check (duration_seconds >= 0),
        started_at timestamptz(3),
        ended_at timestamptz(3),
        recording_url varchar(2000),
        recording_duration_seconds integer check (recording_duration_seconds >= 0),
        recording_status varchar(20) check (recording_status in ('absent', 'processing', 'completed', 'failed')),
        transcript text,
        summary text,
        action_items jsonb not null default '[]',
        called_by varchar(200),
        telephony_call_sid varchar(200),
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index phone_calls_by_case_created on phone_calls (case_id, created_at, id);
      create index phone_calls_by_case_started on phone_calls (case_id, started_at, id);
      create index phone_calls_by_case_direction on phone_calls (case_id, direction);
      create index phone_calls_by_case_status on phone_calls (case_id, status);
      create index phone_calls_by_case_recording_status on phone_calls (case_id, recording_status);
      create index phone_calls_by_contact on phone_calls (case_id, institution_contact_id) where institution_contact_id is not null;

      create table emails (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        to_address varchar(200) not null,
        from_address varchar(200) not null,
        subject varchar(998) not null,
        body text not null,
        status varchar(20) not null default 'queued' check (status in ('queued', 'sent', 'delivered', 'opened', 'bounced', 'failed')),
        sent_at timestamptz(3),
        institution_contact_id varchar(26),
        provider varchar(100),
        message_id varchar(500),
        status_detail varchar(200),
        delivered_at timestamptz(3),
        opened_at timestamptz(3),
        next_check_at timestamptz(3),
        delivery_attempts integer not null default 0,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index emails_by_case_created on emails (case_id, created_at, id);
      create index emails_by_case_sent on emails (case_id, sent_at, id);
      create index emails_by_case_status on emails (case_id, status);
      create index emails_by_contact on emails (case_id, institution_contact_id) where institution_contact_id is not null;
      create index emails_awaiting_delivery_step on emails (next_check_at, id) where next_check_at is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table emails; drop table phone_calls;');
  }
}
