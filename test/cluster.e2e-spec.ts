/**
 * Issue 12, "Several processes, one database": two BUILT API processes (dist/apps/api/src/main.js) on one database
 * and one Redis. The Pro tier's limit is exact across them; one Idempotency-Key sent to both at once makes one
 * resource; a revocation reaches both; the transfer processor running in both never takes a step twice; and an
 * idempotency key held by a process that is SIGKILLed is released, not left in progress.
 *
 * Redis: the rate limit can only be exact across processes if its counters are shared. With REDIS_URL set (CI sets it
 * whenever the machine has Redis: see .ci/run) both processes use that Redis; without it, the suite starts a private
 * `redis-server` on a free port; without either it fails with that message rather than test in-memory counters.
 * `npm test` builds first (pretest); running this file alone needs `npm run build` beforehand.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { cloneTemplateDatabase, dropDatabase, TEST_TEMPLATE_ENV } from './support/test-database';
import { freePort } from './support/free-port';
import { ApiProcess, assertBuilt, childEnv, idempotencyKeyHeld, insertUser, ProcessPair, runCli, startProcessPair } from './support/api-process';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** REDIS_URL, or a private redis-server when the machine has one; a clear failure otherwise. */
async function redisForTheSuite(): Promise<{ url: string; server?: ChildProcess }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL };
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    throw new Error('cluster suite: REDIS_URL is unset and no redis-server is on PATH; the rate limit cannot be shared between processes without Redis');
  }
  const port = await freePort();
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() !== 'PONG'; attempt++) {
    if (attempt > 100) throw new Error('cluster suite: the private redis-server did not answer');
    await sleep(50);
  }
  return { url, server };
}

