import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The value sets as the migration wrote them: a migration never changes after it is committed, so it does not import
// the (living) vocabularies of the domain.
const PROPERTY_TYPES = ['single_family', 'multi_family', 'condo', 'townhouse', 'mobile_home', 'vacant_land', 'commercial', 'farm_ranch', 'mixed_use', 'other'];
const VALUATION_STATUSES = ['pending', 'completed', 'failed', 'stale'];
const VEHICLE_TYPES = [
  'automobile', 'motorcycle', 'recreational_vehicle', 'boat', 'commercial_vehicle', 'classic_car', 'trailer',
  'off_highway_vehicle', 'farm_equipment', 'aircraft', 'other',
];
const VEHICLE_DISPOSITIONS = ['keep', 'transfer_to_heir', 'sell', 'donate', 'junk', 'pending_decision'];
const INVESTMENT_ACCOUNT_TYPES = [
  'brokerage', 'mutual_fund', 'etf', 'individual_stocks', 'individual_bonds', 'index_fund', 'managed_account', '529_plan',
  'drip', 'private_equity', 'alternative_investment', 'hsa', 'msa', 'cryptocurrency', 'other',
];
const INVESTMENT_TRANSFER_STATUSES = ['not_started', 'paperwork_submitted', 'in_review', 'transferred', 'liquidated'];
const RETIREMENT_ACCOUNT_TYPES = [
  'traditional_ira', 'roth_ira', '401k', '403b', '457', 'sep_ira', 'simple_ira', 'keogh', 'pension', 'tsp',
  'military_pension', 'fegli', 'inherited_ira', 'other',
];
const DISTRIBUTION_STATUSES = ['not_started', 'in_progress', 'completed', 'pending_beneficiary_docs'];

/**
 * Issue 8, second half: real estate valuations, vehicles, investment and retirement accounts, life insurance
 * policies. Sensitive numbers (`vin`, `account_number`, `policy_number`) are `text` holding AES-GCM ciphertext; money
 * is numeric(14,2); nested arrays are jsonb arrays. Every list has `(case_id, created_at, id)` for its default sort
 * (keyset and page mode) and `(case_id, <filter>)` for each enumerated filter of `#19`–`#22` (contract §4).
 */
