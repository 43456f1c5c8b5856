import { Migration } from '@mikro-orm/migrations';

/**
 * Instant transfers (issue 10): transfers, their immutable audit events and the ACH trace sequence. The database
 * itself refuses to update or delete an audit event and to delete a transfer (triggers), so even a bug cannot erase
 * them; a partial unique index allows one active transfer per source account (defence in depth behind the row lock
 * of the request use case). `bank_account_id`/`estate_account_id` carry no foreign key: the audit record outlives a
 * bank account deleted once its transfers are final.
 */
export class Migration20261123140000_transfers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create sequence transfer_trace_seq minvalue 1 maxvalue 9999999 cycle;

      create table transfers (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        bank_account_id varchar(26) not null,
        estate_account_id varchar(26) not null,
        method varchar(20) not null check (method in ('ach_debit')),
        amount_requested numeric(14,2) not null check (amount_requested > 0),
        amount_settled numeric(14,2),
        currency varchar(3) not null,
        memo text,
        status varchar(20) not null check (status in ('requested', 'verifying', 'approved', 'submitted', 'in_transit', 'settled', 'cancelled', 'rejected', 'returned')),
        status_reason text,
        return_code varchar(3),
        requested_by varchar(26) not null,
        requested_at timestamptz(3) not null,
        submitted_at timestamptz(3),
        settled_at timestamptz(3),
        expected_settlement_date date,
        trace_number varchar(15) unique check (trace_number ~ '^[0-9]{15}$'),
        next_step_at timestamptz(3),
        event_count integer not null default 0,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index transfers_by_case_created on transfers (case_id, created_at, id);
      create index transfers_by_case_amount on transfers (case_id, amount_requested, id);
      create index transfers_by_case_status on transfers (case_id, status);
      create index transfers_by_case_account on transfers (case_id, bank_account_id);
      create index transfers_due on transfers (next_step_at) where next_step_at is not null;
      create unique index transfers_one_active_per_account on transfers (bank_account_id)
        where status in ('requested', 'verifying', 'approved', 'submitted', 'in_transit');

      create table transfer_events (
        id varchar(26) primary key,
        transfer_id varchar(26) not null references transfers (id),
        case_id varchar(26) not null references cases (id),
        sequence integer not null,
        from_status varchar(20),
        to_status varchar(20) not null,
        actor varchar(60) not null,
        reason text,
        occurred_at timestamptz(3) not null,
        unique (transfer_id, sequence)
      );

      create function refuse_audit_change() returns trigger language plpgsql as $$
      begin
        raise exception '% on % is not allowed: audit records are immutable', tg_op, tg_table_name using errcode = 'insufficient_privilege';
      end $$;
      create trigger transfer_events_immutable before update or delete on transfer_events
        for each row execute function refuse_audit_change();
      create trigger transfer_events_no_truncate before truncate on transfer_events
        for each statement execute function refuse_audit_change();
      create trigger transfers_never_deleted before delete on transfers
        for each row execute function refuse_audit_change();
      create trigger transfers_no_truncate before truncate on transfers
        for each statement execute function refuse_audit_change();
    `);
  }
}
