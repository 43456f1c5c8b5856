import { Migration } from '@mikro-orm/migrations';

/**
 * Collaborators (issue 22, contract-extensions §13.1, §13.3): outside people invited onto one case. An accepted
 * collaborator (`user_id` set) reaches that case with its `role`; the cached principals carry the accepted
 * collaborations of their user, so any insert, update or delete here drops them on every process (the same
 * `principals` notification as a revoked token: collaborator changes are rare, a miss costs one query).
 *
 * A guest (§13.1) is a user without an organization and without a role: both columns become nullable, together.
 */
export class Migration20261129120000_collaborators extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users alter column organization_id drop not null, alter column role drop not null,
        add constraint users_guest_has_no_role check ((organization_id is null) = (role is null));
      create table collaborators (
        id varchar(26) primary key,
        case_id varchar(26) not null references cases (id) on delete cascade,
        organization_id varchar(26) not null references organizations (id),
        email varchar(320) not null,
        first_name varchar(100),
        last_name varchar(100),
        role varchar(10) not null check (role in ('owner', 'editor', 'viewer')),
        status varchar(10) not null default 'pending' check (status in ('pending', 'accepted', 'declined', 'expired')),
        user_id varchar(26) references users (id),
        invited_by varchar(26) references users (id),
        message text,
        invitation_expires_at timestamptz(3) not null,
        accepted_at timestamptz(3),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        version integer not null default 1
      );
      create index collaborators_case_created on collaborators (case_id, created_at, id);
      create index collaborators_user on collaborators (user_id) where status = 'accepted';
      create trigger collaborators_invalidate after insert or update or delete on collaborators
        for each statement execute function estate_notify_principals();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table collaborators;
      delete from access_tokens where user_id in (select id from users where organization_id is null);
      delete from users where organization_id is null;
      alter table users drop constraint users_guest_has_no_role,
        alter column organization_id set not null, alter column role set not null;
    `);
  }
}
