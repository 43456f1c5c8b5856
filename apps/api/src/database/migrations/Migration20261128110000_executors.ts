import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The value sets as the migration wrote them (a migration never changes after it is committed).
const ROLES = ['executor', 'administrator', 'administrator_with_will_annexed', 'special_administrator', 'successor'];
const LETTERS = ['letters_testamentary', 'letters_of_administration', 'letters_of_administration_with_will_annexed', 'letters_of_special_administration'];
const RELATIONSHIPS = [
  'spouse', 'child', 'grandchild', 'parent', 'sibling', 'niece_nephew', 'other_relative', 'friend', 'attorney', 'professional_fiduciary', 'creditor',
  'public_administrator', 'other',
];
const BOND_STATUSES = ['not_required', 'waived', 'required', 'posted'];
const IDENTITY_STATUSES = ['unverified', 'pending', 'verified', 'failed'];

/**
 * Contract-extensions §10.5: the executor, one per case (keyed by it, like the deceased). The SSN is ciphertext (the
 * field cipher's), `identity_status` the projection of the newest executor identity verification (§11.7).
 */
export class Migration20261128110000_executors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table executors (
        case_id varchar(26) primary key references cases (id),
        first_name varchar(200) not null,
        middle_name varchar(200),
        last_name varchar(200) not null,
        suffix varchar(20),
        email varchar(200),
        phone varchar(40),
        date_of_birth date,
        ssn text,
        address jsonb,
        relationship_to_deceased varchar(30) check (relationship_to_deceased in (${list(RELATIONSHIPS)})),
        person_id varchar(26),
        role varchar(40) not null check (role in (${list(ROLES)})),
        is_professional boolean not null default false,
        firm_name varchar(200),
        appointment_date date,
        letters_type varchar(60) not null check (letters_type in (${list(LETTERS)})),
        letters_issued_date date,
        letters_document_id varchar(26),
        bond_status varchar(20) not null check (bond_status in (${list(BOND_STATUSES)})),
        bond_amount numeric(14,2) check (bond_amount >= 0),
        surety_name varchar(200),
        bond_number varchar(100),
        irs_form_56_filed_date date,
        irs_form_56_terminated_date date,
        identity_status varchar(20) not null default 'unverified' check (identity_status in (${list(IDENTITY_STATUSES)})),
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table executors');
  }
}
