import { EntityManager } from '@mikro-orm/postgresql';
import { parseListQuery, runListQuery, UnitOfWork } from '@estate/shared-kernel';
import { PersonSchema } from '../libs/case/src/infrastructure/persistence/case.schemas';
import { Client } from 'pg';
import { plainListStatement } from '../libs/shared-kernel/src/pagination/plain-list-sql';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Issue 7: outside a transaction a list page is the hand-written, prepared statement (`plainListStatement`); inside one
 * the query builder writes it. Both must give the same rows, order, totals and cursors for every kind of condition a
 * list can carry, so each query here runs both ways and the answers are compared whole.
 */
describe('list pages: the hand-written statement and the query builder agree (e2e)', () => {
  let t: TestApp;
  let em: EntityManager;
  let uow: UnitOfWork;
  let owner: TestCaller;
  let caseId: string;

  const rules = {
    filters: {
      waiver_status: ['no_waiver_needed', 'waiver_pending', 'waiver_signed', 'waiver_refused'],
      is_beneficiary: { kind: 'boolean' as const },
      relationship: { kind: 'contains_text' as const },
    },
    sorts: ['created_at', 'updated_at', 'last_name'],
  };

  beforeAll(async () => {
    t = await createTestApp();
    em = t.app.get(EntityManager);
    uow = t.app.get(UnitOfWork);
    owner = await t.invite();
    const created = await t.http().post('/v1/cases').set(owner.auth).send({});
    expect(created.status).toBe(201);
    caseId = created.body.data.id;
    const relationships = ['child', 'grand_child', 'spouse', '50%_partner', 'step\\child'];
    for (let i = 0; i < 23; i++) {
      const res = await t
        .http()
        .post(`/v1/cases/${caseId}/persons`)
        .set(owner.auth)
        .send({
          first_name: `P${i}`,
          // Repeated last names, so sorting by them leans on the id tie-break.
          last_name: ['Adams', 'Baker', 'Clark'][i % 3],
          relationship: relationships[i % relationships.length],
          is_beneficiary: i % 2 === 0,
          ...(i % 4 === 0 ? {} : { waiver_status: ['waiver_pending', 'waiver_signed', 'waiver_refused'][i % 3] }),
        });
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => t.close());

  const list = (query: Record<string, unknown>) => runListQuery(em.fork(), PersonSchema, { caseId }, parseListQuery(query, rules));
  const inTransaction = (query: Record<string, unknown>) =>
    uow.run(async (txEm) => {
      expect(uow.active).toBe(true);
      return runListQuery(txEm, PersonSchema, { caseId }, parseListQuery(query, rules));
    });
  const comparable = (page: Awaited<ReturnType<typeof list>>) => ({
    ids: page.rows.map((row) => row.id),
    rows: page.rows.map((row) => ({ ...row })),
    meta: page.meta,
  });

  const queries: Array<Record<string, unknown>> = [
    {},
    { per_page: '5', page: '3' },
    { per_page: '10', page: '2' },
    { sort_by: 'last_name', sort_order: 'asc', per_page: '7', page: '2' },
    { sort_by: 'updated_at', sort_order: 'desc' },
    { waiver_status: ['waiver_pending', 'waiver_refused'] },
    { is_beneficiary: 'false', sort_by: 'last_name' },
    { relationship: '50%' },
    { relationship: 'step\\' },
    { relationship: ['child', 'spouse'], is_beneficiary: 'true' },
    { cursor: '', per_page: '4' },
    { cursor: '', per_page: '6', sort_by: 'last_name', sort_order: 'asc' },
    { cursor: '', per_page: '5', waiver_status: 'waiver_signed' },
  ];

  it.each(queries.map((query) => [JSON.stringify(query), query]))('%s: the same page both ways', async (_label, query) => {
    const plain = await statementsOf(() => list(query));
    const built = await statementsOf(() => inTransaction(query));
    // Outside the transaction the page is the hand-written statement; inside, the query builder's ("p0" is its alias).
    expect(plain.texts.filter((text) => text.startsWith('select * from "persons"') || text.startsWith('select "page".*'))).toHaveLength(1);
    expect(plain.texts.some((text) => text.includes('"p0"'))).toBe(false);
    expect(built.texts.filter((text) => text.includes('from "persons" as "p0"'))).toHaveLength(1);
    expect(comparable(plain.result)).toEqual(comparable(built.result));
    expect(plain.result.rows.length).toBeGreaterThan(0);
  });

  /** The statements the pg driver is asked to run while `work` runs (every pool of the process goes through it). */
  async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
    const texts: string[] = [];
    const original = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      texts.push(typeof config === 'string' ? config : (config?.text ?? ''));
      return (original as (...params: unknown[]) => unknown).apply(this, args);
    } as never);
    try {
      return { result: await work(), texts };
    } finally {
      spy.mockRestore();
    }
  }

  it('walks every cursor page to the end the same way, in sort order with no row twice', async () => {
    for (const sort of [{ sort_by: 'created_at', sort_order: 'desc' }, { sort_by: 'last_name', sort_order: 'asc' }]) {
      const seen: string[] = [];
      let cursor = '';
      for (let pages = 0; pages < 20; pages++) {
        const query = { ...sort, per_page: '4', cursor };
        const plain = await list(query);
        expect(comparable(plain)).toEqual(comparable(await inTransaction(query)));
        seen.push(...plain.rows.map((row) => row.id));
        if (!plain.meta.next_cursor) break;
        cursor = plain.meta.next_cursor;
      }
      expect(seen).toHaveLength(23);
      expect(new Set(seen).size).toBe(23);
    }
  });

  it('an empty page still reports the total, both ways, in one statement on the plain path', async () => {
    const query = { per_page: '10', page: '4' };
    const { result: plain, texts } = await statementsOf(() => list(query));
    expect(texts).toHaveLength(1);
    expect(plain.rows).toEqual([]);
    expect(plain.meta).toMatchObject({ total_count: 23, total_pages: 3, has_more: false });
    expect(comparable(plain)).toEqual(comparable(await inTransaction(query)));
  });

  it('a filter that matches nothing gives an empty page with a total of 0, both ways, in one statement on the plain path', async () => {
    const query = { relationship: 'no such relationship' };
    const { result: plain, texts } = await statementsOf(() => list(query));
    expect(texts).toHaveLength(1);
    expect(plain.meta).toMatchObject({ total_count: 0, total_pages: 0, has_more: false });
    expect(comparable(plain)).toEqual(comparable(await inTransaction(query)));
  });
});

