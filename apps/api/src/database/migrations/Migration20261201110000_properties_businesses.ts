import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The value sets as this migration writes them (a committed migration never changes, so it imports no vocabulary).
const PROPERTY_TYPES = ['single_family', 'multi_family', 'condo', 'townhouse', 'mobile_home', 'vacant_land', 'commercial', 'farm_ranch', 'mixed_use', 'other'];
const PROPERTY_USES = ['primary_residence', 'second_home', 'rental', 'land', 'commercial', 'farm_ranch', 'timeshare', 'other'];
const PROPERTY_OWNERSHIP_TYPES = [
  'sole', 'joint_tenants_wros', 'tenants_in_common', 'tenancy_by_entirety', 'community_property', 'community_property_wros',
  'trust', 'life_estate', 'tod_deed',
];
const DEED_TYPES = ['warranty', 'grant', 'quitclaim', 'special_warranty', 'trustee', 'tod_deed', 'other'];
const PROPERTY_STATUSES = ['owned', 'listed_for_sale', 'under_contract', 'sold', 'transferred_to_heir', 'foreclosed'];
const BUSINESS_ENTITY_TYPES = [
  'sole_proprietorship', 'llc', 's_corp', 'c_corp', 'general_partnership', 'limited_partnership', 'llp',
  'professional_corporation', 'other',
];
const BUSINESS_STATUSES = ['active', 'inactive', 'dissolved', 'sold', 'transferred'];
const DECEASED_ROLES = ['sole_owner', 'member', 'partner', 'shareholder', 'officer', 'other'];
const VALUATION_METHODS = ['appraisal', 'book_value', 'buy_sell_agreement', 'market_comparables', 'owner_estimate', 'other'];
const SUCCESSION_PLANS = ['continue', 'sell', 'dissolve', 'transfer_to_heir', 'undecided'];

/**
 * Contract-extensions §12.4 and §12.6: real estate properties and business interests, and the valuations' new
 * `property_id`. A property carries the projection of its newest completed valuation (`latest_valuation_*`, kept by
 * the valuations' writes); a business its derived `interest_value` (so a list sorts by it). `ein` is ciphertext.
 * Percentages are numeric(5,2); a valuation's `property_id` is released to null when its property goes (as the
 * kernel's writer also does). Each list has `(case_id, created_at, id)`, `(case_id, <filter>)` per filter and
 * `(case_id, <sort>, id)` for its sort.
 */
export class Migration20261201110000_properties_businesses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table real_estate_properties (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        address jsonb not null check (jsonb_typeof(address) = 'object'),
        property_type varchar(30) not null check (property_type in (${list(PROPERTY_TYPES)})),
        property_use varchar(30) check (property_use in (${list(PROPERTY_USES)})),
        parcel_number varchar(200),
        is_homestead boolean not null default false,
        ownership_type varchar(30) not null check (ownership_type in (${list(PROPERTY_OWNERSHIP_TYPES)})),
        ownership_percentage numeric(5,2) check (ownership_percentage between 0 and 100),
        title_vesting varchar(1000),
        co_owners jsonb not null default '[]' check (jsonb_typeof(co_owners) = 'array'),
        deed_type varchar(30) check (deed_type in (${list(DEED_TYPES)})),
        estimated_value numeric(14,2),
        date_of_death_value numeric(14,2),
        assessed_value numeric(14,2),
        annual_property_tax numeric(14,2),
        outstanding_mortgage numeric(14,2),
        mortgage_holder varchar(200),
        monthly_rental_income numeric(14,2),
        liens jsonb not null default '[]' check (jsonb_typeof(liens) = 'array'),
        status varchar(30) not null default 'owned' check (status in (${list(PROPERTY_STATUSES)})),
        sale_price numeric(14,2),
        sale_date date,
        institution_contact_id varchar(26) references institution_contacts (id) on delete set null,
        notes varchar(10000),
        latest_valuation_id varchar(26),
        latest_valuation_estimated_value numeric(14,2),
        latest_valuation_date date,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index real_estate_properties_by_case_created on real_estate_properties (case_id, created_at, id);
      create index real_estate_properties_by_case_estimated_value on real_estate_properties (case_id, estimated_value, id);
      create index real_estate_properties_by_case_status on real_estate_properties (case_id, status);
      create index real_estate_properties_by_case_property_use on real_estate_properties (case_id, property_use);
      create index real_estate_properties_by_case_ownership_type on real_estate_properties (case_id, ownership_type);

      alter table real_estate_valuations add column property_id varchar(26) references real_estate_properties (id) on delete set null;
      create index real_estate_valuations_by_property on real_estate_valuations (property_id, valuation_date desc nulls last, created_at desc, id desc)
        where property_id is not null;

      create table businesses (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        business_name varchar(200) not null,
        entity_type varchar(30) not null check (entity_type in (${list(BUSINESS_ENTITY_TYPES)})),
        state_of_formation varchar(2),
        ein text,
        status varchar(20) not null default 'active' check (status in (${list(BUSINESS_STATUSES)})),
        deceased_role varchar(20) check (deceased_role in (${list(DECEASED_ROLES)})),
        ownership_percentage numeric(5,2) not null check (ownership_percentage between 0 and 100),
        co_owners jsonb not null default '[]' check (jsonb_typeof(co_owners) = 'array'),
        estimated_value numeric(14,2),
        valuation_date date,
        valuation_method varchar(30) check (valuation_method in (${list(VALUATION_METHODS)})),
        interest_value numeric(14,2),
        has_operating_agreement boolean not null default false,
        has_buy_sell_agreement boolean not null default false,
        succession_plan varchar(30) check (succession_plan in (${list(SUCCESSION_PLANS)})),
        registered_agent varchar(200),
        sale_price numeric(14,2),
        sale_date date,
        institution_contact_id varchar(26) references institution_contacts (id) on delete set null,
        notes varchar(10000),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index businesses_by_case_created on businesses (case_id, created_at, id);
      create index businesses_by_case_interest_value on businesses (case_id, interest_value, id);
      create index businesses_by_case_entity_type on businesses (case_id, entity_type);
      create index businesses_by_case_status on businesses (case_id, status);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table businesses');
    this.addSql('drop index real_estate_valuations_by_property');
    this.addSql('alter table real_estate_valuations drop column property_id');
    this.addSql('drop table real_estate_properties');
  }
}
