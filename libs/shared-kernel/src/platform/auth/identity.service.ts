import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Optional } from '@nestjs/common';
import { ulid } from 'ulid';
import { Clock, SystemClock } from '../clock/clock';
import type { Tier } from '../config/app-config';
import { generateAccessToken, hashAccessToken, sameHash } from './access-token';
import { InvalidationFeed } from '../invalidation/invalidation-feed';
import type { OrgRole } from './org-role';
import type { CollaboratorRole, Principal } from './principal';
import type { TokenRefusal } from './principal-cache';
import { CoalescedLookup } from './coalesced-lookup';
import { TurnBatchedLookup } from './turn-batched-lookup';
import { CachedPrincipal, PRINCIPALS_CHANGED, PrincipalCache, UnknownTokenCache } from './principal-cache';
import { GrantsVersions } from './grants-versions';

export interface Invitation {
  organization_id: string;
  user_id: string;
  token: string;
  tier: Tier;
  role: OrgRole;
}

export class InvitationRefused extends Error {}

/** What the operator's invitation reads of a user already there. */
interface UserRow {
  id: string;
  organization_id: string | null;
  role: OrgRole | null;
  status: string;
  revoked: boolean;
}

/** Invitation-only access (contract §2, §9): the operator CLI invites and revokes; the AuthGuard resolves tokens. */
@Injectable()
export class IdentityService {
  constructor(
    private readonly em: EntityManager,
    /** Absent where no API serves (the CLI, a test's own instance): every lookup then reads the database. */
    @Optional() private readonly cache?: PrincipalCache,
    @Optional() private readonly clock: Clock = new SystemClock(),
    @Optional() private readonly unknown?: UnknownTokenCache,
    /** Bound wherever the cache is: a cached principal is served only once its version is read again. */
    @Optional() private readonly grants?: GrantsVersions,
  ) {}

  private readonly lookups = new CoalescedLookup<CachedPrincipal | 'revoked'>((hashes) => this.loadMany(hashes));

  /** The grants versions of users now, one statement for the requests of one turn of the event loop (issue 33, item 6). */
  private readonly versions = new TurnBatchedLookup<string>((userIds) => this.grants!.of(userIds));