export class Migration20261123111000_assets_holdings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table real_estate_valuations (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        financial_account_id varchar(26),
        property_address jsonb not null check (jsonb_typeof(property_address) = 'object'),
        property_type varchar(30) not null check (property_type in (${list(PROPERTY_TYPES)})),
        estimated_value numeric(14,2),
        valuation_source varchar(200),
        valuation_date date,
        confidence_score double precision check (confidence_score between 0 and 1),
        tax_assessed_value numeric(14,2),
        tax_year integer,
        annual_property_tax numeric(14,2),
        lot_size_sqft double precision,
        living_area_sqft double precision,
        bedrooms integer,
        bathrooms double precision,
        year_built integer,
        parcel_number varchar(200),
        zoning varchar(200),
        mortgage_balance numeric(14,2),
        equity_estimate numeric(14,2),
        liens jsonb not null default '[]' check (jsonb_typeof(liens) = 'array'),
        comparable_sales jsonb not null default '[]' check (jsonb_typeof(comparable_sales) = 'array'),
        status varchar(20) not null default 'pending' check (status in (${list(VALUATION_STATUSES)})),
        notes varchar(10000),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index real_estate_valuations_by_case_created on real_estate_valuations (case_id, created_at, id);
      create index real_estate_valuations_by_case_status on real_estate_valuations (case_id, status);
      create index real_estate_valuations_by_case_property_type on real_estate_valuations (case_id, property_type);

      create table vehicles (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        vehicle_type varchar(30) not null check (vehicle_type in (${list(VEHICLE_TYPES)})),
        year integer not null,
        make varchar(200) not null,
        model varchar(200) not null,
        vin text,
        license_plate varchar(200),
        registration_state varchar(200),
        title_status varchar(200),
        ownership_type varchar(200),
        co_owner_name varchar(200),
        estimated_value numeric(14,2),
        lien_payoff_amount numeric(14,2),
        equity_estimate numeric(14,2),
        valuation_source varchar(200),
        lien_holder varchar(200),
        mileage integer,
        condition varchar(200),
        location varchar(200),
        disposition varchar(30) check (disposition in (${list(VEHICLE_DISPOSITIONS)})),
        disposition_details jsonb check (disposition_details is null or jsonb_typeof(disposition_details) = 'object'),
        title_transfer_status varchar(200),
        institution_contact_id varchar(26),
        notes varchar(10000),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index vehicles_by_case_created on vehicles (case_id, created_at, id);
      create index vehicles_by_case_vehicle_type on vehicles (case_id, vehicle_type);
      create index vehicles_by_case_disposition on vehicles (case_id, disposition);
      create index vehicles_by_institution_contact on vehicles (institution_contact_id) where institution_contact_id is not null;

      create table investment_accounts (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        account_type varchar(30) not null check (account_type in (${list(INVESTMENT_ACCOUNT_TYPES)})),
        custodian_name varchar(200) not null,
        account_number text,
        status varchar(200),
        balance numeric(14,2),
        holdings jsonb not null default '[]' check (jsonb_typeof(holdings) = 'array'),
        beneficiaries jsonb not null default '[]' check (jsonb_typeof(beneficiaries) = 'array'),
        date_of_death_value numeric(14,2),
        transfer_status varchar(30) check (transfer_status in (${list(INVESTMENT_TRANSFER_STATUSES)})),
        institution_contact_id varchar(26),
        notes varchar(10000),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index investment_accounts_by_case_created on investment_accounts (case_id, created_at, id);
      create index investment_accounts_by_case_account_type on investment_accounts (case_id, account_type);
      create index investment_accounts_by_case_transfer_status on investment_accounts (case_id, transfer_status);
      create index investment_accounts_by_institution_contact on investment_accounts (institution_contact_id) where institution_contact_id is not null;

      create table retirement_accounts (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        account_type varchar(30) not null check (account_type in (${list(RETIREMENT_ACCOUNT_TYPES)})),
        custodian_name varchar(200) not null,
        account_number text,
        employer_name varchar(200),
        status varchar(200),
        balance numeric(14,2),
        beneficiaries jsonb not null default '[]' check (jsonb_typeof(beneficiaries) = 'array'),
        distribution_options jsonb not null default '[]' check (jsonb_typeof(distribution_options) = 'array'),
        rmd_required boolean not null default false,
        rmd_amount numeric(14,2),
        tax_treatment varchar(200),
        distribution_status varchar(30) check (distribution_status in (${list(DISTRIBUTION_STATUSES)})),
        institution_contact_id varchar(26),
        notes varchar(10000),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index retirement_accounts_by_case_created on retirement_accounts (case_id, created_at, id);
      create index retirement_accounts_by_case_account_type on retirement_accounts (case_id, account_type);
      create index retirement_accounts_by_case_distribution_status on retirement_accounts (case_id, distribution_status);
      create index retirement_accounts_by_institution_contact on retirement_accounts (institution_contact_id) where institution_contact_id is not null;

      create table life_insurance_policies (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        policy_type varchar(200),
        carrier_name varchar(200) not null,
        policy_number text not null,
        status varchar(200),
        death_benefit numeric(14,2),
        cash_value numeric(14,2),
        beneficiaries jsonb not null default '[]' check (jsonb_typeof(beneficiaries) = 'array'),
        premium_status varchar(200),
        employer_name varchar(200),
        claim_status varchar(200),
        claim_filed_date date,
        claim_paid_date date,
        claim_paid_amount numeric(14,2),
        institution_contact_id varchar(26),
        notes varchar(10000),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index life_insurance_policies_by_case_created on life_insurance_policies (case_id, created_at, id);
      create index life_insurance_policies_by_institution_contact on life_insurance_policies (institution_contact_id) where institution_contact_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table life_insurance_policies; drop table retirement_accounts; drop table investment_accounts;
      drop table vehicles; drop table real_estate_valuations;
    `);
  }
}
