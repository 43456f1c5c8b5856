import { Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { InvalidatedCache } from '../invalidation/invalidated-cache';
import { InvalidationFeed, InvalidationSubscriber } from '../invalidation/invalidation-feed';
import type { Principal } from './principal';

/** Payload of the people context's triggers on its members, tokens and organizations (migration 20261123100000). */
export const PRINCIPALS_CHANGED = 'principals';

/** A cached principal with the version of its user's grants it was loaded at (migration 20261202120000). */
export interface CachedPrincipal {
  principal: Principal;
  grantsVersion: string;
}

/**
 * Principals by token hash, in memory, so that authentication reads one small statement rather than the principal's
 * joins (issue 7). An entry is served only while its user's `grants_version` in the database is the one it was loaded
 * at (IdentityService checks that on every request, issue 33): the notification of a change reaches other processes
 * a few milliseconds after the commit, too late for a request sent right after the change was answered. The
 * notification still empties the cache everywhere (a stale entry costs its next request a second statement), and
 * nothing is served from here while the invalidation feed is not listening.
 */
@Injectable()
export class PrincipalCache extends InvalidatedCache<CachedPrincipal> {
  constructor(feed: InvalidationFeed) {
    super(feed, { maxEntries: 50_000, keyOf: (payload) => (payload === PRINCIPALS_CHANGED ? 'all' : undefined) });
  }
}

/** Why a token grants nothing: no such token, or one that was revoked (its user's too, or the user deactivated). */
export type TokenRefusal = 'unknown' | 'revoked';

/** How long a token found unknown (or revoked) is answered so without asking the database again. */
export const UNKNOWN_TOKEN_TTL_MS = 5_000;

/**
 * Token hashes the database just said are unknown or revoked, and which (issue 18: a flood of one bad token cost a query per request). Kept
 * `UNKNOWN_TOKEN_TTL_MS` by the kernel's clock, at most `maxEntries`, and dropped whenever any token, user or
 * organization changes (the same notification that empties the PrincipalCache).
 *
 * Unlike the principal cache it does not stop while the invalidation feed is deaf (issue 33, item 9: a heartbeat
 * missed on a loaded machine emptied it mid-flood, and a second lookup followed). It can only refuse, never let in: a
 * token becomes valid by being minted, and a minted token (32 random bytes) is one nobody asked for before; the rare
 * hand-written un-revocation is refused for at most the TTL if its notification is missed.
 */
@Injectable()
export class UnknownTokenCache implements InvalidationSubscriber {
  private readonly refusals = new Map<string, { until: number; why: TokenRefusal }>();

  private readonly maxEntries = 10_000;

  constructor(
    feed: InvalidationFeed,
    private readonly clock: Clock,
  ) {
    feed.subscribe(this);
  }

  refusalOf(hash: string): TokenRefusal | undefined {
    const refusal = this.refusals.get(hash);
    if (refusal === undefined) return undefined;
    if (refusal.until > this.clock.now().getTime()) return refusal.why;
    this.refusals.delete(hash);
    return undefined;
  }

  remember(hash: string, why: TokenRefusal): void {
    if (this.refusals.size >= this.maxEntries) {
      const oldest = this.refusals.keys().next().value;
      if (oldest !== undefined) this.refusals.delete(oldest);
    }
    this.refusals.delete(hash);
    this.refusals.set(hash, { until: this.clock.now().getTime() + UNKNOWN_TOKEN_TTL_MS, why });
  }

  invalidate(payload: string): void {
    if (payload === PRINCIPALS_CHANGED) this.refusals.clear();
  }

  /** Nothing to distrust: see above. */
  distrust(): void {}
}