  /**
   * The operator's invitation (contract §9, §13.2): the user is active at once with a new token. `role` defaults to
   * `owner` when this creates the organization and to `member` when it joins one; a user already there keeps its role
   * unless one is given. Plain statements on the identity tables (the people context maps them; the operator's
   * commands load no context), in one transaction.
   */
  async invite(email: string, tier: Tier, organizationName?: string, role?: OrgRole): Promise<Invitation> {
    const normalisedEmail = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalisedEmail)) throw new InvitationRefused(`"${email}" is not an e-mail address`);
    return this.em.transactional(async (em) => {
      const name = organizationName?.trim() || normalisedEmail;
      const [found] = await em.execute<Array<{ id: string; tier: Tier }>>('select id, tier from organizations where name = ?', [name]);
      if (found && found.tier !== tier) throw new InvitationRefused(`organization "${name}" exists with tier ${found.tier}, not ${tier}`);
      const now = this.clock.now();
      const organizationId = found?.id ?? ulid();
      if (!found) await em.execute('insert into organizations (id, name, tier, created_at) values (?, ?, ?, ?)', [organizationId, name, tier, now]);
      const [user] = await em.execute<UserRow[]>('select id, organization_id, role, status, revoked_at is not null as revoked from users where email = ?', [normalisedEmail]);
      if (user && user.organization_id !== organizationId) throw new InvitationRefused(`${normalisedEmail} already belongs to another organization`);
      const userId = user?.id ?? ulid();
      const userRole = role ?? user?.role ?? (found ? 'member' : 'owner');
      if (!user) {
        await em.execute(
          `insert into users (id, organization_id, email, role, status, first_name, last_name, last_seen_at, created_at, updated_at, revoked_at)
           values (?, ?, ?, ?, 'active', null, null, null, ?, ?, null)`,
          [userId, organizationId, normalisedEmail, userRole, now, now],
        );
      } else {
        // Only the columns that change are written: the users trigger tells every process of a change to those it names.
        const changes = [...(userRole !== user.role ? ['role = ?'] : []), ...(user.status !== 'active' ? ["status = 'active'"] : []), ...(user.revoked ? ['revoked_at = null'] : [])];
        await em.execute(`update users set ${[...changes, 'updated_at = ?'].join(', ')} where id = ?`, [...(userRole !== user.role ? [userRole] : []), now, userId]);
      }
      const token = generateAccessToken();
      await em.execute('insert into access_tokens (id, user_id, token_hash, created_at, revoked_at) values (?, ?, ?, ?, null)', [ulid(), userId, hashAccessToken(token), now]);
      return { organization_id: organizationId, user_id: userId, token, tier, role: userRole };
    });
  }

  /** Revokes every token of the user; returns how many were active. */
  async revoke(email: string): Promise<number> {
    const normalisedEmail = email.trim().toLowerCase();
    const revoked = await this.em.transactional(async (em) => {
      const now = this.clock.now();
      const [user] = await em.execute<Array<{ id: string }>>('update users set revoked_at = ? where email = ? returning id', [now, normalisedEmail]);
      if (!user) throw new InvitationRefused(`no user with e-mail ${normalisedEmail}`);
      const tokens = await em.execute<Array<{ id: string }>>('update access_tokens set revoked_at = ? where user_id = ? and revoked_at is null returning id', [now, user.id]);
      return tokens.length;
    });
    // Other processes hear it from the database (a trigger notifies on commit); this one must not wait for that.
    InvalidationFeed.announceLocally(PRINCIPALS_CHANGED);
    return revoked;
  }

  /**
   * Who holds this token, as the database says after the request arrived, or why nobody does: `unknown` or `revoked`
   * (contract §9: a revoked token's 401 says so), at once for a token refused a moment ago; a cached principal once
   * its user's grants version is read again and has not moved (one small statement, shared by the requests of the same
   * turn of the event loop); else the principal's query, shared with the lookups asked meanwhile (and, with
   * `gatherMs`, with those asked within that time). Either statement starts after the request arrived, so a change
   * answered before it (a seat removed, a role lowered, a token revoked, on any process) is seen (issue 33).
   */
  async principalOf(token: string, options: { gatherMs?: number } = {}): Promise<Principal | TokenRefusal> {
    const hash = hashAccessToken(token);
    const refused = this.unknown?.refusalOf(hash);
    if (refused) return refused;
    // Only a cache whose entries can be checked is served from.
    const cache = this.grants ? this.cache : undefined;
    const cached = cache?.get(hash);
    if (cached) {
      if ((await this.versions.get(cached.principal.userId)) === cached.grantsVersion) return cached.principal;
      cache!.forget(hash);
    }
    let refusal: TokenRefusal = 'unknown';
    const load = async () => {
      const found = await this.lookups.get(hash, options.gatherMs);
      if (found === 'revoked') refusal = found;
      return found === 'revoked' ? undefined : found;
    };
    const found = await (cache ? cache.through(hash, load) : load());
    if (found !== undefined) return found.principal;
    this.unknown?.remember(hash, refusal);
    return refusal;
  }

  /**
   * The principals of these token hashes, or `revoked` for a token that exists but no longer grants anything (it, or
   * its user, was revoked, or the user is not active), in one query (CoalescedLookup gathers the hashes asked meanwhile).
   */
  private async loadMany(hashes: string[]): Promise<Map<string, CachedPrincipal | 'revoked'>> {
    const rows: Array<{
      token_hash: string;
      revoked: boolean;
      user_id: string;
      grants_version: string;
      organization_id: string | null;
      tier: Tier | null;
      role: OrgRole | null;
      collaborations: Record<string, CollaboratorRole> | null;
    }> = await this.em
      .getConnection()
      .execute(
        `select t.token_hash, (t.revoked_at is not null or u.revoked_at is not null or u.status <> 'active') as revoked,
                u.id as user_id, u.grants_version::text as grants_version, o.id as organization_id, o.tier, u.role,
                (select json_object_agg(c.case_id, c.role) from collaborators c
                  where c.user_id = u.id and c.status = 'accepted') as collaborations
           from access_tokens t join users u on u.id = t.user_id left join organizations o on o.id = u.organization_id
          where t.token_hash in (?)`,
        [hashes],
      );
    const principals = new Map<string, CachedPrincipal | 'revoked'>();
    for (const hash of hashes) {
      const row = rows.find((candidate) => sameHash(candidate.token_hash, hash));
      if (row?.revoked) principals.set(hash, 'revoked');
      else if (row) {
        const principal = { userId: row.user_id, organizationId: row.organization_id, tier: row.tier, orgRole: row.role, collaborations: row.collaborations ?? {} };
        principals.set(hash, { principal, grantsVersion: row.grants_version });
      }
    }
    return principals;
  }
}
