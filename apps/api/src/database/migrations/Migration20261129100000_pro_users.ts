import { Migration } from '@mikro-orm/migrations';

/**
 * Pro users and invitations (issue 22, contract-extensions §13.2, §13.4). Every existing user is an active owner of its
 * organization (the defaults also keep hand-written inserts of tests and tools working). The users trigger now also
 * notifies on `role` and `status`, which the cached principals carry; `last_seen_at` notifies nothing.
 *
 * `invitations` holds every one-time code, by `kind`: `pro_user` now (the invited member is `user_id`), `collaborator`
 * later (`case_id`). Only the code's SHA-256 is kept, plus, until the invitation e-mail has gone, the code encrypted
 * (`sealed_code`) for the `invitation-email` job to put in the message.
 */
export class Migration20261129100000_pro_users extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users
        add column role varchar(10) not null default 'owner' check (role in ('owner', 'admin', 'member')),
        add column status varchar(12) not null default 'active' check (status in ('invited', 'active', 'deactivated')),
        add column first_name varchar(100),
        add column last_name varchar(100),
        add column last_seen_at timestamptz(3),
        add column updated_at timestamptz(3) not null default now();
      update users set updated_at = created_at;
      create index users_organization_created on users (organization_id, created_at, id);

      drop trigger users_invalidate on users;
      create trigger users_invalidate after update of revoked_at, organization_id, role, status or delete on users
        for each statement execute function estate_notify_principals();

      create table invitations (
        id varchar(26) primary key,
        kind varchar(20) not null check (kind in ('pro_user', 'collaborator')),
        organization_id varchar(26) not null references organizations (id),
        user_id varchar(26) references users (id),
        case_id varchar(26) references cases (id) on delete cascade,
        email varchar(320) not null,
        code_hash char(64) not null unique,
        sealed_code text,
        invited_by varchar(26) references users (id),
        expires_at timestamptz(3) not null,
        used_at timestamptz(3),
        outcome varchar(10) check (outcome in ('accepted', 'declined')),
        created_at timestamptz(3) not null
      );
      create index invitations_user on invitations (user_id);
    `);
    this.addSql(`select pgboss.create_queue('invitation-email', '{"policy":"standard"}')`);
  }

  override async down(): Promise<void> {
    this.addSql(`select pgboss.delete_queue('invitation-email')`);
    this.addSql(`
      drop table invitations;
      drop trigger users_invalidate on users;
      create trigger users_invalidate after update of revoked_at, organization_id or delete on users
        for each statement execute function estate_notify_principals();
      drop index users_organization_created;
      alter table users drop column role, drop column status, drop column first_name, drop column last_name,
        drop column last_seen_at, drop column updated_at;
    `);
  }
}
