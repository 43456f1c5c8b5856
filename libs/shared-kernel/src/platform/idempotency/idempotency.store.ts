import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { caseRowHold, CaseRowLocation } from '../access/case-access';
import { FieldCipher } from '../masking/field-cipher';
import { plainRows } from '../persistence/plain-query';
import { transactionRows } from '../transactions/transaction-rows';

export interface StoredResponse {
  status: number;
  body: unknown;
  etag: string | null;
}

export type Claim =
  | { outcome: 'claimed'; caseHeld: boolean }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'mismatch' }
  | { outcome: 'in_progress' };

/**
 * How long a row left `in_progress` by an earlier version of the service (which committed its claim on its own before
 * the request ran) is answered "in progress" before it is taken to belong to a request whose process died. This
 * version never commits such a row: its claim lives and dies with the request's transaction.
 */
const UNHELD_GRACE = '10 seconds';
const PURGE_BATCH = 1000;

/** The lock a request holds on its key while its transaction runs: the key's name among PostgreSQL's advisory locks. */
const KEY_LOCK = `hashtextextended('idempotency:' || $1 || ':' || $2, 0)`;

/**
 * The claim, one statement on the request's own transaction: try the key's advisory lock (never waiting: a request
 * holding it is "in progress") and read the key's row, if any, with whether it is stale (expired, or a claim an
 * earlier version committed and nobody finished).
 */
const CLAIM = `select pg_try_advisory_xact_lock(${KEY_LOCK}) as held, k.fingerprint, k.state, k.response_status, k.response_body, k.response_etag,
    (k.expires_at < now() or (k.state = 'in_progress' and k.created_at < now() - interval '${UNHELD_GRACE}')) as stale
  from (select 1) one
  left join idempotency_keys k on k.organization_id = $1 and k.idempotency_key = $2`;

/**
 * The claim that also holds the request's case (issue 19: one statement for both). The key's lock is tried first —
 * the case's hold is conditional on it — so a duplicate of a running request is told "in progress" at once, never
 * left waiting for the case; and a key that has a row (a replay) holds no case.
 */
function claimHoldingCase(caseRow: CaseRowLocation): string {
  const hold = caseRowHold(caseRow, '$3', '(select got from key_lock) and not exists (select 1 from k)');
  return `with key_lock as (select pg_try_advisory_xact_lock(${KEY_LOCK}) as got),
    k as (select * from idempotency_keys where organization_id = $1 and idempotency_key = $2),
    held_case as (${hold})
  select (select got from key_lock) as held, exists (select 1 from held_case) as case_held, k.fingerprint, k.state, k.response_status,
    k.response_body, k.response_etag, (k.expires_at < now() or (k.state = 'in_progress' and k.created_at < now() - interval '${UNHELD_GRACE}')) as stale
  from (select 1) one
  left join k on true`;
}

/** A stale row goes, unless a live transaction still holds it (a request of an earlier version, still running). */
const CLEAR_STALE = `delete from idempotency_keys where ctid in (
    select ctid from idempotency_keys
     where organization_id = $1 and idempotency_key = $2
       and (expires_at < now() or (state = 'in_progress' and created_at < now() - interval '${UNHELD_GRACE}'))
     for update skip locked)
  returning 1`;

const RECORD = `insert into idempotency_keys (organization_id, idempotency_key, fingerprint, state, response_status, response_body, response_etag, created_at, expires_at)
  values ($1, $2, $3, 'completed', $4, $5::jsonb, $6, now(), now() + make_interval(hours => $7))
  on conflict (organization_id, idempotency_key) do nothing
  returning 1`;

/** A refusal is recorded after its transaction rolled back, once whoever holds the key now is done with it. */
const RECORD_REFUSAL = `with lock as (select pg_advisory_xact_lock(${KEY_LOCK}))
  insert into idempotency_keys (organization_id, idempotency_key, fingerprint, state, response_status, response_body, response_etag, created_at, expires_at)
  select $1, $2, $3, 'completed', $4, $5::jsonb, $6, now(), now() + make_interval(hours => $7) from lock
  on conflict (organization_id, idempotency_key) do nothing
  returning 1`;

const ANSWER = `select fingerprint, state, response_status, response_body, response_etag
  from idempotency_keys where organization_id = $1 and idempotency_key = $2 and state = 'completed' and expires_at >= now()`;

