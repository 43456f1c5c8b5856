import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The value sets as this migration writes them (a committed migration never changes, so it imports no vocabulary).
const ACCOUNTING_CATEGORIES = [
  'interest', 'dividends', 'rent', 'refund', 'other_receipt', 'funeral', 'administration', 'fiduciary_fees', 'attorney_fees',
  'court_costs', 'taxes', 'creditor_claims', 'property_expenses', 'sale_expenses', 'other_disbursement', 'distribution',
  'asset_proceeds', 'transfer',
];
const RELATED_TYPES = [
  'real_estate_property', 'vehicle', 'business', 'life_insurance_policy', 'investment_account', 'retirement_account',
  'financial_account', 'unclaimed_property', 'claim', 'debt', 'transfer', 'distribution',
];
/** The `type`s the transfers' ledger entries were written with, always with `category` `transfer`. */
const TRANSFER_LEDGER_TYPES = ['ach_debit', 'ach_credit', 'ach_return'];

/**
 * Rows written before the columns existed, classified as the service classifies a new row (contract-extensions §16.2):
 * a transfer's settlement or return leg (`category` `transfer`, an `ach_*` `type`) is `transfer`; any other row takes
 * its sign's default. A leg names its transfer when one is found by its trace number (`reference_number`, which the
 * transfers wrote), in the same case and on one of the transfer's two accounts: that row is the transfer's own, fixed
 * from now on (`written_by`). Exported for the test that runs it on rows inserted the old way.
 */
export const CLASSIFY_EXISTING_TRANSACTIONS = `
  update transactions t
     set accounting_category = case
           when t.category = 'transfer' and t.type in (${list(TRANSFER_LEDGER_TYPES)}) then 'transfer'
           when t.amount >= 0 then 'other_receipt'
           else 'other_disbursement'
         end,
         related_type = case when leg.transfer_id is null then null else 'transfer' end,
         related_id = leg.transfer_id,
         written_by = case when leg.transfer_id is null then null else 'transfer' end
    from transactions x
    left join lateral (
      select tr.id as transfer_id
        from transfers tr
       where x.category = 'transfer' and x.type in (${list(TRANSFER_LEDGER_TYPES)})
         and tr.trace_number = x.reference_number and tr.case_id = x.case_id
         and x.bank_account_id in (tr.bank_account_id, tr.estate_account_id)
    ) leg on true
   where x.id = t.id and t.accounting_category is null`;

/**
 * A distribution's payment (contract-extensions §12.7) is the transaction its distribution names (`transaction_id`):
 * `distribution`, naming it, fixed. Run only where the distributions table exists when this runs (a database that
 * gets this migration before the distributions' has no payment to classify; later ones are classified when written).
 */
export const CLASSIFY_DISTRIBUTION_PAYMENTS = `
  do $$
  begin
    if to_regclass('distributions') is not null then
      execute $sql$
        update transactions t
           set accounting_category = 'distribution', related_type = 'distribution', related_id = d.id, written_by = 'distribution'
          from distributions d
         where d.transaction_id = t.id and d.case_id = t.case_id
      $sql$;
    end if;
  end
  $$`;

/**
 * Contract-extensions §16.2: transactions gain their classification for the court accounting. `accounting_category`
 * is never null (filled for existing rows by the statements above); `related_type`/`related_id` are both set or both
 * null, `related_id` without a foreign key since it names a record of the table `related_type` says. `written_by`
 * marks the service's own rows (a transfer's legs, a distribution's payment), whose classification is fixed. Indexes:
 * the list's new filter (by account, in the list's order) and the accounting's look-up of what names a record.
 */
export class Migration20261201160000_transaction_classification extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table transactions
        add column accounting_category varchar(30),
        add column related_type varchar(30),
        add column related_id varchar(26),
        add column written_by varchar(20)`);
    this.addSql(CLASSIFY_EXISTING_TRANSACTIONS);
    this.addSql(CLASSIFY_DISTRIBUTION_PAYMENTS);
    this.addSql(`
      alter table transactions
        alter column accounting_category set not null,
        add constraint transactions_accounting_category_check check (accounting_category in (${list(ACCOUNTING_CATEGORIES)})),
        add constraint transactions_related_type_check check (related_type in (${list(RELATED_TYPES)})),
        add constraint transactions_related_both_or_neither check ((related_type is null) = (related_id is null)),
        add constraint transactions_written_by_check check (written_by in ('transfer', 'distribution'))`);
    this.addSql(`create index transactions_by_account_category on transactions (case_id, bank_account_id, accounting_category, created_at, id)`);
    this.addSql(`create index transactions_by_related on transactions (case_id, related_type, related_id) where related_id is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index transactions_by_related`);
    this.addSql(`drop index transactions_by_account_category`);
    this.addSql(`
      alter table transactions
        drop column written_by,
        drop column related_id,
        drop column related_type,
        drop column accounting_category`);
  }
}
