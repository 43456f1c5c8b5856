import { currentTransaction } from '../context/request-scope';
import type { InvalidationFeed, InvalidationSubscriber } from './invalidation-feed';

export interface InvalidatedCacheOptions {
  /** Entries kept at most; the oldest insertion goes first beyond that. */
  maxEntries: number;
  /**
   * What a notification payload means for this cache: a key to drop, `'all'` to drop everything, or undefined when
   * it concerns another cache.
   */
  keyOf(payload: string): string | 'all' | undefined;
  /**
   * The entity manager the values are read through: a value loaded while it has a transaction open is answered but
   * not kept, since that transaction may yet roll back.
   */
  em?: { name: string };
}

/**
 * An in-process map that answers only while its invalidation feed is listening (see InvalidationFeed). Only
 * positive answers are kept (a token or case that does not exist yet may exist a moment later).
 *
 * A lookup that started before an invalidation must not store what it read once the invalidation has passed: every
 * drop bumps a generation, and a loaded value is stored only if the generation is the one seen when loading began.
 */
export class InvalidatedCache<V> implements InvalidationSubscriber {
  private readonly entries = new Map<string, V>();
  private generation = 0;

  constructor(
    private readonly feed: Pick<InvalidationFeed, 'trusted' | 'subscribe'>,
    private readonly options: InvalidatedCacheOptions,
  ) {
    feed.subscribe(this);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    return this.feed.trusted ? this.entries.get(key) : undefined;
  }

  /**
   * The cached value, or `load()`'s, which is kept when defined, nothing was invalidated meanwhile and no transaction
   * of `options.em` is open.
   */
  async through(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (this.feed.trusted) {
      const hit = this.entries.get(key);
      if (hit !== undefined) return hit;
    }
    const generation = this.generation;
    const value = await load();
    const provisional = this.options.em !== undefined && currentTransaction(this.options.em) !== undefined;
    if (value !== undefined && generation === this.generation && this.feed.trusted && !provisional) this.store(key, value);
    return value;
  }

  forget(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  invalidate(payload: string): void {
    const key = this.options.keyOf(payload);
    if (key === 'all') this.clear();
    else if (key !== undefined) this.forget(key);
  }

  distrust(): void {
    this.clear();
  }

  private store(key: string, value: V): void {
    if (this.entries.size >= this.options.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
  }
}