describe('two API processes on one database and one Redis (issue 12)', () => {
  let pair: ProcessPair | undefined;
  let env: NodeJS.ProcessEnv;
  let sql: Client;
  let redis: { url: string; server?: ChildProcess };
  let a: ApiProcess;
  let b: ApiProcess;

  const json = async <T = { data: Record<string, unknown> }>(response: Response): Promise<T> => (await response.json()) as T;

  const createCase = async (api: ApiProcess, token: string): Promise<string> => {
    const response = await api.post('/v1/cases', token, { progress: 'just_started' });
    expect(response.status).toBe(201);
    return (await json<{ data: { id: string } }>(response)).data.id;
  };

  beforeAll(async () => {
    assertBuilt('cli', 'main');
    redis = await redisForTheSuite();
    pair = await startProcessPair('cluster', { REDIS_URL: redis.url, RATE_LIMIT_PRO: '300', TRANSFER_PROCESSOR: 'on', TRANSFER_STEP_DELAY_MS: '0' });
    ({ a, b, sql, env } = pair);
  }, 120_000);

  afterAll(async () => {
    await pair?.stop();
    redis?.server?.kill('SIGTERM');
  });

  it('counts the Pro limit once across both: 300 requests pass in the window, the 301st is 429 on either process', async () => {
    // A fresh organization: its fixed window opens with its first request and lasts a minute, far longer than this.
    const user = await insertUser(sql, 'pro');
    const statuses: number[] = [];
    const served = { a: 0, b: 0 };
    for (let batch = 0; batch < 15; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) => {
          const api = (batch * 20 + index) % 2 === 0 ? a : b;
          served[api === a ? 'a' : 'b']++;
          return api.get('/v1/cases?per_page=1', user.token);
        }),
      );
      for (const response of responses) {
        statuses.push(response.status);
        expect(response.headers.get('x-ratelimit-limit')).toBe('300');
      }
    }
    expect(served).toEqual({ a: 150, b: 150 });
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    const [fromA, fromB] = [await a.get('/v1/cases?per_page=1', user.token), await b.get('/v1/cases?per_page=1', user.token)];
    expect([fromA.status, fromB.status]).toEqual([429, 429]);
    const body = await json<{ error: { code: string } }>(fromB);
    expect(body.error.code).toBe('rate_limit_exceeded');
    expect(Number(fromA.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fromB.headers.get('x-ratelimit-remaining')).toBe('0');
  }, 60_000);

  it('one Idempotency-Key sent to both at once creates one resource; afterwards both replay the same answer', async () => {
    const user = await insertUser(sql);
    const caseId = await createCase(a, user.token);
    for (let round = 0; round < 10; round++) {
      const key = `cluster-${round}-${randomBytes(6).toString('hex')}`;
      const person = { first_name: 'Idem', last_name: `Potent${round}`, relationship: 'friend' };
      const responses = await Promise.all([a, b].map((api) => api.post(`/v1/cases/${caseId}/persons`, user.token, person, { 'idempotency-key': key })));
      const bodies = await Promise.all(responses.map((response) => json<{ data?: { id: string }; error?: { code: string } }>(response)));
      // Contract §6: the second is either a replay of the first (it arrived after it finished) or 409 "in progress".
      const created = bodies.filter((_, index) => responses[index].status === 201).map((body) => body.data!.id);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created).size).toBe(1);
      for (const [index, response] of responses.entries()) {
        if (response.status !== 201) {
          expect(response.status).toBe(409);
          expect(bodies[index].error!.code).toBe('idempotency_conflict');
        }
      }
      const rows = await sql.query(`select id from persons where case_id = $1 and last_name = $2`, [caseId, person.last_name]);
      expect(rows.rows).toEqual([{ id: created[0] }]);
      // Once it has finished, the same key on either process replays the one answer.
      for (const api of [a, b]) {
        const replay = await api.post(`/v1/cases/${caseId}/persons`, user.token, person, { 'idempotency-key': key });
        expect(replay.status).toBe(201);
        expect(replay.headers.get('idempotent-replayed')).toBe('true');
        expect((await json<{ data: { id: string } }>(replay)).data.id).toBe(created[0]);
      }
    }
  }, 60_000);

  it('a token revoked with the operator CLI is refused by the next request to each process', async () => {
    const user = await insertUser(sql);
    const caseId = await createCase(b, user.token);
    for (const api of [a, b]) expect((await api.get(`/v1/cases/${caseId}`, user.token)).status).toBe(200);
    const revoked = await runCli(['revoke', '--email', user.email, '--json'], env);
    expect(JSON.parse(revoked.stdout)).toEqual({ email: user.email, revoked_tokens: 1 });
    const [fromA, fromB] = await Promise.all([a.get(`/v1/cases/${caseId}`, user.token), b.get(`/v1/cases/${caseId}`, user.token)]);
    expect([fromA.status, fromB.status]).toEqual([401, 401]);
  });

  it('the transfer processors of both processes never take a step twice: 40 transfers, each trail exactly 1…6', async () => {
    const user = await insertUser(sql);
    const caseId = await createCase(a, user.token);
    expect((await fetch(`${a.url}/v1/cases/${caseId}/authority`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'level_2', types: ['executor_in_will'] }),
    })).status).toBe(201);
    const estate = await a.post(`/v1/cases/${caseId}/bank-accounts`, user.token, {
      institution_name: 'Estate Bank', account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true,
      account_number: '555500009999', current_balance: 0, available_balance: 0,
    });
    expect(estate.status).toBe(201);
    const transferIds: string[] = [];
    for (let index = 0; index < 40; index++) {
      const api = index % 2 ? b : a;
      const account = await api.post(`/v1/cases/${caseId}/bank-accounts`, user.token, {
        institution_name: 'First Prairie Bank', account_type: 'checking', ownership_type: 'individual', status: 'open',
        account_number: `00077${String(index).padStart(4, '0')}7`, current_balance: 500, available_balance: 500,
      });
      expect(account.status).toBe(201);
      const accountId = (await json<{ data: { id: string } }>(account)).data.id;
      const transfer = await api.post(`/v1/cases/${caseId}/transfers`, user.token, { bank_account_id: accountId, amount: 10 + index });
      expect(transfer.status).toBe(201);
      transferIds.push((await json<{ data: { id: string } }>(transfer)).data.id);
    }
    const deadline = Date.now() + 60_000;
    const settled = async () =>
      (await sql.query<{ n: number }>(`select count(*)::int as n from transfers where id = any($1) and status = 'settled' and next_step_at is null`, [transferIds])).rows[0].n;
    while ((await settled()) < transferIds.length && Date.now() < deadline) await sleep(100);
    expect(await settled()).toBe(transferIds.length);

    const trails = await sql.query<{ transfer_id: string; moves: string }>(
      `select transfer_id, string_agg(sequence || ':' || to_status, ',' order by sequence) as moves
         from transfer_events where transfer_id = any($1) group by transfer_id`,
      [transferIds],
    );
    expect(trails.rows).toHaveLength(40);
    const expected = '1:requested,2:verifying,3:approved,4:submitted,5:in_transit,6:settled';
    expect(trails.rows.filter((trail) => trail.moves !== expected)).toEqual([]);
    // Settled once: one debit and one credit per transfer, never two.
    const ledger = await sql.query<{ n: number; distinct_refs: number }>(
      `select count(*)::int as n, count(distinct reference_number || ':' || sign(amount))::int as distinct_refs
         from transactions where case_id = $1`,
      [caseId],
    );
    expect(ledger.rows[0]).toEqual({ n: 80, distinct_refs: 80 });
  }, 90_000);
});

