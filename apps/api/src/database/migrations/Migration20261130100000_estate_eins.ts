import { Migration } from '@mikro-orm/migrations';

/**
 * Contract-extensions §10.6: the estate's EIN, one per case (keyed by it, like the executor). `ein` is ciphertext (the
 * field cipher's); the SSN last fours and `status` are computed on every write.
 */
export class Migration20261130100000_estate_eins extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table estate_eins (
        case_id varchar(26) primary key references cases (id),
        legal_name varchar(200),
        care_of_name varchar(200),
        mailing_address jsonb,
        principal_county varchar(100),
        principal_state varchar(2),
        responsible_party_name varchar(200),
        responsible_party_ssn_last4 varchar(4),
        decedent_ssn_last4 varchar(4),
        entity_type varchar(20) not null default 'estate' check (entity_type = 'estate'),
        reason_for_applying varchar(30) check (reason_for_applying in ('banking_purpose', 'other')),
        reason_detail varchar(500),
        date_started date,
        closing_month integer check (closing_month between 1 and 12),
        applied_via varchar(10) check (applied_via in ('online', 'fax', 'mail')),
        requested_date date,
        ein text,
        assigned_date date,
        confirmation_document_id varchar(26),
        status varchar(20) not null check (status in ('requested', 'assigned')),
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table estate_eins');
  }
}
