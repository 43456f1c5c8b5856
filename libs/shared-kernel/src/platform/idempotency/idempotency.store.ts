import { randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { FieldCipher } from '../masking/field-cipher';
import { plainRows } from '../persistence/plain-query';
import { transactionRows } from '../transactions/transaction-rows';

export interface StoredResponse {
  status: number;
  body: unknown;
  etag: string | null;
}

export type Claim =
  | { outcome: 'claimed'; token: string }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'mismatch' }
  | { outcome: 'in_progress' };

/**
 * How long a fresh claim is safe without its row being held: the request takes the row's lock as the first statement
 * of its transaction, a few milliseconds after the claim committed (longer only while it waits for a pooled
 * connection, which gives up after 5 s). Past this, a claim in progress whose row nobody holds
 * belongs to a request whose process died.
 */
const UNHELD_GRACE = '10 seconds';
const PURGE_BATCH = 1000;

const CLAIM = `insert into idempotency_keys (organization_id, idempotency_key, fingerprint, state, claim_token, created_at, expires_at)
  values ($1, $2, $3, 'in_progress', $4, now(), now() + make_interval(hours => $5))
  on conflict (organization_id, idempotency_key) do nothing
  returning idempotency_key`;
const HOLD = `select 1 from idempotency_keys where organization_id = $1 and idempotency_key = $2 and claim_token = $3 and state = 'in_progress' for update`;
const COMPLETE = `update idempotency_keys set state = 'completed', response_status = $1, response_body = $2::jsonb, response_etag = $3
  where organization_id = $4 and idempotency_key = $5 and claim_token = $6`;

/**
 * A stored response is sealed with the field cipher: it may carry what is shown once and never stored in clear (a
 * webhook endpoint's `secret` in the `201` of its creation), and it is kept a day to be replayed.
 */
function sealed(body: unknown): string {
  return FieldCipher.encrypt(JSON.stringify(body));
}

/** Responses recorded before sealing was introduced are plain JSON; they expire within a day. */
function unsealed(stored: unknown): unknown {
  return typeof stored === 'string' && stored.startsWith('v1:') ? JSON.parse(FieldCipher.decrypt(stored)) : stored;
}

/**
 * Idempotency keys in PostgreSQL, so every API process sees the same ones (contract §6). The claim is committed on
 * its own before the request runs — that is what makes a concurrent duplicate see "in progress" — and the response
 * is recorded inside the request's own transaction, so a key is never completed for a write that rolled back.
 *
 * A process can die (SIGKILL, OOM, a lost machine) between claim and completion. So the request holds its key's row
 * (`hold`, `FOR UPDATE`) for as long as its transaction runs; PostgreSQL drops that lock when the dead process's
 * connection goes. A key in progress that nobody holds is then released by the next claim of it, and by the
 * background sweep, instead of answering "in progress" until it expires. Each claim has a token, and hold, complete
 * and release act only on their own claim, so a claim taken over can never be completed by the request it replaced.
 */
@Injectable()
export class IdempotencyStore {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
  ) {}

  /**
   * A new key is one statement (issue 19: the claim commits on its own, so each statement here is a round trip and a
   * commit). Only when the key is taken is a stale row (expired, or a claim nobody held past the grace) removed and
   * the insert tried again; what remains is answered from the row.
   */
  async claim(organizationId: string, key: string, fingerprint: string): Promise<Claim> {
    const connection = this.em.getConnection();
    const token = randomBytes(16).toString('hex');
    // Before the request's transaction opens, on a pooled connection: the claim commits on its own.
    const insert = () => plainRows(this.em, CLAIM, [organizationId, key, fingerprint, token, this.config.idempotencyRetentionHours], { prepared: true });
    if ((await insert()).length === 1) return { outcome: 'claimed', token };
    const stale = await connection.execute(
      `delete from idempotency_keys where ctid in (
         select ctid from idempotency_keys
          where organization_id = ? and idempotency_key = ?
            and (expires_at < now() or (state = 'in_progress' and created_at < now() - interval '${UNHELD_GRACE}'))
          for update skip locked)
       returning 1`,
      [organizationId, key],
    );
    if (stale.length > 0 && (await insert()).length === 1) return { outcome: 'claimed', token };
    const [existing] = await connection.execute(
      `select fingerprint, state, response_status, response_body, response_etag
         from idempotency_keys where organization_id = ? and idempotency_key = ?`,
      [organizationId, key],
    );
    if (!existing) return this.claim(organizationId, key, fingerprint);
    if (existing.fingerprint !== fingerprint) return { outcome: 'mismatch' };
    if (existing.state === 'in_progress') return { outcome: 'in_progress' };
    return { outcome: 'replay', response: { status: existing.response_status, body: unsealed(existing.response_body), etag: existing.response_etag } };
  }

  /**
   * Holds the claim's row for the rest of the request's transaction (call it first in that transaction). False when
   * the claim is no longer this request's: it sat unheld past the grace and another request took the key over.
   */
  async hold(em: EntityManager, organizationId: string, key: string, token: string): Promise<boolean> {
    const rows = await transactionRows(em, HOLD, [organizationId, key, token], { prepared: true });
    return rows.length === 1;
  }

  /** Records the response; pass the request's transactional EntityManager so it commits or rolls back with the write. */
  async complete(em: EntityManager, organizationId: string, key: string, token: string, response: StoredResponse): Promise<void> {
    await transactionRows(em, COMPLETE, [response.status, JSON.stringify(sealed(response.body ?? null)), response.etag, organizationId, key, token], {
      prepared: true,
    });
  }

  /** Deletes expired keys in batches; returns how many went. Run in the background (IdempotencyJobs, a scheduled job). */
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

  /**
   * Releases the keys left in progress by requests whose process died (nobody holds their row past the grace), so
   * the client's retry is served. Run at start and in the background (IdempotencyJobs, a scheduled job); returns how many went.
   */
  async releaseAbandoned(): Promise<number> {
    const rows: unknown[] = await this.em.getConnection().execute(
      `delete from idempotency_keys where ctid in (
         select ctid from idempotency_keys
          where state = 'in_progress' and created_at < now() - interval '${UNHELD_GRACE}'
          limit ${PURGE_BATCH} for update skip locked)
       returning 1`,
    );
    return rows.length;
  }

  async release(organizationId: string, key: string, token: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(`delete from idempotency_keys where organization_id = ? and idempotency_key = ? and state = 'in_progress' and claim_token = ?`, [
        organizationId,
        key,
        token,
      ]);
  }
}
