import { EntityManager } from '@mikro-orm/postgresql';
import { findRecords, parseListQuery, runListQuery, UnitOfWork } from '@estate/shared-kernel';
import { Client } from 'pg';
import { personResource } from '@estate/case';
import { ListStatements } from '../libs/shared-kernel/src/resources/pagination/list-statement';
import { recordColumns } from '../libs/shared-kernel/src/platform/persistence/record-columns';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

type Person = { id: string; lastName: string; relationship: string; isBeneficiary: boolean; waiverStatus: string | null; createdAt: Date };

/**
 * Issue 17: a list page is one statement, written from the record's columns, run on whatever connection the caller
 * holds — a pooled one, or its transaction's. Each query here runs both ways: the rows, order, totals and cursors must
 * be the same, the statement text the same, and the rows those an independent reading of the case's persons says.
 */
describe('list pages: one statement, inside a transaction and out (e2e)', () => {
  let t: TestApp;
  let em: EntityManager;
  let uow: UnitOfWork;
  let owner: TestCaller;
  let caseId: string;
  let everyone: Person[];

  const rules = {
    filters: {
      waiver_status: ['no_waiver_needed', 'waiver_pending', 'waiver_signed', 'waiver_refused'],
      is_beneficiary: { kind: 'boolean' as const },
      relationship: { kind: 'contains_text' as const },
      family: { kind: 'equals' as const, property: 'lastName' },
      named: {
        kind: 'computed' as const,
        values: ['adams', 'not_adams'],
        where: (value: string) => (value === 'adams' ? { lastName: 'Adams' } : { lastName: { $ne: 'Adams' } }),
      },
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
    // The case's persons as the ORM reads them: what every page below is checked against.
    everyone = (await em.fork().find(personResource.schema, { caseId })).map((person) => ({ ...person }) as unknown as Person);
    expect(everyone).toHaveLength(23);
  });
  afterAll(() => t.close());

  const context = { today: '2026-11-27' };
  const list = (query: Record<string, unknown>) => runListQuery(em.fork(), personResource.schema, { caseId }, parseListQuery(query, rules, ['persons', { caseId }]), context);
  const inTransaction = (query: Record<string, unknown>) =>
    uow.run(async (txEm) => {
      expect(uow.active).toBe(true);
      return runListQuery(txEm, personResource.schema, { caseId }, parseListQuery(query, rules, ['persons', { caseId }]), context);
    });

  /** What the page's filters keep, in its order (id breaks ties), read from `everyone` in JavaScript. */
  function expectedIds(query: Record<string, unknown>): string[] {
    const values = (name: string) => ([] as string[]).concat((query[name] as string | string[] | undefined) ?? []);
    const keep = (person: Person) =>
      (values('waiver_status').length === 0 || values('waiver_status').includes(person.waiverStatus as string)) &&
      (values('is_beneficiary').length === 0 || values('is_beneficiary').includes(String(person.isBeneficiary))) &&
      (values('relationship').length === 0 || values('relationship').some((text) => person.relationship.toLowerCase().includes(text.toLowerCase()))) &&
      (values('family').length === 0 || values('family').includes(person.lastName)) &&
      (values('named').length === 0 || values('named').some((value) => (value === 'adams') === (person.lastName === 'Adams')));
    const sortBy = (query.sort_by as string | undefined) ?? 'created_at';
    const direction = query.sort_order === 'asc' ? 1 : -1;
    const key = (person: Person) => (sortBy === 'last_name' ? person.lastName : person.createdAt.getTime());
    return everyone
      .filter(keep)
      .sort((a, b) => (key(a) < key(b) ? -direction : key(a) > key(b) ? direction : a.id < b.id ? -direction : direction))
      .map((person) => person.id);
  }

  const queries: Array<Record<string, unknown>> = [
    {},
    { per_page: '5', page: '3' },
    { per_page: '10', page: '2' },
    { sort_by: 'last_name', sort_order: 'asc', per_page: '7', page: '2' },
    { sort_by: 'last_name', sort_order: 'desc', per_page: '100' },
    { waiver_status: ['waiver_pending', 'waiver_refused'] },
    { is_beneficiary: 'false', sort_by: 'last_name' },
    { is_beneficiary: ['false', 'true'] },
    { relationship: '50%' },
    { relationship: 'step\\' },
    { relationship: '_' },
    { relationship: 'CHILD' },
    { relationship: ['child', 'spouse'], is_beneficiary: 'true' },
    { family: ['Baker', 'Clark'], per_page: '100' },
    { named: 'adams' },
    { named: ['adams', 'not_adams'], per_page: '100' },
    { cursor: '', per_page: '4' },
    { cursor: '', per_page: '6', sort_by: 'last_name', sort_order: 'asc' },
    { cursor: '', per_page: '5', waiver_status: 'waiver_signed' },
  ];

  it.each(queries.map((query) => [JSON.stringify(query), query]))('%s: the same statement and page both ways, the rows its filters keep', async (_label, query) => {
    const outside = await statementsOf(() => list(query));
    const inside = await statementsOf(() => inTransaction(query));
    const listed = (texts: string[]) => texts.filter((text) => text.includes('from "persons"'));
    expect(listed(outside.texts)).toHaveLength(1);
    expect(listed(inside.texts)).toEqual(listed(outside.texts));
    expect(outside.result).toEqual(inside.result);

    const expected = expectedIds(query);
    const perPage = Number(query.per_page ?? 25);
    const page = query.cursor === undefined ? Number(query.page ?? 1) : 1;
    expect(outside.result.rows.map((row) => row.id)).toEqual(expected.slice((page - 1) * perPage, page * perPage));
    expect(outside.result.rows.length).toBeGreaterThan(0);
    if (query.cursor === undefined) expect(outside.result.meta.total_count).toBe(expected.length);
    else expect(outside.result.meta.has_more).toBe(expected.length > perPage);
  });

  it('reads rows as plain fields: no entity, no prototype', async () => {
    const { rows } = await list({ per_page: '3' });
    for (const row of rows) expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(rows[0]).toEqual(expect.objectContaining({ caseId, createdAt: expect.any(Date), isBeneficiary: expect.any(Boolean) }));
  });

  /** The statements the pg driver is asked to run while `work` runs (every connection of the process goes through it). */
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

  it('walks every cursor page to the end the same way in both orders, in sort order with no row twice', async () => {
    for (const sort of [
      { sort_by: 'created_at', sort_order: 'desc' },
      { sort_by: 'created_at', sort_order: 'asc' },
      { sort_by: 'last_name', sort_order: 'asc' },
      { sort_by: 'last_name', sort_order: 'desc' },
    ]) {
      const seen: string[] = [];
      let cursor = '';
      for (let pages = 0; pages < 20; pages++) {
        const query = { ...sort, per_page: '4', cursor };
        const outside = await list(query);
        expect(outside).toEqual(await inTransaction(query));
        seen.push(...outside.rows.map((row) => row.id));
        if (!outside.meta.next_cursor) break;
        cursor = outside.meta.next_cursor;
      }
      expect(seen).toEqual(expectedIds(sort));
    }
  });

  it('an empty page still reports the total, both ways, in one statement', async () => {
    const query = { per_page: '10', page: '4' };
    const { result: outside, texts } = await statementsOf(() => list(query));
    expect(texts.filter((text) => text.includes('from "persons"'))).toHaveLength(1);
    expect(outside.rows).toEqual([]);
    expect(outside.meta).toMatchObject({ total_count: 23, total_pages: 3, has_more: false });
    expect(outside).toEqual(await inTransaction(query));
  });

  it('a filter that matches nothing gives an empty page with a total of 0, and an empty cursor page, both ways', async () => {
    for (const query of [{ relationship: 'no such relationship' }, { relationship: 'no such relationship', cursor: '' }]) {
      const { result: outside, texts } = await statementsOf(() => list(query));
      expect(texts.filter((text) => text.includes('from "persons"'))).toHaveLength(1);
      expect(outside.rows).toEqual([]);
      expect(outside.meta).toMatchObject(query.cursor === undefined ? { total_count: 0, total_pages: 0, has_more: false } : { has_more: false, next_cursor: null });
      expect(outside).toEqual(await inTransaction(query));
    }
  });

  it('inside a transaction, sees what the transaction wrote and has not committed', async () => {
    const before = await list({ per_page: '100' });
    await expect(
      uow.run(async (txEm) => {
        await txEm.getConnection().execute(`update persons set last_name = 'Zed' where case_id = ?`, [caseId], 'run', txEm.getTransactionContext());
        const inside = await runListQuery(txEm, personResource.schema, { caseId }, parseListQuery({ family: 'Zed', per_page: '100' }, rules, ['persons', { caseId }]));
        expect(inside.meta.total_count).toBe(23);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await list({ per_page: '100' })).toEqual(before);
  });

  it('findRecords: the rows meeting conditions as plain fields, in order; forUpdate holds them until the transaction ends', async () => {
    const adams = everyone.filter((person) => person.lastName === 'Adams').map((person) => person.id).sort();
    const found = await findRecords(em, personResource.schema, [{ caseId, lastName: 'Adams' }], { orderBy: { id: 'asc' } });
    expect(found.map((person) => person.id)).toEqual(adams);
    expect(Object.getPrototypeOf(found[0])).toBe(Object.prototype);

    const other = new Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await uow.run(async (txEm) => {
        await findRecords(txEm, personResource.schema, [{ caseId, id: adams[0] }], { forUpdate: true });
        // Another connection cannot take the same row's lock while this transaction holds it.
        await other.query(`set lock_timeout = '200ms'`);
        await expect(other.query('select id from persons where id = $1 for update', [adams[0]])).rejects.toThrow(/lock timeout/);
      });
      expect((await other.query('select id from persons where id = $1 for update', [adams[0]])).rows).toEqual([{ id: adams[0] }]);
    } finally {
      await other.end();
    }
  });
});

describe('ListStatements: the statement written from a record\'s columns (e2e metadata)', () => {
  let t: TestApp;
  let statements: ListStatements;
  beforeAll(async () => {
    t = await createTestApp();
    statements = new ListStatements(recordColumns(t.app.get(EntityManager), personResource.schema));
  });
  afterAll(() => t.close());

  const query = (overrides: object) => ({ page: 3, perPage: 25, sortBy: 'middle_name', sortOrder: 'desc' as const, filters: [], list: 'persons of C1', ...overrides });

  it('writes the page with the total of the same conditions, sharing its parameters; several values are one array', () => {
    const statement = statements.statementOf(
      [{ caseId: 'C1' }],
      query({
        filters: [
          { name: 'waiver_status', kind: 'enum', values: ['waiver_signed', 'waiver_refused'] },
          { name: 'relationship', kind: 'contains_text', values: ['50%', 'a\\b_c'] },
        ],
      }),
      undefined,
    );
    const where = `("case_id" = $1) and ("waiver_status" = any($2)) and ("relationship" ilike any($3))`;
    expect(statement).toEqual({
      text:
        `select "page".*, "total"."count" as "__total_count" from (select count(*) from "persons" where ${where}) as "total" ` +
        `left join lateral (select * from "persons" where ${where} order by "middle_name" desc nulls last, "id" desc limit $4 offset $5) as "page" on true ` +
        `order by "page"."middle_name" desc nulls last, "page"."id" desc`,
      values: ['C1', ['waiver_signed', 'waiver_refused'], ['%50\\%%', '%a\\\\b\\_c%'], 25, 50],
    });
  });

  it('writes a keyset position and no total in cursor mode: a row comparison on a NOT NULL column, NULLs last on a nullable one', () => {
    const at = new Date('2026-11-26T08:00:00.000Z');
    expect(statements.statementOf([{ caseId: 'C1' }], query({ sortBy: 'created_at', sortOrder: 'asc', cursor: { value: at, id: 'P9' } }), undefined)).toEqual({
      text: `select * from "persons" where ("case_id" = $1) and (("created_at", "id") > ($2, $3)) order by "created_at" asc, "id" asc limit $4`,
      values: ['C1', at.toISOString(), 'P9', 26],
    });
    expect(statements.statementOf([{ caseId: 'C1' }], query({ cursor: { value: 'M', id: 'P9' } }), undefined).text).toBe(
      `select * from "persons" where ("case_id" = $1) and ("middle_name" < $2 or ("middle_name" = $2 and "id" < $3) or "middle_name" is null) ` +
        `order by "middle_name" desc nulls last, "id" desc limit $4`,
    );
    expect(statements.statementOf([{ caseId: 'C1' }], query({ cursor: { value: null, id: 'P9' } }), undefined).text).toContain(`("middle_name" is null and "id" < $2)`);
  });

  it('writes a select of the rows meeting conditions: prefixes taken literally, an empty $or false, an order, a lock', () => {
    expect(statements.selectOf([{ caseId: 'C1' }, { $or: [{ lastName: { $in: ['Adams'] } }, { relationship: { $startsWith: ['50%', 'a_b'] } }] }])).toEqual({
      text: `select * from "persons" where ("case_id" = $1) and (("last_name" = any($2)) or ("relationship" like any($3)))`,
      values: ['C1', ['Adams'], ['50\\%%', 'a\\_b%']],
    });
    expect(statements.selectOf([{ caseId: 'C1' }, { $or: [] }], { orderBy: { lastName: 'asc', id: 'desc' }, forUpdate: true })).toEqual({
      text: `select * from "persons" where ("case_id" = $1) and (false) order by "last_name" asc, "id" desc for update`,
      values: ['C1'],
    });
  });

  it('checks once that every sort and filter of a list names a column of the table', () => {
    expect(() => statements.check({ filters: { waiver_status: ['x'], family: { kind: 'equals', property: 'lastName' } }, sorts: ['created_at', 'last_name'] })).not.toThrow();
    expect(() => statements.check({ filters: {}, sorts: ['created_at', 'nickname'] })).toThrow('no column for the property nickname');
    expect(() => statements.check({ filters: { colour: { kind: 'contains_text' } }, sorts: [] })).toThrow('no column for the property colour');
  });

  it.each([
    ['an operator it does not know', [{ caseId: { $like: 'C%' } }]],
    ['a property the table does not have', [{ caseId: 'C1', nickname: 'x' }]],
    ['a nested object as a value', [{ caseId: 'C1', lastName: { $gt: { a: 1 } } }]],
  ])('refuses %s (a mistake in a declaration, not a reason to read another way)', (_label, conditions) => {
    expect(() => statements.statementOf(conditions as never, query({}), undefined)).toThrow();
  });
});
