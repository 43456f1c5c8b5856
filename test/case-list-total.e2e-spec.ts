import fc from 'fast-check';
import { ulid } from 'ulid';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Issue 39: the case list's page-mode `total_count` reads the organization's live cases from a counter the database
 * keeps (`organization_case_counts`, triggers on `cases`) instead of counting them on every request. Whatever writes
 * the cases — the API, one SQL row or a bulk statement, a soft delete undone — the total stays exactly the number of
 * live cases, as `count(*)` would say.
 */
describe('the case list total (issue 39)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const totalListed = async (caller: TestCaller, query = '') => {
    const res = await t.http().get(`/v1/cases?per_page=1${query}`).set(caller.auth).expect(200);
    return res.body.meta.total_count as number;
  };
  const liveCounted = async (organizationId: string) =>
    Number((await t.sql<{ count: string }>('select count(*) from cases where organization_id = $1 and deleted_at is null', [organizationId]))[0].count);
  const counter = async (organizationId: string) =>
    (await t.sql<{ live_cases: string }>('select live_cases from organization_case_counts where organization_id = $1', [organizationId])).map((row) => Number(row.live_cases));

  const createCase = async (caller: TestCaller) => (await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201)).body.data.id as string;
  const insertCases = (organizationId: string, count: number) =>
    t.sql(
      `insert into cases (id, organization_id, created_at, updated_at, version)
       select $1 || lpad(i::text, 6, '0'), $2, now(), now(), 1 from generate_series(1, $3::int) as i`,
      [ulid().slice(0, 20), organizationId, count],
    );

  it('counts cases created through the API, one at a time and at once, and leaves deleted ones out', async () => {
    const owner = await t.invite();
    expect(await totalListed(owner)).toBe(0);
    const first = await createCase(owner);
    await Promise.all(Array.from({ length: 8 }, () => createCase(owner)));
    expect(await totalListed(owner)).toBe(9);
    expect(await counter(owner.organizationId)).toEqual([9]);

    await t.http().delete(`/v1/cases/${first}`).set(owner.auth).expect(204);
    expect(await totalListed(owner)).toBe(8);
    expect(await counter(owner.organizationId)).toEqual([8]);
    // A filtered list is counted by its conditions, and agrees.
    expect(await totalListed(owner, '&access=member')).toBe(8);
    expect(await totalListed(owner, '&progress=completed')).toBe(0);
  });

  it('a case created in a transaction that rolls back is not counted', async () => {
    const owner = await t.invite();
    await createCase(owner);
    await t.sql('begin');
    await insertCases(owner.organizationId, 3);
    expect(await counter(owner.organizationId)).toEqual([4]);
    await t.sql('rollback');
    expect(await counter(owner.organizationId)).toEqual([1]);
    expect(await totalListed(owner)).toBe(1);
  });

  it('stays exactly count(*) through any sequence of API creates and deletes, SQL inserts, soft deletes, restores and hard deletes', async () => {
    type Step = { kind: 'create' } | { kind: 'delete'; pick: number } | { kind: 'insert'; count: number } | { kind: 'soft'; pick: number } | { kind: 'restore'; pick: number } | { kind: 'purge'; pick: number; count: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.constant({ kind: 'create' as const }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('insert' as const), count: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('soft' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('purge' as const), pick: fc.nat(), count: fc.integer({ min: 1, max: 3 }) }),
    );
    const other = await t.invite();
    await createCase(other);

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const owner = await t.invite();
        const ids = async (live: boolean) =>
          (await t.sql<{ id: string }>(`select id from cases where organization_id = $1 and (deleted_at is null) = $2 order by id`, [owner.organizationId, live])).map((row) => row.id);
        for (const each of steps) {
          if (each.kind === 'create') await createCase(owner);
          if (each.kind === 'insert') await insertCases(owner.organizationId, each.count);
          const live = await ids(true);
          if (each.kind === 'delete' && live.length > 0) await t.http().delete(`/v1/cases/${live[each.pick % live.length]}`).set(owner.auth).expect(204);
          if (each.kind === 'soft' && live.length > 0) await t.sql('update cases set deleted_at = now() where id = $1', [live[each.pick % live.length]]);
          if (each.kind === 'restore') {
            const gone = await ids(false);
            if (gone.length > 0) await t.sql('update cases set deleted_at = null where id = $1', [gone[each.pick % gone.length]]);
          }
          if (each.kind === 'purge') {
            // Rows no other record names: those inserted by SQL (one statement deleting several, live or not).
            const bare = await t.sql<{ id: string }>(
              `select id from cases c where organization_id = $1 and not exists (select 1 from events e where e.case_id = c.id) order by id`,
              [owner.organizationId],
            );
            const doomed = bare.slice(each.pick % Math.max(bare.length, 1)).slice(0, each.count).map((row) => row.id);
            if (doomed.length > 0) await t.sql('delete from cases where id = any($1)', [doomed]);
          }
          const expected = await liveCounted(owner.organizationId);
          expect(await totalListed(owner)).toBe(expected);
        }
        // Another organization's count never moves with this one's.
        expect(await counter(other.organizationId)).toEqual([1]);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
