import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The value sets as the migration wrote them (a migration never changes after it is committed).
const CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/tiff'];
const QUEUES = ['document-promote', 'document-remove', 'document-upload-sweep'];

/**
 * Issue 21, contract §11.1: documents and their bytes. `document_contents` is the default storage adapter's: the file
 * in 1 MiB rows, each AES-256-GCM ciphertext with its IV and tag, going with its document (`on delete cascade`). Lists
 * have `(case_id, created_at, id)` and `(case_id, file_name, id)` for their sorts and `(case_id, type)`,
 * `(case_id, related_type, related_id)` for their filters.
 */
export class Migration20261127200000_documents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table documents (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id),
        type varchar(40) not null,
        title varchar(200),
        file_name varchar(255) not null check (file_name <> ''),
        content_type varchar(40) not null check (content_type in (${list(CONTENT_TYPES)})),
        size_bytes integer not null check (size_bytes between 1 and 26214400),
        sha256 char(64) not null check (sha256 ~ '^[0-9a-f]{64}$'),
        page_count integer check (page_count > 0),
        related_type varchar(40),
        related_id varchar(26),
        uploaded_by varchar(26) not null,
        notes varchar(10000),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1,
        check ((related_type is null) = (related_id is null))
      )`);
    this.addSql('create index documents_by_case_created on documents (case_id, created_at, id)');
    this.addSql('create index documents_by_case_file_name on documents (case_id, file_name, id)');
    this.addSql('create index documents_by_case_type on documents (case_id, type)');
    this.addSql('create index documents_by_case_related on documents (case_id, related_type, related_id)');
    this.addSql(`
      create table document_contents (
        document_id varchar(26) not null references documents (id) on delete cascade,
        chunk integer not null check (chunk >= 0),
        iv bytea not null,
        tag bytea not null,
        data bytea not null,
        primary key (document_id, chunk)
      )`);
    // Ciphertext does not compress; PostgreSQL would only spend time trying.
    this.addSql('alter table document_contents alter column data set storage external');
    // The S3 adapter's work: renaming an upload after its commit, deleting a deleted document's object, the sweep.
    for (const queue of QUEUES) this.addSql(`select pgboss.create_queue('${queue}', '{"policy":"standard"}')`);
  }

  override async down(): Promise<void> {
    for (const queue of QUEUES) this.addSql(`select pgboss.delete_queue('${queue}')`);
    this.addSql('drop table document_contents');
    this.addSql('drop table documents');
  }
}
