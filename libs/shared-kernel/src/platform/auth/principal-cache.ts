import { Injectable } from '@nestjs/common';
import { InvalidatedCache } from '../invalidation/invalidated-cache';
import { InvalidationFeed, InvalidationSubscriber } from '../invalidation/invalidation-feed';
import type { Principal } from './principal';

/** Payload of the triggers on access_tokens, users and organizations (migration 20261123100000). */
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

/** How long a token found unknown is answered as unknown without asking the database again. */
export const UNKNOWN_TOKEN_TTL_MS = 5_000;

/**
 * Token hashes the database just said are unknown (issue 18: a flood of one bad token cost a query per request). Kept
 * a few seconds, at most `maxEntries`, dropped whenever any token, user or organization changes (the same notification
 * that empties the PrincipalCache: a token minted since is never refused from here), and not used while the feed is
 * not listening.
 */
@Injectable()
export class UnknownTokenCache implements InvalidationSubscriber {
  private readonly expiries = new Map<string, number>();

  private readonly maxEntries = 10_000;

  constructor(private readonly feed: InvalidationFeed) {
    feed.subscribe(this);
  }

  has(hash: string): boolean {
    if (!this.feed.trusted) return false;
    const expiry = this.expiries.get(hash);
    if (expiry === undefined) return false;
    if (expiry > Date.now()) return true;
    this.expiries.delete(hash);
    return false;
  }

  remember(hash: string): void {
    if (!this.feed.trusted) return;
    if (this.expiries.size >= this.maxEntries) {
      const oldest = this.expiries.keys().next().value;
      if (oldest !== undefined) this.expiries.delete(oldest);
    }
    this.expiries.delete(hash);
    this.expiries.set(hash, Date.now() + UNKNOWN_TOKEN_TTL_MS);
  }

  invalidate(payload: string): void {
    if (payload === PRINCIPALS_CHANGED) this.expiries.clear();
  }

  distrust(): void {
    this.expiries.clear();
  }
}
