import { Migration } from '@mikro-orm/migrations';

/**
 * Contract §11.3: the signers of a bank account. They go with their account (`on delete cascade`, as its recurring
 * payments do); `person_id` is released to null when the person is deleted (as the kernel's writer also does). At most
 * one `primary_holder` per account: the writer's rule refuses a second one (422) under the case row lock, and the
 * partial unique index states the same in the database.
 */
export class Migration20261128100000_signers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table signers (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        bank_account_id varchar(26) not null references bank_accounts (id) on delete cascade,
        name varchar(200) not null,
        role varchar(30) not null check (role in (
          'primary_holder', 'joint_holder', 'authorized_signer', 'power_of_attorney_agent', 'trustee', 'custodian')),
        is_deceased boolean not null default false,
        person_id varchar(26) references persons (id) on delete set null,
        email varchar(200),
        phone varchar(40),
        added_date date,
        notes varchar(10000),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index signers_by_account_created on signers (case_id, bank_account_id, created_at, id);
      create unique index signers_one_primary_holder on signers (bank_account_id) where role = 'primary_holder';
      create index signers_by_person on signers (person_id) where person_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table signers');
  }
}
