import { EntityManager, Knex } from '@mikro-orm/postgresql';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Pool, PoolConfig } from 'pg';
import { currentTransaction } from '../context/request-scope';
import { assertPlainText, PlainQueryOptions, preparedName, queryOnTransaction } from '../transactions/transaction-rows';

export type { PlainQueryOptions };


const pools = new WeakMap<object, Pool>();

/**
 * The pool plain statements run on: a `pg` pool beside the ORM's, made from the ORM's own connection options (the
 * same server, type parsers and timeouts; as many connections at most, opened when needed and closed after 10 s
 * idle). The ORM's pool goes through knex and tarn, about twenty promises for each statement's connection; a `pg` pool
 * hands out a connection in two (issue 7). Closed by `PlainQuery` when the application shuts down.
 */
function poolOf(em: EntityManager): Pool {
  const connection = em.getConnection();
  let pool = pools.get(connection);
  if (!pool) {
    // The ORM's own connection options (server, credentials, its type parsers) and settings (pool, driver options).
    const driver = (em.config.get('driverOptions') as { connection?: PoolConfig } | undefined)?.connection ?? {};
    const limits = em.config.get('pool') ?? {};
    pool = new Pool({
      ...(connection.getConnectionOptions() as PoolConfig),
      ...driver,
      max: limits.max ?? 10,
      connectionTimeoutMillis: limits.acquireTimeoutMillis ?? driver.connectionTimeoutMillis,
      idleTimeoutMillis: 10_000,
    });
    // An idle connection the server closed is dropped by the pool; nothing else to do here.
    pool.on('error', () => undefined);
    pools.set(connection, pool);
  }
  return pool;
}


/**
 * One hand-written, parameterised statement (`$1`, `$2`) on the connection the calling code holds (issue 17): its
 * transaction's when one is open (a use case reading inside a write sees its own changes, and a transaction holding
 * the case row never waits for a second connection), otherwise a pooled connection of its own (issue 7: no query
 * builder, no identity map, no hydration — about a tenth of the CPU of `em.findOne`). The same text either way, so
 * callers never ask whether a transaction is open. Writes keep the unit of work: this does not flush it, so a use
 * case reads here only what it has flushed.
 *
 * Dates, timestamps and intervals arrive as strings (the ORM's type parsers, on both connections).
 */
export async function plainRows<T>(em: EntityManager, text: string, values: readonly unknown[], options: PlainQueryOptions = {}): Promise<T[]> {
  const transaction = currentTransaction(em) as Knex.Transaction | undefined;
  if (transaction) return (await queryOnTransaction(transaction, text, values, options)).rows as T[];
  assertPlainText(text);
  const name = options.prepared ? preparedName(text) : undefined;
  const result = await poolOf(em).query(name ? { text, values: values as unknown[], name } : { text, values: values as unknown[] });
  return result.rows as T[];
}

/** `plainRows` as an injectable, for the adapters of the contexts; closes the plain pool when the application stops. */
@Injectable()
export class PlainQuery implements OnApplicationShutdown {
  constructor(private readonly em: EntityManager) {}

  rows<T>(text: string, values: readonly unknown[], options: PlainQueryOptions = {}): Promise<T[]> {
    return plainRows<T>(this.em, text, values, options);
  }

  async onApplicationShutdown(): Promise<void> {
    const connection = this.em.getConnection();
    const pool = pools.get(connection);
    pools.delete(connection);
    await pool?.end();
  }
}
