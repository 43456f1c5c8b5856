import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { PrincipalDirectory } from './principal-directory';

/** `last_seen_at` moves at most this often per user (contract-extensions §13.2: never a write per request). */
export const LAST_SEEN_EVERY_MS = 60_000;

/**
 * A member's `last_seen_at`: each process writes it at most once a minute per user (a map lookup on the hot path,
 * otherwise), the directory itself skips a user another process touched within the minute, the write runs outside
 * the request (nobody waits for it) and fires no cache invalidation.
 */
@Injectable()
export class LastSeen {
  private readonly logger = new Logger('LastSeen');
  private readonly touched = new Map<string, number>();
  private readonly maxEntries = 50_000;
  /** Bound by the people context's module, found at the first touch (as IdentityService finds it). */
  private directory?: PrincipalDirectory;

  constructor(private readonly moduleRef: ModuleRef) {}

  touch(userId: string): void {
    const now = Date.now();
    const last = this.touched.get(userId);
    if (last !== undefined && now - last < LAST_SEEN_EVERY_MS) return;
    if (this.touched.size >= this.maxEntries) this.touched.clear();
    this.touched.set(userId, now);
    (this.directory ??= this.moduleRef.get(PrincipalDirectory, { strict: false }))
      .touchLastSeen(userId)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'last_seen_at not recorded'));
  }
}
