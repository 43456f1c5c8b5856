import { OptimisticLockError } from '@mikro-orm/core';
import { ConflictError, NotFoundError, SingletonRecords, UnitOfWork } from '@estate/shared-kernel';
import { AuthorityChanges } from '@estate/case';
import { authorityResource } from '@estate/case';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Use cases own their transaction (issue 6, item 5): the same use case runs from HTTP, the worker or the CLI; when
 * called inside another unit of work it joins it (no savepoint, no separate commit); the case row is held first; a
 * lost optimistic-lock race is retried, never answered 412 without an If-Match (item 7).
 */
describe('kernel: use cases own their transaction (e2e)', () => {
  let t: TestApp;
  let uow: UnitOfWork;
  let singletons: SingletonRecords;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    uow = t.app.get(UnitOfWork);
    singletons = t.app.get(SingletonRecords, { strict: false });
    owner = await t.invite();
  });
  afterAll(() => t.close());

  async function newCase(): Promise<string> {
    const res = await t.http().post('/v1/cases').set(owner.auth).send({});
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  const authorityRows = (caseId: string) => t.sql('select level, types from authorities where case_id = $1', [caseId]);

  it('a use case called outside any request opens and commits its own transaction', async () => {
    const caseId = await newCase();
    expect(uow.active).toBe(false);
    const result = await singletons.replace(authorityResource, caseId, { level: 'level_2', types: ['executor_in_will'] }, undefined);
    expect(result.created).toBe(true);
    expect(await authorityRows(caseId)).toEqual([{ level: 'level_2', types: ['executor_in_will'] }]);
  });

  it('a use case called inside another unit of work joins it: a later failure rolls its write back too', async () => {
    const caseId = await newCase();
    await expect(
      uow.run(async () => {
        expect(uow.active).toBe(true);
        await singletons.replace(authorityResource, caseId, { level: 'level_3', types: ['named_in_probate'] }, undefined);
        throw new Error('the outer work fails after the use case wrote');
      }),
    ).rejects.toThrow('the outer work fails');
    expect(await authorityRows(caseId)).toEqual([]);
  });

  it('a one-per-case record read inside a unit of work is its own write; outside, the committed row only (then the same response)', async () => {
    const caseId = await newCase();
    let written!: () => void;
    const hasWritten = new Promise<void>((resolve) => (written = resolve));
    let commit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    const work = uow.run(async () => {
      const replaced = await singletons.replace(authorityResource, caseId, { level: 'level_2', types: ['executor_in_will'] }, undefined);
      const inside = await singletons.get(authorityResource, caseId);
      written();
      await mayCommit;
      return { replaced, inside };
    });
    await hasWritten;
    // Read outside the transaction (a pooled connection): the record is not committed yet.
    await expect(singletons.get(authorityResource, caseId)).rejects.toBeInstanceOf(NotFoundError);
    commit();
    const { replaced, inside } = await work;
    expect(inside).toEqual(replaced.presented);
    expect(inside.data).toEqual({ level: 'level_2', types: ['executor_in_will'] });
    expect(await singletons.get(authorityResource, caseId)).toEqual(inside);
    const read = await t.http().get(`/v1/cases/${caseId}/authority`).set(owner.auth).expect(200);
    expect([read.body.data, read.headers.etag]).toEqual([inside.data, inside.etag]);
  });

  it('a second write of a one-per-case record in the same unit of work starts from the row the first flushed', async () => {
    const caseId = await newCase();
    const [first, second] = await uow.run(async () => {
      const created = await singletons.replace(authorityResource, caseId, { level: 'level_2', types: ['executor_in_will'] }, undefined);
      // The first write's ETag holds: the second write reads the row the first one flushed, in this transaction.
      return [created, await singletons.replace(authorityResource, caseId, { level: 'level_3', types: ['named_in_probate'] }, created.presented.etag)];
    });
    expect([first.created, second.created]).toEqual([true, false]);
    expect(second.presented.etag).not.toBe(first.presented.etag);
    const read = await t.http().get(`/v1/cases/${caseId}/authority`).set(owner.auth).expect(200);
    expect([read.body.data, read.headers.etag]).toEqual([second.presented.data, second.presented.etag]);
    const events = await t.sql<{ type: string; data: { object: unknown; previous_attributes: unknown } }>(
      `select type, data from events where case_id = $1 and type like 'authority.%' order by id`,
      [caseId],
    );
    expect(events.map((event) => [event.type, event.data.object])).toEqual([
      ['authority.created', first.presented.data],
      ['authority.updated', second.presented.data],
    ]);
    expect(events[1].data.previous_attributes).toEqual({ level: 'level_2', types: ['executor_in_will'] });
  });

  it('holds the case row first: a second writer of the same case waits for the first to commit', async () => {
    const caseId = await newCase();
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstHolds!: () => void;
    const firstHasLock = new Promise<void>((resolve) => (firstHolds = resolve));

    const first = uow.run(
      async () => {
        order.push('first:locked');
        firstHolds();
        await firstMayFinish;
        order.push('first:commits');
      },
      { caseId },
    );
    await firstHasLock;
    const second = uow.run(async () => void order.push('second:locked'), { caseId });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(order).toEqual(['first:locked']);
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first:locked', 'first:commits', 'second:locked']);
  });

  it('a unit of work on a case that does not exist is a 404 not_found and runs nothing', async () => {
    let ran = false;
    await expect(uow.run(async () => void (ran = true), { caseId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' })).rejects.toMatchObject({ code: 'not_found' });
    expect(ran).toBe(false);
  });

  it('retries a lost optimistic-lock race, then gives up with 409 conflict (never 412)', async () => {
    let attempts = 0;
    const value = await uow.run(async () => {
      attempts += 1;
      if (attempts === 1) throw OptimisticLockError.lockFailed('Person');
      return 'second attempt';
    });
    expect(value).toBe('second attempt');
    expect(attempts).toBe(2);

    let always = 0;
    const failure = await uow
      .run(async () => {
        always += 1;
        throw OptimisticLockError.lockFailed('Person');
      })
      .catch((error: unknown) => error);
    expect(always).toBe(3);
    expect(failure).toBeInstanceOf(ConflictError);
    expect((failure as ConflictError).code).toBe('conflict');
  });

  it('concurrent merge patches of one record without If-Match all succeed, one after the other', async () => {
    const caseId = await newCase();
    const created = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ first_name: 'Ann', last_name: 'Lee', relationship: 'sister' });
    const personId = created.body.data.id;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.http().patch(`/v1/cases/${caseId}/persons/${personId}`).set(owner.auth).send({ phone: `555-01${String(i).padStart(2, '0')}` })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
    const [row] = await t.sql<{ version: number }>('select version from persons where id = $1', [personId]);
    expect(row.version).toBe(13);
  });

  it('authority changes are announced inside the changing transaction, so a listener that fails undoes the change', async () => {
    const caseId = await newCase();
    const changes = t.app.get(AuthorityChanges);
    const heard: Array<[string, string | null]> = [];
    changes.listen(async (id, level) => {
      heard.push([id, level]);
      if (level === 'level_0') throw new Error('listener refuses');
    });
    const ok = await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_2', types: ['next_of_kin'] });
    expect(ok.status).toBe(201);
    const refused = await t.http().patch(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_0' });
    expect(refused.status).toBe(500);
    expect(heard).toEqual([
      [caseId, 'level_2'],
      [caseId, 'level_0'],
    ]);
    expect(await authorityRows(caseId)).toEqual([{ level: 'level_2', types: ['next_of_kin'] }]);
  });
});
