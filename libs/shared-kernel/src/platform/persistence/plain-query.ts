import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { currentTransaction } from '../context/request-scope';
import { assertPlainText, PlainQueryOptions, preparedName, queryOnTransaction } from '../transactions/transaction-rows';

export type { PlainQueryOptions };

/**
 * One hand-written, parameterised statement (`$1`, `$2`) on the connection the calling code holds (issue 17): its
 * transaction's when one is open (a use case reading inside a write sees its own changes, and a transaction holding
 * the case row never waits for a second connection), otherwise a connection of the ORM's own `pg` pool (issue 7: no
 * query builder, no identity map, no hydration — about a tenth of the CPU of `em.findOne`). The same text either way,
 * so callers never ask whether a transaction is open. Writes keep the unit of work: this does not flush it, so a use
 * case reads here only what it has flushed. MikroORM 7's pool is `pg`'s own (`getNativeClient`), so a pooled statement
 * takes a connection in two promises and can be a named prepared statement.
 *
 * Dates, timestamps and intervals arrive as strings (the ORM's type parsers, on its pool and so on both paths).
 */
export async function plainRows<T>(em: EntityManager, text: string, values: readonly unknown[], options: PlainQueryOptions = {}): Promise<T[]> {
  const transaction = currentTransaction(em) as Transaction<unknown> | undefined;
  if (transaction) return queryOnTransaction<T>(transaction, text, values);
  assertPlainText(text);
  const name = options.prepared ? preparedName(text) : undefined;
  const pool = await em.getConnection().getNativeClient();
  const result = await pool.query(name ? { text, values: values as unknown[], name } : { text, values: values as unknown[] });
  return result.rows as T[];
}

/** `plainRows` as an injectable, for the adapters of the contexts. */
@Injectable()
export class PlainQuery {
  constructor(private readonly em: EntityManager) {}

  rows<T>(text: string, values: readonly unknown[], options: PlainQueryOptions = {}): Promise<T[]> {
    return plainRows<T>(this.em, text, values, options);
  }
}
