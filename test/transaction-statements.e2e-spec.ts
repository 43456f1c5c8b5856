/**
 * Issue 34 (item 4), issue 35: a hand-written statement of a write runs on the connection its transaction holds
 * through Kysely's public raw query, with its values bound and its `$n` placeholders as written; outside a
 * transaction, on the ORM's own `pg` pool. Against a real PostgreSQL: the text reaches the server unchanged (a `?` of
 * ours included), a prepared text is named once, the statement sees the transaction's uncommitted writes, and nothing
 * of it outlives a rollback.
 */
import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { transactionRows } from '@estate/shared-kernel';
import { transactionSql } from '../libs/shared-kernel/src/platform/jobs/transaction-sql';
import { plainRows } from '../libs/shared-kernel/src/platform/persistence/plain-query';
import { baseOrmConfig, NO_ENTITIES } from '../apps/api/src/database/orm-options';
import { cloneTemplateDatabase, dropDatabase, TEST_TEMPLATE_ENV } from './support/test-database';

describe('statements on a held transaction', () => {
  let orm: MikroORM;
  let databaseName: string;

  beforeAll(async () => {
    databaseName = `${(process.env[TEST_TEMPLATE_ENV] as string).replace('estate_template_', 'estate_test_')}_trx_${randomBytes(4).toString('hex')}`;
    orm = await MikroORM.init(baseOrmConfig(await cloneTemplateDatabase(databaseName), NO_ENTITIES, { poolMax: 2 }));
  });

  afterAll(async () => {
    await orm?.close(true);
    await dropDatabase(databaseName);
  });

  it('passes the text and its $n placeholders as written, values bound (a value may hold anything)', async () => {
    const rows = await orm.em.fork().transactional((em) =>
      transactionRows<{ value: string; has_key: boolean }>(em, `select $1::text as value, jsonb_exists('{"k": 1}'::jsonb, $2) as has_key`, ["it's a ? and a \\?", 'k']),
    );
    expect(rows).toEqual([{ value: "it's a ? and a \\?", has_key: true }]);
  });

  it('runs on the transaction’s own connection: it sees the uncommitted write, and the rollback takes it back', async () => {
    const name = `rolled-back-${randomBytes(4).toString('hex')}`;
    let seen: unknown;
    const rollBack = new Error('roll back');
    const outcome = await orm.em
      .fork()
      .transactional(async (em) => {
        const [backend] = await transactionRows<{ pid: number }>(em, 'select pg_backend_pid() as pid', []);
        await transactionRows(em, `insert into organizations (id, name, tier, created_at) values ($1, $2, 'pro', now())`, [randomBytes(13).toString('hex'), name]);
        const [again] = await plainRows<{ pid: number }>(em, 'select pg_backend_pid() as pid', []);
        seen = { samePid: backend.pid === again.pid, found: await plainRows<{ name: string }>(em, 'select name from organizations where name = $1', [name]) };
        throw rollBack;
      })
      .catch((error: unknown) => error);
    expect(outcome).toBe(rollBack);
    expect(seen).toEqual({ samePid: true, found: [{ name }] });
    expect(await plainRows(orm.em, 'select name from organizations where name = $1', [name])).toEqual([]);
  });

  it('names a prepared text once on the pooled path, the ORM’s own pool (no second pool beside it)', async () => {
    const single = await MikroORM.init(baseOrmConfig(orm.config.get('clientUrl') as string, NO_ENTITIES, { poolMax: 1 }));
    try {
      const text = `select $1::int + 1 as next /* ${randomBytes(4).toString('hex')} */`;
      const first = await plainRows<{ next: number }>(single.em.fork(), text, [1], { prepared: true });
      const second = await plainRows<{ next: number }>(single.em.fork(), text, [2], { prepared: true });
      const prepared = await plainRows<{ count: string }>(single.em.fork(), 'select count(*) from pg_prepared_statements where statement = $1', [text]);
      expect({ results: [first[0].next, second[0].next], prepared: Number(prepared[0].count) }).toEqual({ results: [2, 3], prepared: 1 });
      const pool = await single.em.getConnection().getNativeClient();
      expect(pool.totalCount).toBe(1);
    } finally {
      await single.close(true);
    }
  });

  it('runs pg-boss’s text as written (a $n used twice, JSON’s ?) on the transaction, rolled back with it, or on the pool', async () => {
    const name = `job-${randomBytes(4).toString('hex')}`;
    const insert = `insert into organizations (id, name, tier, created_at) select $1, $2, 'pro', now() where '{"k": 1}'::jsonb ? 'k' and $2::varchar is not null returning name`;
    const rollBack = new Error('roll back');
    const inside = await orm.em
      .fork()
      .transactional(async (em) => {
        const written = await transactionSql(em).executeSql(insert, [randomBytes(13).toString('hex'), name]);
        expect(written.rows).toEqual([{ name }]);
        expect((await transactionSql(em).executeSql('select name from organizations where name = $1', [name])).rows).toEqual([{ name }]);
        throw rollBack;
      })
      .catch((error: unknown) => error);
    expect(inside).toBe(rollBack);
    expect((await transactionSql(orm.em.fork()).executeSql('select name from organizations where name = $1', [name])).rows).toEqual([]);
    expect((await transactionSql(orm.em.fork()).executeSql(insert, [randomBytes(13).toString('hex'), name])).rows).toEqual([{ name }]);
  });

  it('refuses a text with a question mark, inside a transaction and outside one alike, before sending it', async () => {
    const text = `select '{"k": 1}'::jsonb ? 'k' as has_key`;
    await expect(orm.em.fork().transactional((em) => transactionRows(em, text, []))).rejects.toThrow(/has no "\?"/);
    await expect(orm.em.fork().transactional((em) => plainRows(em, text, []))).rejects.toThrow(/has no "\?"/);
    await expect(plainRows(orm.em.fork(), text, [])).rejects.toThrow(/has no "\?"/);
  });

  it('is refused outside a transaction: a write’s statement never commits on its own', async () => {
    await expect(transactionRows(orm.em.fork(), 'select 1', [])).rejects.toThrow(/outside its transaction/);
  });
});
