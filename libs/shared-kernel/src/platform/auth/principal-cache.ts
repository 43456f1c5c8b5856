import { Injectable } from '@nestjs/common';
import { InvalidatedCache } from '../invalidation/invalidated-cache';
import { InvalidationFeed } from '../invalidation/invalidation-feed';
import type { Principal } from './principal';

/** Payload of the triggers on access_tokens, users and organizations (migration 20261123100000). */
export const PRINCIPALS_CHANGED = 'principals';

/**
 * Principals by token hash, in memory, so that authentication costs no database round trip (issue 7). Any
 * revocation anywhere drops every entry on every process (revocations are rare; a miss costs one query), and
 * nothing is served from here while the invalidation feed is not listening.
 */
@Injectable()
export class PrincipalCache extends InvalidatedCache<Principal> {
  constructor(feed: InvalidationFeed) {
    super(feed, { maxEntries: 50_000, keyOf: (payload) => (payload === PRINCIPALS_CHANGED ? 'all' : undefined) });
  }
}
