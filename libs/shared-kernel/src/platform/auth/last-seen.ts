import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';

/** `last_seen_at` moves at most this often per user (contract-extensions §13.2: never a write per request). */
export const LAST_SEEN_EVERY_MS = 60_000;

const TOUCH = `update users set last_seen_at = now() where id = ? and (last_seen_at is null or last_seen_at < now() - interval '1 minute')`;

/**
 * A member's `last_seen_at`: each process writes it at most once a minute per user (a map lookup on the hot path,
 * otherwise), the statement itself skips a row another process touched within the minute, runs outside the request
 * (nobody waits for it) and fires no cache invalidation (the users trigger ignores this column).
 */
@Injectable()
export class LastSeen {
  private readonly logger = new Logger('LastSeen');
  private readonly touched = new Map<string, number>();
  private readonly maxEntries = 50_000;

  constructor(private readonly em: EntityManager) {}

  touch(userId: string): void {
    const now = Date.now();
    const last = this.touched.get(userId);
    if (last !== undefined && now - last < LAST_SEEN_EVERY_MS) return;
    if (this.touched.size >= this.maxEntries) this.touched.clear();
    this.touched.set(userId, now);
    this.em
      .getConnection()
      .execute(TOUCH, [userId])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'last_seen_at not recorded'));
  }
}
