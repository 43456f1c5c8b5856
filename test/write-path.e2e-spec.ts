import { Client } from 'pg';
import { ulid } from 'ulid';
import { OptimisticLockError } from '@mikro-orm/core';
import { CaseOwnership, ConflictError } from '@estate/shared-kernel';
import { UnitOfWork } from '../libs/shared-kernel/src/platform/transactions/unit-of-work';
import { recordStatements } from '../libs/shared-kernel/src/platform/transactions/record-statements';
import { ResourceEvents } from '../libs/shared-kernel/src/platform/events/resource-events';
import { CaseResourceReader } from '../libs/shared-kernel/src/resources/case-resource-reader';
import { RecordWriter } from '../libs/shared-kernel/src/resources/record-writer';
import { declaredCaseResources } from '../libs/shared-kernel/src/resources/case-resource';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Issue 19: the write path made cheap keeps every promise of a write. Its statements run on the write's own
 * connection in one transaction (case row first), the owner of a live case is not read again for each write, a
 * deleted case is gone at once, and the record, its event and its idempotency record commit together or not at all.
 */
describe('the write path (issue 19)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;

  /** The statements this process sends while `work` runs (every pg client of the app; the job queue's polls left out). */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const texts: string[] = [];
    const query = Client.prototype.query;
    Client.prototype.query = function recorded(this: Client, config: unknown, ...rest: unknown[]) {
      const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
      if (text && !/pgboss|pg_notify|^\s*listen|select 1$/i.test(text)) texts.push(text.replace(/\s+/g, ' ').trim());
      return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof Client.prototype.query;
    try {
      await work();
    } finally {
      Client.prototype.query = query;
    }
    return texts;
  }

  const kindsOf = (texts: string[]) =>
    texts.map((text) =>
      /^select id, grants_version::text as grants_version from users where id = any\(\$1::varchar\[\]\)$/.test(text)
        ? 'check grants'
        : /^begin/i.test(text)
        ? 'begin'
        : /^commit/i.test(text)
          ? 'commit'
          : /^rollback/i.test(text)
            ? 'rollback'
          : /^with held as \(select "id" from "cases" where "id" = \$1 and "deleted_at" is null for no key update\) select \* from "persons" where exists \(select 1 from held\) and .* for no key update$/.test(text)
            ? 'hold case, read person'
            : /^with written as \(insert into "persons" \(.*\) select .* where exists \(select "id" from "cases" where "id" = \$\d+ and "deleted_at" is null for no key update\) returning 1\), emitted as \(insert into events .*\), part0 as \(insert into webhook_deliveries .* from emitted /.test(text)
              ? 'hold case, insert person, its event, its deliveries'
            : /^with key_lock as \(select pg_try_advisory_xact_lock\(.*\), held_case as \(select "id" from "cases" where "id" = \$3 and "deleted_at" is null and .* for no key update\)/.test(text)
              ? 'claim key, hold case'
              : /for no key update/.test(text)
                ? 'hold case'
            : /^select pg_try_advisory_xact_lock\(/.test(text)
              ? 'claim key'
              : /^insert into idempotency_keys .* 'completed'/.test(text)
                ? 'record answer'
              : /^select \* from "persons"/.test(text)
                ? 'read person'
              : /^with written as \(insert into "persons" .*\), emitted as \(insert into events .*\), part0 as \(insert into webhook_deliveries .* from emitted /.test(text)
                ? 'insert person, its event, its deliveries'
                : /^with written as \(update "persons" set .* and "version" = \$\d+ returning 1\), emitted as \(insert into events .*\), part0 as \(insert into webhook_deliveries .* from emitted /.test(text)
                  ? 'update person, its event, its deliveries'
                  : text,
    );

  const person = (first: string) => ({ first_name: first, last_name: 'Okafor', relationship: 'daughter' });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    caseId = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
    await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send(person('Warm')).expect(201);
  });
  afterAll(() => t.close());

  it('a person is created in one transaction and one statement: the case row held first, then the record, its event and its deliveries', async () => {
    const texts = await statementsOf(() => t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send(person('Grace')).expect(201));
    // No owner lookup before or inside the transaction: the access guard kept the live case's owner. The case's hold,
    // the person's row, its event and the event's webhook deliveries are one statement (the hold first, the row only if
    // the case was held, the event only if the row was written, the deliveries only for an event written).
    expect(kindsOf(texts)).toEqual(['check grants', 'begin', 'hold case, insert person, its event, its deliveries', 'commit']);
  });

  it('a create whose rules read holds the case on its own first (a living spouse: the other spouses are read under the lock)', async () => {
    const married = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
    const spouse = { first_name: 'Sam', last_name: 'Okafor', relationship: 'husband', kinship: 'spouse' };
    const texts = await statementsOf(() => t.http().post(`/v1/cases/${married}/persons`).set(owner.auth).send(spouse).expect(201));
    // (The new case's owner is looked up before the transaction: the access guard has not met it yet.)
    const kinds = kindsOf(texts).slice(kindsOf(texts).indexOf('begin'));
    expect(kinds.slice(0, 2)).toEqual(['begin', 'hold case']);
    expect(kinds.at(-2)).toBe('insert person, its event, its deliveries');
    expect(kinds.at(-1)).toBe('commit');
    // The second living spouse is refused by the rule that read the first.
    await t.http().post(`/v1/cases/${married}/persons`).set(owner.auth).send({ ...spouse, first_name: 'Sol' }).expect(422);
  });

  it('a create waiting for its case behind the case\'s deletion answers 404 of the case and writes nothing', async () => {
    const doomed = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
    const before = new Client({ connectionString: t.databaseUrl });
    await before.connect();
    try {
      await before.query('begin');
      await before.query('select id from cases where id = $1 for no key update', [doomed]);
      const created = t.http().post(`/v1/cases/${doomed}/persons`).set(owner.auth).send(person('Late')).then((res) => res);
      for (let attempt = 0; ; attempt++) {
        const waiting = await t.sql(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'with written as (insert into "persons"%'`);
        if (waiting.length > 0) break;
        if (attempt > 200) throw new Error('the create never waited for the case');
        await new Promise((tick) => setTimeout(tick, 10));
      }
      await before.query('update cases set deleted_at = now() where id = $1', [doomed]);
      await before.query('commit');
      const answer = await created;
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe('The case was not found.');
    } finally {
      await before.end();
    }
    expect(await t.sql('select 1 from persons where case_id = $1', [doomed])).toHaveLength(0);
    expect(await t.sql(`select 1 from events where case_id = $1 and type = 'person.created'`, [doomed])).toHaveLength(0);
  });

  it('a keyed create claims its key and holds its case in one statement, and records its answer in the same transaction: one commit', async () => {
    const key = `one-commit-${Date.now()}`;
    const texts = await statementsOf(() =>
      t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', key).send(person('Keyed')).expect(201),
    );
    expect(kindsOf(texts)).toEqual(['check grants', 'begin', 'claim key, hold case', 'insert person, its event, its deliveries', 'record answer', 'commit']);
    // The replay is the claim alone, in a transaction that ends without a write.
    const replayTexts = await statementsOf(() =>
      t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', key).send(person('Keyed')).expect(201),
    );
    expect(kindsOf(replayTexts)).toEqual(['check grants', 'begin', 'claim key, hold case', 'rollback']);
  });

  it('a merge patch holds the case row with its read of the person and writes it with its event in one statement; the stored row is the answer', async () => {
    const created = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send(person('Ada')).expect(201)).body.data;
    let answer: { body: { data: Record<string, unknown> }; headers: Record<string, string> } | undefined;
    const texts = await statementsOf(async () => {
      answer = await t.http().patch(`/v1/cases/${caseId}/persons/${created.id}`).set(owner.auth).send({ middle_name: 'Lovelace', email: null }).expect(200);
    });
    expect(kindsOf(texts)).toEqual(['check grants', 'begin', 'hold case, read person', 'update person, its event, its deliveries', 'commit']);
    const read = await t.http().get(`/v1/cases/${caseId}/persons/${created.id}`).set(owner.auth).expect(200);
    expect(read.body.data).toEqual(answer!.body.data);
    expect(read.headers.etag).toBe(answer!.headers.etag);
    const [row] = await t.sql<{ version: number; middle_name: string }>('select version, middle_name from persons where id = $1', [created.id]);
    expect(row).toEqual({ version: 2, middle_name: 'Lovelace' });
    const [event] = await t.sql<{ data: { object: Record<string, unknown>; previous_attributes: Record<string, unknown> } }>(
      `select data from events where type = 'person.updated' and data->'object'->>'id' = $1`,
      [created.id],
    );
    expect(event.data.object).toEqual(answer!.body.data);
    expect(event.data.previous_attributes).toEqual({ middle_name: null });
    // The same patch again changes nothing: no statement writes the row, the version stays.
    await t.http().patch(`/v1/cases/${caseId}/persons/${created.id}`).set(owner.auth).send({ middle_name: 'Lovelace' }).expect(200);
    expect((await t.sql<{ version: number }>('select version from persons where id = $1', [created.id]))[0].version).toBe(2);
  });

  it('a merge patch that waited for its case reads the record as the write before it left it, and runs once', async () => {
    const created = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send(person('Waited')).expect(201)).body.data;
    const before = new Client({ connectionString: t.databaseUrl });
    await before.connect();
    try {
      // A write ahead of it holds the case and changes the person, then commits while the patch waits.
      await before.query('begin');
      await before.query('select id from cases where id = $1 for no key update', [caseId]);
      const patched = t.http().patch(`/v1/cases/${caseId}/persons/${created.id}`).set(owner.auth).send({ middle_name: 'After' }).then((res) => res);
      for (let attempt = 0; ; attempt++) {
        const waiting = await t.sql(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'with held as%'`);
        if (waiting.length > 0) break;
        if (attempt > 200) throw new Error('the patch never waited for the case');
        await new Promise((tick) => setTimeout(tick, 10));
      }
      await before.query(`update persons set email = 'ahead@example.test', version = version + 1 where id = $1`, [created.id]);
      await before.query('commit');
      const answer = await patched;
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ middle_name: 'After', email: 'ahead@example.test' });
      const read = await t.http().get(`/v1/cases/${caseId}/persons/${created.id}`).set(owner.auth).expect(200);
      expect(answer.headers.etag).toBe(read.headers.etag);
    } finally {
      await before.end();
    }
    const [row] = await t.sql<{ version: number; email: string; middle_name: string }>('select version, email, middle_name from persons where id = $1', [created.id]);
    expect(row).toEqual({ version: 3, email: 'ahead@example.test', middle_name: 'After' });
  });

  it('a merge patch or delete of a missing record is 404 of the record; of a record whose case went meanwhile, 404 of the case', async () => {
    const missing = await t.http().patch(`/v1/cases/${caseId}/persons/01JBX8Q9W4M8Z7T3K2N5R6P0CD`).set(owner.auth).send({ middle_name: 'X' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('The person was not found.');
    const missingDelete = await t.http().delete(`/v1/cases/${caseId}/persons/01JBX8Q9W4M8Z7T3K2N5R6P0CD`).set(owner.auth);
    expect(missingDelete.status).toBe(404);
    expect(missingDelete.body.error.message).toBe('The person was not found.');

    // The case deleted between the access guard and the write's transaction: the read that was to hold it finds nothing.
    const doomed = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
    const kept = (await t.http().post(`/v1/cases/${doomed}/persons`).set(owner.auth).send(person('Doomed')).expect(201)).body.data;
    await t.sql('update cases set deleted_at = now() where id = $1', [doomed]);
    const resource = declaredCaseResources().find((declared) => declared.name === 'person')!;
    const writer = t.app.get(RecordWriter, { strict: false });
    await expect(writer.patch(resource as never, { caseId: doomed }, kept.id, { middle_name: 'Late' }, undefined)).rejects.toThrow('The case was not found.');
    await expect(writer.remove(resource as never, { caseId: doomed }, kept.id, undefined)).rejects.toThrow('The case was not found.');
    expect(await t.sql('select middle_name from persons where id = $1', [kept.id])).toEqual([{ middle_name: null }]);
  });

  it('a work that was to hold its case with its first read and did not read fails, and nothing of it commits', async () => {
    const uow = t.app.get(UnitOfWork, { strict: false });
    const before = (await t.sql<{ n: number }>('select count(*)::int as n from persons where case_id = $1', [caseId]))[0].n;
    const write = uow.run(
      async (em) => {
        await em.execute(`insert into persons (id, case_id, first_name, last_name, relationship, version, created_at, updated_at)
          values ('${ulid()}', '${caseId}', 'Unheld', 'Okafor', 'friend', 1, now(), now())`);
      },
      { caseId, caseHeldByFirstRead: true },
    );
    await expect(write).rejects.toThrow(`the work ended without the read that was to hold case ${caseId}`);
    expect((await t.sql<{ n: number }>('select count(*)::int as n from persons where case_id = $1', [caseId]))[0].n).toBe(before);
  });

  it('when the row was changed under the write, its event is not written and the write runs again, then gives up (409)', async () => {
    const created = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send(person('Moved')).expect(201)).body.data;
    const resource = declaredCaseResources().find((declared) => declared.name === 'person')!;
    const reader = t.app.get(CaseResourceReader, { strict: false });
    const events = t.app.get(ResourceEvents, { strict: false });
    const losses: unknown[] = [];
    const write = t.app.get(UnitOfWork, { strict: false }).run(
      async (em) => {
        const record = await reader.load(resource, { caseId }, created.id);
        const before = reader.view(resource, record);
        // Another writer (one that ignored the case lock) moves the row's version after it was read.
        await t.sql('update persons set version = version + 1 where id = $1', [created.id]);
        (record as unknown as { lastName: string }).lastName = 'Lost';
        const statement = recordStatements(em, resource.schema)!.updateOf(em, record)!;
        try {
          await events.changed(em, { key: 'person', caseId }, before, reader.view(resource, record), statement);
        } catch (error) {
          losses.push(error);
          throw error;
        }
      },
      { caseId },
    );
    await expect(write).rejects.toBeInstanceOf(ConflictError);
    expect(losses).toHaveLength(3);
    expect(losses.every((loss) => loss instanceof OptimisticLockError)).toBe(true);
    expect(await t.sql(`select 1 from events where data->'object'->>'id' = $1 and type = 'person.updated'`, [created.id])).toHaveLength(0);
    expect((await t.sql<{ last_name: string }>('select last_name from persons where id = $1', [created.id]))[0].last_name).toBe('Okafor');
  });

  it('a write keeps its live case\'s owner in memory; a deleted case is forgotten and not found at once, for reads and writes', async () => {
    const ownership = t.app.get(CaseOwnership, { strict: false });
    const doomed = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
    await t.http().post(`/v1/cases/${doomed}/persons`).set(owner.auth).send(person('Before')).expect(201);
    expect(ownership.knownOrganizationOf(doomed)).toBe(owner.organizationId);
    await t.http().delete(`/v1/cases/${doomed}`).set(owner.auth).expect(204);
    expect(ownership.knownOrganizationOf(doomed)).toBeUndefined();
    await t.http().get(`/v1/cases/${doomed}/persons`).set(owner.auth).expect(404);
    await t.http().get(`/v1/cases/${doomed}`).set(owner.auth).expect(404);
    await t.http().post(`/v1/cases/${doomed}/persons`).set(owner.auth).send(person('After')).expect(404);
  });

  it('concurrent PATCHes with one If-Match: exactly one is applied, the others answer 412', async () => {
    const created = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send(person('Raced')).expect(201)).body.data;
    const etag = (await t.http().get(`/v1/cases/${caseId}/persons/${created.id}`).set(owner.auth).expect(200)).headers.etag;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.http().patch(`/v1/cases/${caseId}/persons/${created.id}`).set(owner.auth).set('If-Match', etag).send({ middle_name: `M${i}` })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 412, 412, 412, 412, 412, 412, 412]);
    const [row] = await t.sql<{ version: number }>('select version from persons where id = $1', [created.id]);
    expect(row.version).toBe(2);
    expect(await t.sql('select 1 from events where type = $1 and data->\'object\'->>\'id\' = $2', ['person.updated', created.id])).toHaveLength(1);
  });

  describe('when the last statement of the write fails', () => {
    beforeAll(async () => {
      await t.sql(`create table write_path_failures (event_type text primary key)`);
      await t.sql(`create function write_path_fail() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from write_path_failures where event_type = new.event_type) then raise exception 'write path test: refused'; end if;
          return new;
        end $$`);
      // The webhook fan-out is the write's last statement before the idempotency record: failing there, everything
      // the write did before (the record, its event) must be undone.
      await t.sql(`create trigger write_path_fail before insert on webhook_deliveries for each row execute function write_path_fail()`);
      await t.sql(`insert into webhook_endpoints (id, organization_id, url, enabled_events, status, secret, consecutive_failures, version, created_at, updated_at)
        values ($2, $1, 'https://hooks.example.test/x', '{*}', 'enabled', 'v1:none', 0, 1, now(), now())`, [owner.organizationId, ulid()]);
    });

    it('nothing of it stays — no record, no event, no idempotency record — and the same key then succeeds once', async () => {
      const key = `write-path-${Date.now()}`;
      const before = async () => ({
        persons: (await t.sql('select count(*)::int as n from persons where case_id = $1 and first_name = $2', [caseId, 'Atomic']))[0].n,
        events: (await t.sql(`select count(*)::int as n from events where case_id = $1 and type = 'person.created' and data->'object'->>'first_name' = 'Atomic'`, [caseId]))[0].n,
        keys: (await t.sql('select count(*)::int as n from idempotency_keys where idempotency_key = $1', [key]))[0].n,
      });
      await t.sql(`insert into write_path_failures values ('person.created')`);
      const failed = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', key).send(person('Atomic'));
      expect(failed.status).toBe(500);
      expect(await before()).toEqual({ persons: 0, events: 0, keys: 0 });

      await t.sql(`delete from write_path_failures`);
      const first = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', key).send(person('Atomic'));
      expect(first.status).toBe(201);
      const replay = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).set('Idempotency-Key', key).send(person('Atomic'));
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect(await before()).toEqual({ persons: 1, events: 1, keys: 1 });
    });
  });
});
