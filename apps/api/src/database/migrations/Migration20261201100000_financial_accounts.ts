import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The value sets as the migration wrote them: a migration never changes after it is committed, so it does not import
// the (living) vocabularies of the domain.
const ACCOUNT_KINDS = ['annuity', 'payment_app', 'prepaid_card', 'safe_deposit_box', 'escrow', 'loyalty_rewards', 'employer_benefit', 'other'];
const ACCOUNT_STATUSES = ['open', 'closed', 'frozen', 'pending_closure'];
const OWNERSHIP_TYPES = ['individual', 'joint_tenants_wros', 'tenants_in_common', 'pod_payable_on_death', 'tod_transfer_on_death', 'trust', 'estate'];
const DESIGNATIONS = ['primary', 'contingent'];
const DESIGNATION_TYPES = ['pod', 'tod', 'other'];
const BENEFICIARY_STATUSES = ['active', 'pending_verification', 'claimed', 'disclaimed'];

/** The tables of the kinds a `financial_account_id` may name (the financial accounts are made, empty, just before). */
const ACCOUNT_TABLES = ['financial_accounts', 'bank_accounts', 'investment_accounts', 'retirement_accounts', 'life_insurance_policies', 'debts'];

/**
 * A `financial_account_id` stored before it was a reference (a free string until now) that names no account of its
 * case is set to `null`, as the kernel releases a reference to a deleted record; its former value is kept at the end
 * of `notes`, so nothing a client wrote is lost, and the version moves so its ETag follows. Without this, any later
 * PATCH of such a record would be refused for a field the client did not send.
 */
function releaseDangling(table: string): string {
  const named = ACCOUNT_TABLES.map((accounts) => `select 1 from ${accounts} a where a.id = r.financial_account_id and a.case_id = r.case_id`).join(' union all ');
  return `
      update ${table} r
         set notes = left(concat_ws(E'\\n\\n', r.notes, 'financial_account_id was ' || r.financial_account_id || ' (it named no account of this case).'), 10000),
             financial_account_id = null,
             version = r.version + 1
       where r.financial_account_id is not null and not exists (${named});`;
}

/** Exported for the test that runs it on records stored before the rule. */
export const RELEASE_DANGLING_FINANCIAL_ACCOUNT_IDS = releaseDangling('institution_contacts') + releaseDangling('real_estate_valuations');

/**
 * Contract-extensions §12.1 and §12.2: financial accounts, and the beneficiaries of bank and financial accounts in one
 * table. A beneficiary names its account in exactly one of two columns, each a foreign key that goes with its account
 * (`on delete cascade`, as signers do); `person_id` is released to null when the person goes (as the kernel's writer
 * also does). The share rule (at most 100.00 per account and designation) is the writer's, under the case row lock.
 */
export class Migration20261201100000_financial_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table financial_accounts (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        account_kind varchar(30) not null check (account_kind in (${list(ACCOUNT_KINDS)})),
        institution_name varchar(200) not null,
        account_number text,
        account_title varchar(200),
        ownership_type varchar(30) check (ownership_type in (${list(OWNERSHIP_TYPES)})),
        status varchar(20) not null default 'open' check (status in (${list(ACCOUNT_STATUSES)})),
        balance numeric(14,2),
        balance_as_of date,
        date_of_death_value numeric(14,2),
        institution_contact_id varchar(26) references institution_contacts (id) on delete set null,
        notes varchar(10000),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index financial_accounts_by_case_created on financial_accounts (case_id, created_at, id);
      create index financial_accounts_by_case_balance on financial_accounts (case_id, balance, id);
      create index financial_accounts_by_case_kind on financial_accounts (case_id, account_kind);
      create index financial_accounts_by_case_status on financial_accounts (case_id, status);
      create index financial_accounts_by_contact on financial_accounts (institution_contact_id) where institution_contact_id is not null;

      create table account_beneficiaries (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        bank_account_id varchar(26) references bank_accounts (id) on delete cascade,
        financial_account_id varchar(26) references financial_accounts (id) on delete cascade,
        name varchar(200) not null,
        relationship varchar(200),
        person_id varchar(26) references persons (id) on delete set null,
        percentage_share numeric(5,2) not null check (percentage_share between 0 and 100),
        designation varchar(20) not null default 'primary' check (designation in (${list(DESIGNATIONS)})),
        designation_type varchar(20) check (designation_type in (${list(DESIGNATION_TYPES)})),
        status varchar(30) not null default 'active' check (status in (${list(BENEFICIARY_STATUSES)})),
        contact_info jsonb check (contact_info is null or jsonb_typeof(contact_info) = 'object'),
        notes varchar(10000),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1,
        constraint account_beneficiaries_one_account check (num_nonnulls(bank_account_id, financial_account_id) = 1)
      );
      create index account_beneficiaries_by_bank_account on account_beneficiaries (case_id, bank_account_id, created_at, id) where bank_account_id is not null;
      create index account_beneficiaries_by_financial_account on account_beneficiaries (case_id, financial_account_id, created_at, id) where financial_account_id is not null;
      create index account_beneficiaries_by_person on account_beneficiaries (person_id) where person_id is not null;

      create index institution_contacts_by_financial_account on institution_contacts (financial_account_id) where financial_account_id is not null;
      create index real_estate_valuations_by_financial_account on real_estate_valuations (financial_account_id) where financial_account_id is not null;
      ${RELEASE_DANGLING_FINANCIAL_ACCOUNT_IDS}
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index real_estate_valuations_by_financial_account;
      drop index institution_contacts_by_financial_account;
      drop table account_beneficiaries;
      drop table financial_accounts;
    `);
  }
}