describe('plainListStatement: the statement it writes, and what it leaves to the query builder (e2e metadata)', () => {
  let t: TestApp;
  let em: EntityManager;
  beforeAll(async () => {
    t = await createTestApp();
    em = t.app.get(EntityManager);
  });
  afterAll(() => t.close());

  const persons = () => em.getMetadata().find('Person')!;
  const order = { property: 'lastName', direction: 'asc' as const, nullsLast: false };

  it('writes the page with the total as a subquery sharing its parameters', () => {
    const statement = plainListStatement(
      persons(),
      [{ caseId: 'C1' }, { $or: [{ waiverStatus: { $in: ['waiver_signed', 'waiver_refused'] } }, { waiverStatus: null }] }, { relationship: { $ilike: '%child%' } }],
      { property: 'middleName', direction: 'desc', nullsLast: true },
      { limit: 25, offset: 50, withTotal: true },
    );
    const where = `("case_id" = $1) and (("waiver_status" in ($2, $3)) or ("waiver_status" is null)) and ("relationship" ilike $4)`;
    expect(statement).toEqual({
      text:
        `select "page".*, "total"."count" as "__total_count" from (select count(*) from "persons" where ${where}) as "total" ` +
        `left join lateral (select * from "persons" where ${where} order by "middle_name" desc nulls last, "id" desc limit $5 offset $6) as "page" on true ` +
        `order by "page"."middle_name" desc nulls last, "page"."id" desc`,
      values: ['C1', 'waiver_signed', 'waiver_refused', '%child%', 25, 50],
    });
  });

  it('writes a keyset position and no total in cursor mode; an empty $in matches nothing', () => {
    const at = new Date('2026-11-26T08:00:00.000Z');
    const statement = plainListStatement(
      persons(),
      [{ caseId: 'C1', isBeneficiary: true }, { $or: [{ createdAt: { $gt: at } }, { createdAt: at, id: { $gt: 'P9' } }] }, { waiverStatus: { $in: [] } }],
      { property: 'createdAt', direction: 'asc', nullsLast: false },
      { limit: 11, offset: 0, withTotal: false },
    );
    expect(statement).toEqual({
      text:
        `select * from "persons" where (("case_id" = $1) and ("is_beneficiary" = $2)) and (("created_at" > $3) or (("created_at" = $4) and ("id" > $5))) and (false) ` +
        `order by "created_at" asc, "id" asc limit $6 offset $7`,
      values: ['C1', true, at.toISOString(), at.toISOString(), 'P9', 11, 0],
    });
  });

  it.each([
    ['an operator it does not write', [{ caseId: { $like: 'C%' } }]],
    ['a property the table does not have', [{ caseId: 'C1', nickname: 'x' }]],
    ['a nested object in a list of values', [{ caseId: { $in: [{ id: 'C1' }] } }]],
    ['a nested object as a value', [{ caseId: 'C1', lastName: { $gt: { a: 1 } } }]],
    ['a value of another kind (undefined)', [{ caseId: undefined }]],
  ])('leaves %s to the query builder (undefined)', (_label, conditions) => {
    expect(plainListStatement(persons(), conditions as never, order, { limit: 25, offset: 0, withTotal: true })).toBeUndefined();
  });

  it('never writes a condition on an encrypted column', () => {
    const bankAccounts = em.getMetadata().find('BankAccount')!;
    expect(plainListStatement(bankAccounts, [{ caseId: 'C1', accountNumber: '123' }], { property: 'createdAt', direction: 'desc', nullsLast: false }, { limit: 25, offset: 0, withTotal: true })).toBeUndefined();
  });
});
