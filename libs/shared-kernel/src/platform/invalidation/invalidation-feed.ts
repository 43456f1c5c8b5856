import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { AppConfig } from '../config/app-config';

/** The channel the triggers of migration 20261123100000 notify on. */
export const INVALIDATION_CHANNEL = 'estate_invalidation';

/** What a cache does with the feed: drop what a notification names, and drop everything when the feed goes blind. */
export interface InvalidationSubscriber {
  invalidate(payload: string): void;
  /** The feed may have missed notifications (its connection dropped, or it is reconnecting): trust nothing cached. */
  distrust(): void;
}

const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 2_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

const feedsOfThisProcess = new Set<InvalidationFeed>();

/**
 * A dedicated PostgreSQL connection that `LISTEN`s for cache invalidations (issue 7). The database notifies from
 * the committing transaction (triggers on revocation and case deletion), so every API process hears of a revoked
 * token or a deleted case within milliseconds of the commit.
 *
 * The caches built on it may serve from memory only while the feed is `trusted`: listening on a live connection.
 * When the connection errors, ends, or misses a heartbeat, the feed tells every subscriber to drop everything and
 * stays untrusted — every lookup then goes to the database — until it has reconnected and is listening again (and
 * drops everything once more then, for whatever was notified while it was deaf).
 */
@Injectable()
export class InvalidationFeed implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('InvalidationFeed');
  private readonly subscribers = new Set<InvalidationSubscriber>();
  private client?: Client;
  private listening = false;
  private closing = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer?: NodeJS.Timeout;
  private heartbeatTimer?: NodeJS.Timeout;

  constructor(private readonly config: AppConfig) {}

  /**
   * Drops entries in every cache of this process at once, without waiting for the database's notification to come
   * back: the process that revokes or deletes must not answer from memory even for the millisecond that takes.
   */
  static announceLocally(payload: string): void {
    for (const feed of feedsOfThisProcess) feed.deliver(payload);
  }

  get trusted(): boolean {
    return this.listening;
  }

  subscribe(subscriber: InvalidationSubscriber): void {
    this.subscribers.add(subscriber);
  }

  async onModuleInit(): Promise<void> {
    feedsOfThisProcess.add(this);
    try {
      await this.connect();
    } catch (error) {
      // The service can serve without the feed (from the database alone); keep trying in the background.
      this.logger.warn(`cache invalidation feed unavailable (${(error as Error).message}); caches stay off until it connects`);
      this.scheduleReconnect();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    feedsOfThisProcess.delete(this);
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeatTimer);
    this.listening = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** For tests: what happens when the listening connection dies without warning. */
  simulateConnectionLoss(): void {
    this.client?.emit('error', new Error('simulated loss of the LISTEN connection'));
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.config.databaseUrl, keepAlive: true, application_name: 'estate-desk cache invalidation' });
    client.on('notification', (message) => {
      if (message.channel === INVALIDATION_CHANNEL && message.payload) this.deliver(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${INVALIDATION_CHANNEL}`);
    } catch (error) {
      this.client = undefined;
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closing || this.client !== client) return;
    // Whatever was cached before this connection listened may have been invalidated meanwhile.
    this.distrustAll();
    this.listening = true;
    this.reconnectDelay = RECONNECT_MIN_MS;
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => this.heartbeat(client), HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  /** A connection that silently died (no FIN, no error) would deliver nothing: prove it alive every few seconds. */
  private heartbeat(client: Client): void {
    if (this.client !== client) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error('heartbeat timed out')), HEARTBEAT_TIMEOUT_MS);
    });
    Promise.race([client.query('select 1'), timeout])
      .catch((error: Error) => this.lost(client, error))
      .finally(() => clearTimeout(timer));
  }

  private lost(client: Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    clearInterval(this.heartbeatTimer);
    this.distrustAll();
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (this.closing) return;
    this.logger.warn(`cache invalidation feed lost (${error?.message ?? 'connection ended'}); caches off until it reconnects`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closing) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch(() => {
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
        this.scheduleReconnect();
      });
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
  }

  private deliver(payload: string): void {
    for (const subscriber of this.subscribers) subscriber.invalidate(payload);
  }

  private distrustAll(): void {
    for (const subscriber of this.subscribers) subscriber.distrust();
  }
}
