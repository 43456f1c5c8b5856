import { Migration } from '@mikro-orm/migrations';

/**
 * Assets, first half (issue 8): institution contacts, debts, bank accounts with their instant-transfer summary,
 * transactions and recurring payments. Enumerations are checked in the database as well; every filter and sort of
 * the specification has an index led by the case (or the account) so a list never scans another case's rows.
 *
 * Foreign keys: every table names its case (`cases` rows stay as tombstones when a case is deleted). Transactions are
 * audit records kept when their case is deleted (audit rule 1, contract §5) while the case's bank accounts are erased,
 * so `transactions.bank_account_id` deliberately has no foreign key. `institution_contact_id` references are released
 * to null when the contact is deleted (`on delete set null`, as the kernel's writer also does).
 */
export class Migration20261123110000_assets_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table institution_contacts (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        financial_account_id varchar(200),
        institution_name varchar(200) not null,
        department_name varchar(200),
        is_default_contact boolean not null default false,
        account_types text[] not null check (cardinality(account_types) > 0 and account_types <@ array['bank', 'debt', 'investment', 'retirement', 'insurance']),
        debt_subtypes text[] not null default '{}',
        contact_methods jsonb,
        contact_person varchar(200),
        contact_title varchar(200),
        reference_number varchar(200),
        notes text,
        last_contacted timestamptz(3),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index institution_contacts_by_case_created on institution_contacts (case_id, created_at, id);
      create index institution_contacts_by_case_name on institution_contacts (case_id, institution_name, id);
      create index institution_contacts_account_types on institution_contacts using gin (account_types);

      create table debts (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        debt_type varchar(10) not null check (debt_type in (
          'AGR', 'AUL', 'AUT', 'AO', 'ATY', 'BCC', 'BMP', 'BPG', 'BUS', 'C/C', 'C/G', 'C/M', 'C/S', 'CCP',
          'CEL', 'CGA', 'CHG', 'CIL', 'CKG', 'CLC', 'CLS', 'COL', 'CON', 'COS', 'CRC', 'CSA', 'CSL', 'D/C',
          'DCS', 'DEP', 'EDU', 'EXM', 'F/C', 'F/S', 'FCO', 'FHA', 'FMH', 'FSC', 'G/B', 'G/F', 'G/G', 'GEA',
          'GFS', 'GMD', 'GOP', 'H+O', 'H/E', 'HEI', 'H/I', 'HHG', 'I/L', 'INS', 'ISC', 'LBP', 'LEA', 'LPI',
          'LIC', 'M/H', 'MED', 'MRI', 'NCS', 'NTE', 'P/S', 'PHG', 'PPI', 'R/C', 'R/E', 'R/F', 'R/O', 'R/S',
          'R/V', 'RCK', 'REC', 'REN', 'RES', 'S/S', 'SCC', 'SAA', 'SC0', 'SDL', 'SEC', 'SGL', 'SHI', 'SMP',
          'SUM', 'TSL', 'UDL', 'UGL', 'UNK', 'UNS', 'UTI', 'ZZZ', '7B', '3A', '00', '95', '8A', '85', '9B',
          '10', '15', '98', '6B', '93', '37', '4D', '6C', '07', 'G1', '96', '7A', '47', '48', '91', '14',
          '18', '5C', '0F', '43', '34', '8B', '12', '33', '16', '50', '0C', '05', '2C', '75', '71', '69',
          '73', '72', '74', '70', '23', '89', '6D', '04', '22', '78', '49', '06', '1B', '13', '1A', '3C',
          '17', '90', '86', '21', '20', '03', '1C', '83', '26', '08', '19', '27', '5B', '25', '77', '11',
          '29', '5A', '94', '2A', '7C', '09', '68', '02', '66', '9A', '87', '30', '0A', '67', '65', '31',
          '01', '92', 'ZZ', '0G')),
        creditor_name varchar(200) not null,
        account_number text,
        condition varchar(20) check (condition in (
          'DECEASED', 'CHARGEOFF', 'BANKRUPTCY', 'TRANSFER', 'REPOSSESSION', 'CLOSED', 'BANKRUPTCYPET',
          'COLLECTIONS', 'DELINQUENT120', 'DELINQUENT90', 'DELINQUENT60', 'DELINQUENT30', 'REFINANCED',
          'LOST', 'OPEN', 'PAID', 'UNKNOWN')),
        responsibility varchar(1) check (responsibility in (
          '1', 'B', 'I', '8', 'C', '5', 'S', '2', 'J', '4', 'P', '3', 'A', '7', 'M', '0', 'O', 'U', '9', 'T',
          'X')),
        balance numeric(14,2),
        credit_limit numeric(14,2),
        minimum_payment numeric(14,2),
        interest_rate numeric(7,4) check (interest_rate between 0 and 100),
        is_joint_account boolean not null default false,
        joint_holder_name varchar(200),
        collection_agency varchar(200),
        original_creditor varchar(200),
        credit_bureau_source varchar(200),
        last_payment_date date,
        notification_status varchar(20) check (notification_status in ('not_notified', 'notified', 'acknowledged', 'resolved')),
        notification_date date,
        institution_contact_id varchar(26) references institution_contacts (id) on delete set null,
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index debts_by_case_created on debts (case_id, created_at, id);
      create index debts_by_case_type on debts (case_id, debt_type);
      create index debts_by_case_condition on debts (case_id, condition);
      create index debts_by_case_responsibility on debts (case_id, responsibility);
      create index debts_by_case_notification on debts (case_id, notification_status);
      create index debts_by_contact on debts (institution_contact_id) where institution_contact_id is not null;

      create table bank_accounts (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        institution_name varchar(200) not null,
        institution_routing_number varchar(200),
        account_type varchar(20) not null check (account_type in (
          'checking', 'savings', 'cd', 'money_market', 'hsa', 'trust_account', 'estate_account',
          'joint_account')),
        account_number text not null,
        account_title varchar(200),
        ownership_type varchar(30) not null check (ownership_type in (
          'individual', 'joint_tenants_wros', 'tenants_in_common', 'pod_payable_on_death',
          'tod_transfer_on_death', 'trust', 'estate')),
        status varchar(20) not null default 'open' check (status in (
          'open', 'closed', 'frozen', 'dormant', 'pending_closure', 'restricted')),
        current_balance numeric(14,2),
        available_balance numeric(14,2),
        currency varchar(3) not null default 'USD',
        interest_rate numeric(7,4) check (interest_rate between 0 and 100),
        maturity_date date,
        opened_date date,
        closed_date date,
        branch_name varchar(200),
        branch_address jsonb,
        branch_phone varchar(200),
        online_access boolean not null default false,
        has_overdraft_protection boolean not null default false,
        is_estate_account boolean not null default false,
        closure_method varchar(200),
        instant_transfer_eligibility varchar(20) not null check (instant_transfer_eligibility in ('eligible', 'ineligible')),
        instant_transfer_max_amount numeric(14,2) not null,
        instant_transfer_active_transfer_id varchar(26),
        instant_transfer_transferred_amount numeric(14,2) not null default 0,
        instant_transfer_evaluated_at timestamptz(3) not null,
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index bank_accounts_by_case_created on bank_accounts (case_id, created_at, id);
      create index bank_accounts_by_case_balance on bank_accounts (case_id, current_balance, id);
      create index bank_accounts_by_case_institution on bank_accounts (case_id, institution_name, id);
      create index bank_accounts_by_case_type on bank_accounts (case_id, account_type, id);
      create index bank_accounts_by_case_status on bank_accounts (case_id, status);
      create index bank_accounts_by_case_ownership on bank_accounts (case_id, ownership_type);
      create index bank_accounts_estate_account on bank_accounts (case_id) where is_estate_account;

      create table transactions (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        bank_account_id varchar(26) not null,
        date date not null,
        posted_date date,
        effective_date date,
        type varchar(200),
        amount numeric(14,2) not null,
        running_balance numeric(18,2) not null,
        description text not null,
        merchant_name varchar(200),
        reference_number varchar(200),
        check_number varchar(200),
        category varchar(200),
        is_recurring boolean not null default false,
        is_flagged boolean not null default false,
        flag_reason varchar(200),
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      -- The list (default sort created_at, both orders, page and keyset cursor) and the date sort.
      create index transactions_by_account_created on transactions (case_id, bank_account_id, created_at, id);
      create index transactions_by_account_date on transactions (case_id, bank_account_id, date, id);
      -- The running balance's order (date, then creation): the previous row of an insert and the rows after it.
      create index transactions_by_account_ledger on transactions (bank_account_id, date, created_at, id) include (running_balance, amount);

      create table recurring_payments (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        bank_account_id varchar(26) not null references bank_accounts (id) on delete cascade,
        payee_name varchar(200) not null,
        type varchar(30) not null check (type in (
          'direct_deposit', 'autopay', 'subscription', 'loan_payment', 'insurance_premium', 'utility',
          'pension', 'social_security', 'annuity')),
        amount numeric(14,2) not null,
        frequency varchar(200) not null,
        next_payment_date date,
        last_payment_date date,
        status varchar(20) not null default 'active' check (status in ('active', 'cancelled', 'paused', 'transferred')),
        cancellation_date date,
        cancelled_by varchar(200),
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index recurring_payments_by_account_created on recurring_payments (case_id, bank_account_id, created_at, id);
      create index recurring_payments_by_account_next on recurring_payments (case_id, bank_account_id, next_payment_date, id);
      create index recurring_payments_by_account_status on recurring_payments (bank_account_id, status);
      create index recurring_payments_by_account_type on recurring_payments (bank_account_id, type);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table recurring_payments; drop table transactions; drop table bank_accounts; drop table debts;
      drop table institution_contacts;
    `);
  }
}
