import { Migration } from '@mikro-orm/migrations';

/**
 * Cache invalidation across API processes (issue 7). Each process keeps principals (token → user, organization,
 * tier) and case ownership (case → organization) in memory; these triggers tell every process, through
 * `NOTIFY estate_invalidation`, when an entry stops being true. A trigger fires in the revoking or deleting
 * transaction itself and PostgreSQL delivers the notification only when that transaction commits, so no code path
 * (the CLI, a use case, a hand-written SQL statement) can revoke or delete without the caches hearing of it.
 *
 * Payloads: `principals` (a token or user was revoked or removed: every cached principal is dropped; revocations are
 * rare) and `case:<id>` (the case was deleted: its cached owner is dropped).
 */
export class Migration20261123100000_cache_invalidation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function estate_notify_principals() returns trigger language plpgsql as $$
      begin
        perform pg_notify('estate_invalidation', 'principals');
        return null;
      end $$;

      create trigger access_tokens_invalidate after update of revoked_at or delete on access_tokens
        for each statement execute function estate_notify_principals();
      create trigger users_invalidate after update of revoked_at, organization_id or delete on users
        for each statement execute function estate_notify_principals();
      create trigger organizations_invalidate after update of tier or delete on organizations
        for each statement execute function estate_notify_principals();

      create function estate_notify_case_gone() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          perform pg_notify('estate_invalidation', 'case:' || old.id);
        elsif new.deleted_at is not null or new.organization_id is distinct from old.organization_id then
          perform pg_notify('estate_invalidation', 'case:' || old.id);
        end if;
        return null;
      end $$;

      create trigger cases_invalidate after update of deleted_at, organization_id or delete on cases
        for each row execute function estate_notify_case_gone();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger cases_invalidate on cases;
      drop function estate_notify_case_gone();
      drop trigger organizations_invalidate on organizations;
      drop trigger users_invalidate on users;
      drop trigger access_tokens_invalidate on access_tokens;
      drop function estate_notify_principals();
    `);
  }
}
