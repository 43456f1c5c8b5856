import type { CachedPrincipal } from './principal-cache';

/** What the directory holds for one access token: who it lets in, or that it no longer lets anybody in. */
export type TokenHolding = { tokenHash: string; revoked: true } | ({ tokenHash: string; revoked: false } & CachedPrincipal);

/**
 * Port: who holds an access token, as the context that keeps the members, their tokens and their collaborations says
 * now (the people context binds it in its module; the kernel finds it at the first request, as it finds the case
 * context's `CaseOwnership`). The auth floor states what it needs here and names none of the context's tables.
 */
export abstract class PrincipalDirectory {
  /**
   * The holders of these token hashes, in ONE statement however many are asked (the lookups of a turn of the event
   * loop are gathered into one call): a token whose user or itself was revoked, or whose user is not active, is
   * `revoked`; an unknown hash is absent.
   */
  abstract principalsOfTokens(tokenHashes: string[]): Promise<TokenHolding[]>;

  /**
   * The grants version of these users now, in one small (prepared) statement: it moves with anything a principal is
   * made of, so a cached principal is served only while it has not moved. A user that no longer exists is absent.
   */
  abstract grantsVersionsOf(userIds: string[]): Promise<Map<string, string>>;

  /**
   * Records that the user was seen now, unless another process recorded it within the minute; changes no grants (it
   * drops no cached principal). The caller already writes at most once a minute per user and waits for nobody.
   */
  abstract touchLastSeen(userId: string): Promise<void>;
}
