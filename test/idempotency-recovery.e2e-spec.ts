/**
 * Issue 12, faults, and issue 19: a key's claim lives in its request's transaction (the key's advisory lock), so a
 * request still running is "in progress" however long it runs, and one that ends without an answer — rolled back, or
 * its process dead — leaves nothing behind. Rows left `in_progress` by an earlier version of the service (which
 * committed its claims on their own) are released by the next claim of them and by the background sweep, unless a
 * live transaction holds them. The SIGKILL itself is in test/cluster.e2e-spec.ts.
 */
import { Client } from 'pg';
import { IdempotencyStore } from '@estate/shared-kernel';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { idempotencyKeyHeld } from './support/api-process';

describe('idempotency keys of running and dead requests (issues 12 and 19)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    caseId = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
  });
  afterAll(() => t.close());

  /** A claim row as an earlier version of the service committed it: in progress, claimed `ageSeconds` ago. */
  const leaveClaim = (key: string, ageSeconds: number, path = `/v1/cases/${caseId}/persons`) =>
    t.sql(
      `insert into idempotency_keys (organization_id, idempotency_key, fingerprint, state, claim_token, created_at, expires_at)
       values ($1, $2, $3, 'in_progress', 'dead-request-token', now() - make_interval(secs => $4), now() + interval '1 day')`,
      [owner.organizationId, key, 'f'.repeat(64), ageSeconds],
    ).then(() => path);

  /** Holds the key's row as a live request's transaction does, until `release()`. */
  const holdRow = async (key: string) => {
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    await client.query('begin');
    await client.query('select 1 from idempotency_keys where idempotency_key = $1 for update', [key]);
    return async () => {
      await client.query('rollback');
      await client.end();
    };
  };

  const keyState = async (key: string) => (await t.sql<{ state: string }>('select state from idempotency_keys where idempotency_key = $1', [key]))[0]?.state;
  const person = { first_name: 'Re', last_name: 'Claimed', relationship: 'friend' };

  it('a key whose request is running answers 409; when that request ends without an answer, the retry is served once', async () => {
    const key = 'running-request';
    const running = new Client({ connectionString: t.databaseUrl });
    await running.connect();
    try {
      await running.query('begin');
      await running.query(`select pg_advisory_xact_lock(hashtextextended('idempotency:' || $1 || ':' || $2, 0))`, [owner.organizationId, key]);
      expect(await idempotencyKeyHeld(running, owner.organizationId, key)).toBe(true);
      const refused = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', key).send(person);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('idempotency_conflict');
      expect(await keyState(key)).toBeUndefined();
      await running.query('rollback');
    } finally {
      await running.end();
    }
    const served = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', key).send(person).expect(201);
    const replay = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', key).send(person).expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.id).toBe(served.body.data.id);
    expect(await keyState(key)).toBe('completed');
    expect(await idempotencyKeyHeld({ query: async (text, values) => ({ rows: await t.sql<{ held: boolean }>(text, values) }) }, owner.organizationId, key)).toBe(false);
  });

  it('a repeat takes over a stale claim nobody holds and is served once; a young one still answers 409', async () => {
    await leaveClaim('stale-unheld', 60);
    const served = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', 'stale-unheld').send(person);
    expect(served.status).toBe(201);
    expect(await keyState('stale-unheld')).toBe('completed');
    const replay = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', 'stale-unheld').send(person).expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.id).toBe(served.body.data.id);

    await leaveClaim('young-unheld', 1);
    const young = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', 'young-unheld').send(person);
    expect(young.status).toBe(409);
    expect(young.body.error.code).toBe('idempotency_conflict');
  });

  it('a stale claim whose row a live transaction holds is never taken over', async () => {
    await leaveClaim('stale-held', 600);
    const release = await holdRow('stale-held');
    try {
      const refused = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', 'stale-held').send(person);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('idempotency_conflict');
      expect(await t.app.get(IdempotencyStore).releaseAbandoned()).toBe(0);
      expect(await keyState('stale-held')).toBe('in_progress');
    } finally {
      await release();
    }
  });

  it('the sweep releases stale unheld claims only: not young ones, not held ones, not completed keys', async () => {
    await t.sql(`delete from idempotency_keys`);
    await leaveClaim('sweep-stale', 60);
    await leaveClaim('sweep-young', 1);
    await leaveClaim('sweep-held', 60);
    await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', 'sweep-done').send({ ...person, last_name: 'Done' }).expect(201);
    await t.sql(`update idempotency_keys set created_at = now() - interval '1 hour' where idempotency_key = 'sweep-done'`);
    const release = await holdRow('sweep-held');
    try {
      expect(await t.app.get(IdempotencyStore).releaseAbandoned()).toBe(1);
    } finally {
      await release();
    }
    const left = await t.sql<{ idempotency_key: string; state: string }>('select idempotency_key, state from idempotency_keys order by idempotency_key');
    expect(left).toEqual([
      { idempotency_key: 'sweep-done', state: 'completed' },
      { idempotency_key: 'sweep-held', state: 'in_progress' },
      { idempotency_key: 'sweep-young', state: 'in_progress' },
    ]);
  });
});
