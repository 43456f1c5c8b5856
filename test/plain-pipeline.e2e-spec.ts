import { Client } from 'pg';
import { PlainQuery } from '@estate/shared-kernel';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Issue 17, item 5: the searches context answers the case's pending searches as data through its port, with its own
 * statement; `GET /v1/cases/{case_id}` still costs one round trip because both statements travel in one pipeline.
 */
describe('kernel: statements pipelined in one round trip (e2e)', () => {
  let t: TestApp;
  let plain: PlainQuery;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    plain = t.app.get(PlainQuery);
    owner = await t.invite();
  });
  afterAll(() => t.close());

  /** The `pg` client queries (round trips) made while `work` runs, each as the statement texts it carried. */
  async function roundTripsOf<T>(work: () => Promise<T>): Promise<{ result: T; trips: number; texts: string[][] }> {
    const query = Client.prototype.query;
    const texts: string[][] = [];
    Client.prototype.query = function counted(this: Client, ...args: unknown[]) {
      const config = args[0] as { text?: string; queries?: Array<{ text: string }> } | string;
      texts.push(typeof config === 'string' ? [config] : (config.queries?.map((inner) => inner.text) ?? [config.text ?? '']));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      return { result: await work(), trips: texts.length, texts };
    } finally {
      Client.prototype.query = query;
    }
  }

  it('statements added in the same tick share one round trip and each gets its own rows, prepared or not', async () => {
    const { result, trips } = await roundTripsOf(() => {
      const reads = plain.pipeline();
      return Promise.all([
        reads.rows<{ n: number }>('select $1::int + 1 as n', [41], { prepared: true }),
        reads.rows<{ day: string; words: string[] }>('select $1::date as day, $2::text[] as words', ['2024-02-29', ['a', 'b']]),
        reads.rows<{ n: number }>('select generate_series(1, $1::int) as n', [3]),
      ]);
    });
    expect(trips).toBe(1);
    expect(result).toEqual([[{ n: 42 }], [{ day: '2024-02-29', words: ['a', 'b'] }], [{ n: 1 }, { n: 2 }, { n: 3 }]]);
  });

  it('a failing statement fails its batch; the next batch runs on a sound connection, prepared statements included', async () => {
    const reads = plain.pipeline();
    const outcome = await Promise.allSettled([
      reads.rows('select $1::int as n', [1], { prepared: true }),
      reads.rows('select 1 / $1::int as n', [0]),
    ]);
    expect(outcome.map((settled) => settled.status)).toEqual(['rejected', 'rejected']);
    expect(String((outcome[1] as PromiseRejectedResult).reason)).toMatch(/division by zero/);
    const again = plain.pipeline();
    expect(await Promise.all([again.rows('select $1::int as n', [2], { prepared: true }), again.rows('select 3 as n', [])])).toEqual([[{ n: 2 }], [{ n: 3 }]]);
  });

  it('a statement added after its batch left travels in the next one and is still answered', async () => {
    const { result, trips } = await roundTripsOf(async () => {
      const reads = plain.pipeline();
      const first = await reads.rows<{ n: number }>('select 1 as n', []);
      const second = await reads.rows<{ n: number }>('select 2 as n', []);
      return [first, second];
    });
    expect(trips).toBe(2);
    expect(result).toEqual([[{ n: 1 }], [{ n: 2 }]]);
  });

  it("GET /v1/cases/{case_id} reads the case and, through the searches context's port, its pending searches in one round trip", async () => {
    const caseId = (await t.http().post('/v1/cases').set(owner.auth).send({})).body.data.id as string;
    expect((await t.http().post(`/v1/cases/${caseId}/searches`).set(owner.auth).send({ type: 'vehicle' })).status).toBe(201);
    // The first read of this caller and case may look them up; the figure is for the read itself.
    await t.http().get(`/v1/cases/${caseId}`).set(owner.auth);
    const { result: res, texts } = await roundTripsOf(() => t.http().get(`/v1/cases/${caseId}`).set(owner.auth));
    expect(res.status).toBe(200);
    expect(res.body.data.pending_searches).toEqual(['vehicle']);
    const reading = texts.filter((trip) => trip.some((text) => /\bfrom (cases|searches)\b/.test(text)));
    expect(reading).toHaveLength(1);
    expect(reading[0]).toEqual([expect.stringMatching(/from cases c where c\.id = \$1/), expect.stringMatching(/from searches where case_id = \$1/)]);
  });
});
