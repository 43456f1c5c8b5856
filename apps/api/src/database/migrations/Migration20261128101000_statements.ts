import { Migration } from '@mikro-orm/migrations';

/**
 * Contract §11.2: the statements of a bank account, each resting on a document. They go with their account (`on
 * delete cascade`, as its recurring payments do); a document a statement names cannot be deleted (`409
 * document_in_use`, and the foreign key without cascade says the same). `file_name` and `size_bytes` are the
 * document's, kept on the row so lists read one table (a rename of the document is copied in its transaction).
 * Periods of one account do not overlap: the writer's rule, under the case row lock (no exclusion constraint, which
 * would need the btree_gist extension). Lists have `(case_id, bank_account_id, created_at, id)` and
 * `(…, period_end, id)` for their sorts; the overlap check reads `(bank_account_id, period_start)`.
 */
export class Migration20261128101000_statements extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table statements (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        bank_account_id varchar(26) not null references bank_accounts (id) on delete cascade,
        document_id varchar(26) not null references documents (id),
        period_start date not null,
        period_end date not null,
        opening_balance numeric(14,2),
        closing_balance numeric(14,2),
        total_credits numeric(14,2),
        total_debits numeric(14,2),
        total_fees numeric(14,2),
        file_name varchar(255) not null,
        size_bytes integer not null,
        notes varchar(10000),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1,
        check (period_end >= period_start)
      );
      create index statements_by_account_created on statements (case_id, bank_account_id, created_at, id);
      create index statements_by_account_period_end on statements (case_id, bank_account_id, period_end, id);
      create index statements_by_account_period on statements (bank_account_id, period_start);
      create index statements_by_document on statements (document_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table statements');
  }
}