describe('a process SIGKILLed while it holds an idempotency key (issue 12, faults)', () => {
  let env: NodeJS.ProcessEnv;
  let sql: Client;
  let a: ApiProcess;
  let b: ApiProcess;

  const json = async <T = { data: Record<string, unknown> }>(response: Response): Promise<T> => (await response.json()) as T;
  const createCase = async (api: ApiProcess, token: string): Promise<string> => {
    const response = await api.post('/v1/cases', token, { progress: 'just_started' });
    expect(response.status).toBe(201);
    return (await json<{ data: { id: string } }>(response)).data.id;
  };

  let pair: ProcessPair | undefined;

  beforeAll(async () => {
    assertBuilt('main');
    pair = await startProcessPair('kill', { TRANSFER_PROCESSOR: 'off' });
    ({ a, b, sql, env } = pair);
  }, 120_000);

  afterAll(() => pair?.stop(), 30_000);

  it('a key held by a request whose process is SIGKILLed is released: the retry on the other process is served, once', async () => {
    const user = await insertUser(sql);
    const caseId = await createCase(a, user.token);
    const key = `killed-${randomBytes(6).toString('hex')}`;
    const person = { first_name: 'Orphan', last_name: 'Request', relationship: 'friend' };
    // Hold the case row so the request on b claims its key (the key's advisory lock), then waits for the case.
    const blocker = new Client({ connectionString: env.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from cases where id = $1 for update', [caseId]);
      const stuck = b.post(`/v1/cases/${caseId}/persons`, user.token, person, { 'idempotency-key': key }).catch((error: unknown) => error);
      for (let attempt = 0; !(await idempotencyKeyHeld(sql, user.organizationId, key)); attempt++) {
        if (attempt > 200) throw new Error('the request on b never claimed its key');
        await sleep(25);
      }
      // A claim lives in its request's transaction: nothing of it is committed while the request runs...
      expect((await sql.query(`select state from idempotency_keys where idempotency_key = $1`, [key])).rows).toEqual([]);
      // ...and the other process, finding the key's lock held, answers "in progress" however long the request runs.
      const whileHeld = await a.post(`/v1/cases/${caseId}/persons`, user.token, person, { 'idempotency-key': key });
      expect(whileHeld.status).toBe(409);
      expect((await json<{ error: { code: string } }>(whileHeld)).error.code).toBe('idempotency_conflict');

      await b.kill();
      expect(String(await stuck)).toMatch(/fetch failed|terminated|socket/i); // the client got no answer
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }
    // The dead process's transaction is rolled back by PostgreSQL; the key is free and the retry is served.
    let retry: Response | undefined;
    for (let attempt = 0; attempt < 100; attempt++) {
      retry = await a.post(`/v1/cases/${caseId}/persons`, user.token, person, { 'idempotency-key': key });
      if (retry.status !== 409) break;
      await sleep(50);
    }
    expect(retry!.status).toBe(201);
    const rows = await sql.query(`select id from persons where case_id = $1 and last_name = 'Request'`, [caseId]);
    expect(rows.rows).toHaveLength(1);
    expect((await sql.query(`select state from idempotency_keys where idempotency_key = $1`, [key])).rows).toEqual([{ state: 'completed' }]);
  }, 60_000);
});

describe('npm run start:cluster (dist/apps/api/src/cluster.js)', () => {
  let databaseName: string;
  let primary: ChildProcess | undefined;

  afterAll(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) primary.kill('SIGKILL');
    if (databaseName) await dropDatabase(databaseName);
  });

  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('serves with WORKERS processes on one port, replaces one that is SIGKILLed, and stops them all on SIGTERM', async () => {
    assertBuilt('cluster', 'main');
    const template = process.env[TEST_TEMPLATE_ENV] as string;
    databaseName = `${template.replace('estate_template_', 'estate_test_')}_launcher_${randomBytes(4).toString('hex')}`;
    const databaseUrl = await cloneTemplateDatabase(databaseName);
    const port = await freePort();
    const env = childEnv({ DATABASE_URL: databaseUrl, FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'silent', PORT: String(port), WORKERS: '2' });
    const child = spawn(process.execPath, [`${__dirname}/../dist/apps/api/src/cluster.js`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    primary = child;
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    const waitFor = async (pattern: RegExp, what: string) => {
      const deadline = Date.now() + 60_000;
      while (!pattern.test(output)) {
        if (child.exitCode !== null) throw new Error(`cluster.js exited:\n${output}`);
        if (Date.now() > deadline) throw new Error(`${what} did not happen within 60 s:\n${output}`);
        await sleep(50);
      }
    };

    await waitFor(/2 API processes serving/, 'the start');
    const pids = (/pids (\d+), (\d+)/.exec(output) ?? []).slice(1).map(Number);
    expect(pids).toHaveLength(2);
    expect(pids.every(alive)).toBe(true);
    for (let index = 0; index < 4; index++) expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    process.kill(pids[0], 'SIGKILL');
    await waitFor(new RegExp(`API process ${pids[0]} exited \\(SIGKILL\\); starting another`), 'the restart');
    await waitFor(/API process (\d+) listening[\s\S]*API process (\d+) listening[\s\S]*API process (\d+) listening/, 'the replacement listening');
    const replacement = Number([...output.matchAll(/API process (\d+) listening/g)].pop()![1]);
    expect(pids).not.toContain(replacement);
    for (let index = 0; index < 4; index++) expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(/SIGTERM received: stopping 2 API process\(es\)/);
    expect([pids[1], replacement].filter(alive)).toEqual([]);
  }, 120_000);
});
