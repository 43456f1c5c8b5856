import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The value sets as the migration wrote them (a migration never changes after it is committed).
const PROBATE_TYPES = ['formal', 'informal', 'small_estate'];
const PROBATE_CASE_STATUSES = ['not_filed', 'filed', 'open', 'closed', 'dismissed'];
const FILING_TYPES = ['petition', 'notice', 'inventory', 'accounting', 'motion', 'order', 'letters', 'bond', 'waiver', 'affidavit', 'caveat', 'claim', 'deed', 'other'];
const FILING_STATUSES = ['draft', 'filed', 'accepted', 'rejected', 'withdrawn'];

/**
 * Contract-extensions §10.1–§10.2: the probate case (one per case, keyed by it, like the executor) and its filings.
 * The filings' list filters and sort have indexes led by the case; the documents' referrer lookup
 * (`document_ids @> […]`) reads the case's filings through the case index.
 */
export class Migration20261129120000_probate_court extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table probate_cases (
        case_id varchar(26) primary key references cases (id),
        state varchar(2) not null,
        county_fips varchar(5),
        county_name varchar(200),
        court_name varchar(200),
        court_address jsonb,
        case_number varchar(100),
        probate_type varchar(20) not null check (probate_type in (${list(PROBATE_TYPES)})),
        status varchar(20) not null check (status in (${list(PROBATE_CASE_STATUSES)})),
        filed_date date,
        opened_date date,
        closed_date date,
        judge_name varchar(200),
        next_hearing_date date,
        will_admitted boolean not null default false,
        estate_value_at_filing numeric(14,2) check (estate_value_at_filing >= 0),
        attorney jsonb,
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );

      create table probate_filings (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        filing_type varchar(20) not null check (filing_type in (${list(FILING_TYPES)})),
        title varchar(200) not null,
        description text,
        form_id varchar(60),
        status varchar(20) not null check (status in (${list(FILING_STATUSES)})),
        filed_date date,
        response_date date,
        rejection_reason text,
        court_reference varchar(200),
        filed_by varchar(200),
        fees_paid numeric(14,2) check (fees_paid >= 0),
        document_ids jsonb not null check (jsonb_typeof(document_ids) = 'array'),
        hearing_date date,
        notes text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index probate_filings_by_case_created on probate_filings (case_id, created_at, id);
      create index probate_filings_by_case_filed on probate_filings (case_id, filed_date, id);
      create index probate_filings_by_case_status on probate_filings (case_id, status);
      create index probate_filings_by_case_type on probate_filings (case_id, filing_type);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table probate_filings');
    this.addSql('drop table probate_cases');
  }
}
