import { Migration } from '@mikro-orm/migrations';

/**
 * Contract-extensions §12.7: distributions of the estate. References are released when their record goes (`person_id`,
 * `source_account_id`, `receipt_document_id` set to null, as the kernel's writer also does); `recipient_name` keeps
 * who received it. `asset_id` names a record of `asset_type`'s table, so it carries no foreign key.
 */
export class Migration20261201130000_distributions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table distributions (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        person_id varchar(26) references persons (id) on delete set null,
        recipient_name varchar(200) not null,
        distribution_type varchar(30) not null check (distribution_type in (
          'specific_bequest', 'pecuniary_bequest', 'residuary', 'family_allowance', 'homestead_allowance', 'exempt_property')),
        stage varchar(10) not null check (stage in ('interim', 'final')),
        kind varchar(10) not null check (kind in ('cash', 'in_kind')),
        amount numeric(14, 2) check (amount > 0),
        source_account_id varchar(26) references bank_accounts (id) on delete set null,
        asset_type varchar(30) check (asset_type in (
          'real_estate_property', 'vehicle', 'investment_account', 'business', 'financial_account', 'personal_property', 'other')),
        asset_id varchar(26),
        asset_description text,
        value numeric(14, 2) check (value > 0),
        method varchar(30),
        status varchar(20) not null check (status in ('planned', 'approved', 'paid', 'cancelled')),
        approved_at timestamptz(3),
        approved_by varchar(26),
        paid_date date,
        transaction_id varchar(26),
        receipt_signed boolean not null default false,
        receipt_date date,
        receipt_document_id varchar(26),
        tax_reported boolean not null default false,
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index distributions_by_case_created on distributions (case_id, created_at, id);
      create index distributions_approved_cash on distributions (case_id, source_account_id) where kind = 'cash' and status = 'approved';
      create index distributions_by_asset on distributions (case_id, asset_type, asset_id) where asset_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table distributions');
  }
}
