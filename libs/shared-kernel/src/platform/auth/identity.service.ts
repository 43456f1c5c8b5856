import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { hashAccessToken, sameHash } from './access-token';
import type { Principal } from './principal';
import type { TokenRefusal } from './principal-cache';
import { CoalescedLookup } from './coalesced-lookup';
import { TurnBatchedLookup } from './turn-batched-lookup';
import { CachedPrincipal, PrincipalCache, UnknownTokenCache } from './principal-cache';
import { PrincipalDirectory } from './principal-directory';

/**
 * Who holds a bearer token (contract §9), for the AuthGuard on every request. The members and their tokens are the
 * people context's (it also holds the operator's invitation and revocation); the kernel asks its `PrincipalDirectory`.
 */
@Injectable()
export class IdentityService {
  /** Bound by the people context's module, found at the first lookup (kernel providers cannot inject a context's). */
  private bound?: PrincipalDirectory;

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly cache: PrincipalCache,
    private readonly unknown: UnknownTokenCache,
  ) {}

  private directory(): PrincipalDirectory {
    return (this.bound ??= this.moduleRef.get(PrincipalDirectory, { strict: false }));
  }

  private readonly lookups = new CoalescedLookup<CachedPrincipal | 'revoked'>((hashes) => this.loadMany(hashes));

  /** The grants versions of users now, one statement for the requests of one turn of the event loop (issue 33, item 6). */
  private readonly versions = new TurnBatchedLookup<string>((userIds) => this.directory().grantsVersionsOf(userIds));

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
    const refused = this.unknown.refusalOf(hash);
    if (refused) return refused;
    const cached = this.cache.get(hash);
    if (cached) {
      if ((await this.versions.get(cached.principal.userId)) === cached.grantsVersion) return cached.principal;
      this.cache.forget(hash);
    }
    let refusal: TokenRefusal = 'unknown';
    const load = async () => {
      const found = await this.lookups.get(hash, options.gatherMs);
      if (found === 'revoked') refusal = found;
      return found === 'revoked' ? undefined : found;
    };
    const found = await this.cache.through(hash, load);
    if (found !== undefined) return found.principal;
    this.unknown.remember(hash, refusal);
    return refusal;
  }

  /**
   * The principals of these token hashes, or `revoked` for a token that exists but no longer grants anything, in one
   * statement of the directory (CoalescedLookup gathers the hashes asked meanwhile).
   */
  private async loadMany(hashes: string[]): Promise<Map<string, CachedPrincipal | 'revoked'>> {
    const holdings = await this.directory().principalsOfTokens(hashes);
    const principals = new Map<string, CachedPrincipal | 'revoked'>();
    for (const hash of hashes) {
      const holding = holdings.find((candidate) => sameHash(candidate.tokenHash, hash));
      if (holding?.revoked) principals.set(hash, 'revoked');
      else if (holding) principals.set(hash, { principal: holding.principal, grantsVersion: holding.grantsVersion });
    }
    return principals;
  }
}
