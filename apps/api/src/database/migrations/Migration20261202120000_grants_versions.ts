import { Migration } from '@mikro-orm/migrations';

/**
 * What a user's token may reach has a version (issue 33, item 6). The NOTIFY of migration 20261123100000 reaches the
 * other API processes asynchronously, a few milliseconds after the commit: a process could still serve a collaborator
 * just removed, or accept a write by an editor just demoted, once. Each process now checks the version of a cached
 * principal against the database on every request (one small statement, shared by the requests that arrive together),
 * and serves the cached principal only while it is the version it was loaded at.
 *
 * `users.grants_version` moves with everything the principal is made of: the user's own revocation, organization,
 * role and status; the revocation or removal of any of its tokens; the tier of its organization; and any change of a
 * collaborator seat of the user (its case, role or status, or the seat itself). The triggers fire in the changing
 * transaction, so no path (a use case, the CLI, hand-written SQL) can change a grant without moving the version, and
 * the new version is visible exactly when the change is.
 */
export class Migration20261202120000_grants_versions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users add column grants_version bigint not null default 0;

      create function estate_users_grants_moved() returns trigger language plpgsql as $$
      begin
        new.grants_version := old.grants_version + 1;
        return new;
      end $$;
      create trigger users_grants_version before update on users for each row
        when (old.revoked_at is distinct from new.revoked_at or old.organization_id is distinct from new.organization_id
              or old.role is distinct from new.role or old.status is distinct from new.status)
        execute function estate_users_grants_moved();

      create function estate_bump_grants_version(user_ids varchar[]) returns void language sql as $$
        update users set grants_version = grants_version + 1 where id = any(user_ids);
      $$;

      create function estate_tokens_grants_moved() returns trigger language plpgsql as $$
      begin
        perform estate_bump_grants_version(array[old.user_id, case when tg_op = 'UPDATE' then new.user_id end]);
        return null;
      end $$;
      create trigger access_tokens_grants_version_update after update on access_tokens for each row
        when (old.revoked_at is distinct from new.revoked_at or old.user_id is distinct from new.user_id)
        execute function estate_tokens_grants_moved();
      create trigger access_tokens_grants_version_delete after delete on access_tokens for each row
        execute function estate_tokens_grants_moved();

      create function estate_collaborators_grants_moved() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform estate_bump_grants_version(array[new.user_id]);
        elsif tg_op = 'DELETE' then
          perform estate_bump_grants_version(array[old.user_id]);
        else
          perform estate_bump_grants_version(array[old.user_id, new.user_id]);
        end if;
        return null;
      end $$;
      create trigger collaborators_grants_version_insert after insert on collaborators for each row
        when (new.user_id is not null) execute function estate_collaborators_grants_moved();
      create trigger collaborators_grants_version_update after update on collaborators for each row
        when (old.user_id is distinct from new.user_id or old.case_id is distinct from new.case_id
              or old.role is distinct from new.role or old.status is distinct from new.status)
        execute function estate_collaborators_grants_moved();
      create trigger collaborators_grants_version_delete after delete on collaborators for each row
        when (old.user_id is not null) execute function estate_collaborators_grants_moved();

      create function estate_organizations_grants_moved() returns trigger language plpgsql as $$
      begin
        update users set grants_version = grants_version + 1 where organization_id = old.id;
        return null;
      end $$;
      create trigger organizations_grants_version after update on organizations for each row
        when (old.tier is distinct from new.tier) execute function estate_organizations_grants_moved();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger organizations_grants_version on organizations;
      drop function estate_organizations_grants_moved();
      drop trigger collaborators_grants_version_delete on collaborators;
      drop trigger collaborators_grants_version_update on collaborators;
      drop trigger collaborators_grants_version_insert on collaborators;
      drop function estate_collaborators_grants_moved();
      drop trigger access_tokens_grants_version_delete on access_tokens;
      drop trigger access_tokens_grants_version_update on access_tokens;
      drop function estate_tokens_grants_moved();
      drop function estate_bump_grants_version(varchar[]);
      drop trigger users_grants_version on users;
      drop function estate_users_grants_moved();
      alter table users drop column grants_version;
    `);
  }
}
