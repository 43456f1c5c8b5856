import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CollaboratorRole, OrgRole, plainRows, PrincipalDirectory, Tier, TokenHolding } from '@estate/shared-kernel';

/**
 * The principal of each token hash, in one statement: the token, its user, the user's organization and the cases
 * shared with the user as an accepted collaborator, aggregated.
 */
const PRINCIPALS_OF_TOKENS = `
  select t.token_hash, (t.revoked_at is not null or u.revoked_at is not null or u.status <> 'active') as revoked,
         u.id as user_id, u.grants_version::text as grants_version, o.id as organization_id, o.tier, u.role,
         (select json_object_agg(c.case_id, c.role) from collaborators c
           where c.user_id = u.id and c.status = 'accepted') as collaborations
    from access_tokens t join users u on u.id = t.user_id left join organizations o on o.id = u.organization_id
   where t.token_hash in (?)`;

/** A cached principal's check (issue 33): its user's grants version now, by primary key, prepared. */
const GRANTS_VERSIONS = `select id, grants_version::text as grants_version from users where id = any($1::varchar[])`;

/**
 * The statement itself skips a user touched within the minute (by another process: the kernel's LastSeen writes at
 * most once a minute per user in this one); the users trigger ignores this column, so no cached principal drops.
 */
const TOUCH_LAST_SEEN = `update users set last_seen_at = now() where id = ? and (last_seen_at is null or last_seen_at < now() - interval '1 minute')`;

interface TokenRow {
  token_hash: string;
  revoked: boolean;
  user_id: string;
  grants_version: string;
  organization_id: string | null;
  tier: Tier | null;
  role: OrgRole | null;
  collaborations: Record<string, CollaboratorRole> | null;
}

/** The kernel's PrincipalDirectory over the people tables, in plain statements (the request path's, issue 7). */
@Injectable()
export class SqlPrincipalDirectory extends PrincipalDirectory {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async principalsOfTokens(tokenHashes: string[]): Promise<TokenHolding[]> {
    const rows: TokenRow[] = await this.em.getConnection().execute(PRINCIPALS_OF_TOKENS, [tokenHashes]);
    return rows.map((row): TokenHolding => {
      if (row.revoked) return { tokenHash: row.token_hash, revoked: true };
      const principal = { userId: row.user_id, organizationId: row.organization_id, tier: row.tier, orgRole: row.role, collaborations: row.collaborations ?? {} };
      return { tokenHash: row.token_hash, revoked: false, principal, grantsVersion: row.grants_version };
    });
  }

  async grantsVersionsOf(userIds: string[]): Promise<Map<string, string>> {
    const rows = await plainRows<{ id: string; grants_version: string }>(this.em, GRANTS_VERSIONS, [userIds], { prepared: true });
    return new Map(rows.map((row) => [row.id, row.grants_version]));
  }

  async touchLastSeen(userId: string): Promise<void> {
    await this.em.getConnection().execute(TOUCH_LAST_SEEN, [userId]);
  }
}
