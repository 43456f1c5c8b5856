import { EntityManager } from '@mikro-orm/postgresql';
import { ulid } from 'ulid';
import { Clock, generateAccessToken, hashAccessToken, InvalidationFeed, OrgRole, PRINCIPALS_CHANGED, SystemClock, Tier } from '@estate/shared-kernel';

/** What the operator's invitation hands back: the token is shown once and stored only as its hash. */
export interface OperatorInvitation {
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

/**
 * The operator's commands (contract §2, §9: invitation-only access): invite a member, with a new token, and revoke
 * one. Plain statements on the people tables in one transaction each, on the entity manager it is given: the CLI
 * builds no Nest application (and loads no mapping), tests and the demo data hand it their application's.
 */
export class OperatorEnrolment {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock = new SystemClock(),
  ) {}

  /**
   * The operator's invitation (contract §9, §13.2): the user is active at once with a new token. `role` defaults to
   * `owner` when this creates the organization and to `member` when it joins one; a user already there keeps its role
   * unless one is given.
   */
  async invite(email: string, tier: Tier, organizationName?: string, role?: OrgRole): Promise<OperatorInvitation> {
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
}
