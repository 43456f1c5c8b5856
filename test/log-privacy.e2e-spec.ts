import pino from 'pino';
import type { Logger } from 'pino';
import { ROOT_LOGGER } from '@estate/shared-kernel';
import { upload } from './support/document-files';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * No SQL, parameter value, request body or personal data in any log line at any level (contract: docs/operations.md
 * "Never logged"; issue 18: database errors were logged with their statement and values). The app logs at `trace`
 * and every line it writes is captured; database errors are provoked with a constraint added to this suite's own
 * database, so the request that hits it fails in PostgreSQL as a real defect would.
 */
describe('log lines carry no SQL and no personal data (issue 18)', () => {
  let t: TestApp;
  let caller: TestCaller;
  let restoreEnv: () => void;
  let lines: string[];

  beforeAll(async () => {
    restoreEnv = overrideEnv({ TEST_LOG_LEVEL: 'trace' });
    t = await createTestApp();
    caller = await t.invite();
    const logger = t.app.get<Logger>(ROOT_LOGGER);
    const stream = (logger as unknown as Record<symbol, { write(chunk: string): boolean }>)[pino.symbols.streamSym];
    jest.spyOn(stream, 'write').mockImplementation((chunk: string) => {
      lines.push(String(chunk));
      return true;
    });
    await t.sql(`create unique index persons_one_last_name_per_case on persons (case_id, last_name)`);
    await t.sql(`alter table debts add constraint debts_balance_below_a_million check (balance is null or balance < 1000000)`);
  });
  beforeEach(() => {
    lines = [];
  });
  afterAll(async () => {
    await t?.close();
    restoreEnv?.();
  });

  const PERSON = { first_name: 'Marguerite', last_name: 'Quillfeather', relationship: 'sibling', email: 'marguerite.quillfeather@example.test', phone: '+1 415 555 0199' };

  function expectNoLeak(personal: string[]): void {
    const log = lines.join('');
    for (const value of personal) expect(log).not.toContain(value);
    expect(log).not.toMatch(/insert into|update "|delete from|select .* from|values \(/i);
    expect(log).not.toMatch(/Key \(|Failing row contains/);
  }

  it('a unique violation is logged by its SQLSTATE and constraint, without the statement, the row or the key', async () => {
    const kase = (await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201)).body.data;
    await t.http().post(`/v1/cases/${kase.id}/persons`).set(caller.auth).send(PERSON).expect(201);
    const refused = await t.http().post(`/v1/cases/${kase.id}/persons`).set(caller.auth).send(PERSON);
    expect(refused.status).toBe(500);
    await new Promise((tick) => setTimeout(tick, 50));

    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'unhandled error');
    expect(errors).toHaveLength(1);
    expectNoLeak(['Marguerite', 'Quillfeather', 'marguerite.quillfeather', '555 0199', 'sibling']);
    // The ORM's exception, or the driver's own error where the write runs its statement on its connection (issue 19).
    expect(errors[0].err).toMatchObject({ code: '23505', constraint: 'persons_one_last_name_per_case' });
    expect(errors[0].err.type).toMatch(/^(UniqueConstraintViolationException|DatabaseError)$/);
  });

  it('a check violation on an update is logged without the balances', async () => {
    const kase = (await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201)).body.data;
    const debt = (await t.http().post(`/v1/cases/${kase.id}/debts`).set(caller.auth).send({ debt_type: 'CHG', creditor_name: 'Harborview Lending', balance: 4321.09 }).expect(201)).body.data;
    const refused = await t.http().patch(`/v1/cases/${kase.id}/debts/${debt.id}`).set(caller.auth).set('content-type', 'application/merge-patch+json').send({ balance: 7654321.98 });
    expect(refused.status).toBe(500);
    await new Promise((tick) => setTimeout(tick, 50));

    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'unhandled error');
    expect(errors).toHaveLength(1);
    expectNoLeak(['7654321.98', '4321.09', 'Harborview']);
    expect(errors[0].err).toMatchObject({ code: '23514', constraint: 'debts_balance_below_a_million' });
  });

  // Issue 33 (item 7): a capability address carries its credential in the path. A 405, a 400 or a 404 on it, before or
  // without routing, logged the path as sent, token and all. Whatever the method and status, the log names the route.
  it('no request on a calendar or download address logs its token, whatever the method or the status', async () => {
    const kase = (await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201)).body.data;
    const feed = new URL((await t.http().post(`/v1/cases/${kase.id}/probate/deadlines/feed-links`).set(caller.auth).send({}).expect(201)).body.data.url).pathname;
    const doc = (await upload(t, caller, kase.id).expect(201)).body.data;
    const download = new URL((await t.http().post(`/v1/cases/${kase.id}/documents/${doc.id}/download-links`).set(caller.auth).send({}).expect(201)).body.data.url).pathname;
    lines = [];
    const answered: number[] = [];
    for (const path of [feed, download]) {
      const secret = path.split('/').pop()!.replace(/\.ics$/, '');
      const requests = [
        () => t.http().get(path),
        () => t.http().post(path).send({}),
        () => t.http().put(path).send({}),
        () => t.http().patch(path).send({}),
        () => t.http().delete(path),
        () => t.http().options(path),
        () => t.http().get(`${path}%FF`),
        () => t.http().get(`${path}?q=%FF`),
        () => t.http().post(`${path}%FF`),
        () => t.http().get(`${path}/more`),
        () => t.http().get(`${path}?per_page=1`),
      ];
      for (const send of requests) answered.push((await send()).status);
      await new Promise((tick) => setTimeout(tick, 50));
      const log = lines.join('');
      expect(log).not.toContain(secret);
      for (const part of secret.split('.')) expect(log).not.toContain(part);
    }
    // The answers this covers: 200, 405 on every other method, 400 before routing, 404 for a path no route takes.
    expect(answered).toEqual(expect.arrayContaining([200, 400, 404, 405]));
    const requestLines = lines.map((line) => JSON.parse(line)).filter((entry) => /^request /.test(entry.msg));
    expect(requestLines).toHaveLength(answered.length);
    const routes = new Set(requestLines.map((entry) => entry.route));
    expect([...routes].sort()).toEqual(
      expect.arrayContaining(['/v1/deadline-feeds/:token', '/v1/document-downloads/:token', '/v1/deadline-feeds/…', '/v1/document-downloads/…']),
    );
  });
});