/** The key was answered by another request while this one ran: its write rolls back and the key's answer is given. */
export class KeyTaken extends Error {
  constructor() {
    super('idempotency key answered by another request');
  }
}

interface KeyRow {
  held?: boolean;
  case_held?: boolean;
  stale?: boolean;
  fingerprint: string | null;
  state: string | null;
  response_status: number | null;
  response_body: unknown;
  response_etag: string | null;
}

function answerOf(row: KeyRow, fingerprint: string): Exclude<Claim, { outcome: 'claimed' }> {
  if (row.fingerprint !== fingerprint) return { outcome: 'mismatch' };
  if (row.state === 'in_progress') return { outcome: 'in_progress' };
  return { outcome: 'replay', response: { status: row.response_status as number, body: unsealed(row.response_body), etag: row.response_etag } };
}

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
 * Idempotency keys in PostgreSQL, so every API process sees the same ones (contract §6), kept in the request's own
 * transaction from claim to answer (issue 19: one commit per keyed write, not two). The claim takes the key's advisory
 * lock for the transaction without waiting — a concurrent duplicate, in any process, finds it taken and is told "in
 * progress" — and the answer's row is inserted just before the commit, so a key is completed exactly when its write
 * is, and a request that fails or whose process dies leaves nothing behind: PostgreSQL drops the lock with the
 * transaction, and the client's retry is served.
 */
@Injectable()
export class IdempotencyStore {
  private claimText?: string;

  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
  ) {}

  /**
   * Call first in the request's transaction; only `claimed` lets the request run. With `holding`, the same statement
   * holds that case for a claim it grants (`caseHeld`: false when the case is gone, or the key was stale).
   */
  async claim(em: EntityManager, organizationId: string, key: string, fingerprint: string, holding?: { caseId: string; caseRow: CaseRowLocation }): Promise<Claim> {
    const [row] = holding
      ? await transactionRows<KeyRow>(em, (this.claimText ??= claimHoldingCase(holding.caseRow)), [organizationId, key, holding.caseId])
      : await transactionRows<KeyRow>(em, CLAIM, [organizationId, key]);
    if (!row.held) return { outcome: 'in_progress' };
    if (row.state === null) return { outcome: 'claimed', caseHeld: row.case_held === true };
    if (!row.stale) return answerOf(row, fingerprint);
    const cleared = await transactionRows(em, CLEAR_STALE, [organizationId, key]);
    return cleared.length === 1 ? { outcome: 'claimed', caseHeld: false } : { outcome: 'in_progress' };
  }

  /**
   * The key's answer as committed now, for a request that found it taken only at its end: its claim's snapshot was
   * taken an instant before the request holding the key committed and let go of its lock.
   */
  async answer(organizationId: string, key: string, fingerprint: string): Promise<Exclude<Claim, { outcome: 'claimed' }> | undefined> {
    const [row] = await plainRows<KeyRow>(this.em, ANSWER, [organizationId, key]);
    return row === undefined ? undefined : answerOf(row, fingerprint);
  }

  /**
   * Records the answer in the request's transaction, so it commits or rolls back with the write. The key's row is
   * unique: should it exist after all (only an earlier version of the service could have committed one meanwhile),
   * the write is refused and rolls back rather than run twice.
   */
  async record(em: EntityManager, organizationId: string, key: string, fingerprint: string, response: StoredResponse): Promise<void> {
    const rows = await transactionRows(em, RECORD, [organizationId, key, fingerprint, ...this.responseValues(response)]);
    if (rows.length === 0) throw new KeyTaken();
  }

  /**
   * Records a refusal (a domain error, stored and replayed like a success) after the request's transaction rolled
   * back. False when the key was answered meanwhile (a duplicate that took it in between succeeded): that answer is the
   * key's.
   */
  async recordRefusal(organizationId: string, key: string, fingerprint: string, response: StoredResponse): Promise<boolean> {
    const rows = await plainRows(this.em, RECORD_REFUSAL, [organizationId, key, fingerprint, ...this.responseValues(response)]);
    return rows.length === 1;
  }

  private responseValues(response: StoredResponse): unknown[] {
    return [response.status, JSON.stringify(sealed(response.body ?? null)), response.etag, this.config.idempotencyRetentionHours];
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
}
