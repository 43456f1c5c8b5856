import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

export interface StoredResponse {
  status: number;
  body: unknown;
  etag: string | null;
}

export type Claim =
  | { outcome: 'claimed' }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'mismatch' }
  | { outcome: 'in_progress' };

/** A request left in progress this long is taken to have died with its process; its key may be claimed again. */
const ABANDONED_AFTER = '5 minutes';
const PURGE_BATCH = 1000;

/**
 * Idempotency keys in PostgreSQL, so every API process sees the same ones (contract §6). The claim is committed on
 * its own before the request runs — that is what makes a concurrent duplicate see "in progress" — and the response
 * is recorded inside the request's own transaction, so a key is never completed for a write that rolled back.
 */
@Injectable()
export class IdempotencyStore {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
  ) {}

  async claim(organizationId: string, key: string, fingerprint: string): Promise<Claim> {
    const connection = this.em.getConnection();
    await connection.execute(
      `delete from idempotency_keys
        where organization_id = ? and idempotency_key = ?
          and (expires_at < now() or (state = 'in_progress' and created_at < now() - interval '${ABANDONED_AFTER}'))`,
      [organizationId, key],
    );
    const inserted = await connection.execute(
      `insert into idempotency_keys (organization_id, idempotency_key, fingerprint, state, created_at, expires_at)
       values (?, ?, ?, 'in_progress', now(), now() + make_interval(hours => ?))
       on conflict (organization_id, idempotency_key) do nothing
       returning idempotency_key`,
      [organizationId, key, fingerprint, this.config.idempotencyRetentionHours],
    );
    if (inserted.length === 1) return { outcome: 'claimed' };
    const [existing] = await connection.execute(
      `select fingerprint, state, response_status, response_body, response_etag
         from idempotency_keys where organization_id = ? and idempotency_key = ?`,
      [organizationId, key],
    );
    if (!existing) return this.claim(organizationId, key, fingerprint);
    if (existing.fingerprint !== fingerprint) return { outcome: 'mismatch' };
    if (existing.state === 'in_progress') return { outcome: 'in_progress' };
    return { outcome: 'replay', response: { status: existing.response_status, body: existing.response_body, etag: existing.response_etag } };
  }

  /** Records the response; pass the request's transactional EntityManager so it commits or rolls back with the write. */
  async complete(em: EntityManager, organizationId: string, key: string, response: StoredResponse): Promise<void> {
    await em.getConnection().execute(
      `update idempotency_keys set state = 'completed', response_status = ?, response_body = ?::jsonb, response_etag = ?
        where organization_id = ? and idempotency_key = ?`,
      [response.status, JSON.stringify(response.body ?? null), response.etag, organizationId, key],
      'run',
      em.getTransactionContext(),
    );
  }

  /** Deletes expired keys in batches; returns how many went. Run in the background (IdempotencyKeyPurge). */
  async purgeExpired(): Promise<number> {
    let purged = 0;
    for (;;) {
      const rows: unknown[] = await this.em
        .getConnection()
        .execute(
          `delete from idempotency_keys where ctid in (select ctid from idempotency_keys where expires_at < now() limit ${PURGE_BATCH}) returning 1`,
        );
      purged += rows.length;
      if (rows.length < PURGE_BATCH) return purged;
    }
  }

  async release(organizationId: string, key: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(`delete from idempotency_keys where organization_id = ? and idempotency_key = ? and state = 'in_progress'`, [organizationId, key]);
  }
}
