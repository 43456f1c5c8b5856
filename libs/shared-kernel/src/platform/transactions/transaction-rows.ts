import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Transaction } from 'kysely';

export interface PlainQueryOptions {
  /**
   * A named prepared statement: PostgreSQL parses and plans the text once per pooled connection rather than on every
   * call (about half of the server's CPU for a primary-key read, issue 7). Only for a fixed text on a hot path — each
   * distinct text stays prepared on every connection of the pool.
   */
  prepared?: boolean;
}

/** Statement names by text; at most this many texts are prepared, the rest run unnamed. */
const MAX_PREPARED = 100;
const preparedNames = new Map<string, string>();

export function preparedName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `estate_plain_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * Plain statements carry no `?`: the ORM's own `execute` takes a `?` for a placeholder and formats values into the
 * text, so a text with one would mean something else there. Refused everywhere, so a text that runs on one path runs
 * on every path. JSON's `?` operator has a function of its own: `jsonb_exists(value, key)`.
 */
export function assertPlainText(text: string): void {
  if (text.includes('?')) throw new Error(`a plain statement has no "?" (use $1, $2… and jsonb_exists for JSON's ? operator): ${text.slice(0, 80)}`);
}

/**
 * A statement on the connection a transaction holds, through Kysely's public raw query (MikroORM 7 runs its
 * transactions on Kysely): the text goes to `pg` as written, with its values as the query's parameters, so no
 * placeholder is rewritten and no value is formatted into the text. Kysely names no statement, so inside a
 * transaction a statement is parsed each time (the pooled path, `plainRows`, keeps its prepared names).
 */
export async function queryOnTransaction<T>(transaction: Transaction<unknown>, text: string, values: readonly unknown[]): Promise<T[]> {
  assertPlainText(text);
  return (await transaction.executeQuery<T>(CompiledQuery.raw(text, [...values]))).rows as T[];
}

/**
 * One hand-written statement of a write, on the connection of the transaction `em` holds (issue 19). Unlike
 * `plainRows` it never falls back to a pooled connection: a lock taken or a row written there would commit on its
 * own, outside the write. MikroORM's `execute` would format the values into the text and take the ORM's query path;
 * this is the text and its values on the held connection, prepared when asked.
 */
export async function transactionRows<T>(em: EntityManager, text: string, values: readonly unknown[]): Promise<T[]> {
  const transaction = em.getTransactionContext<Transaction<unknown>>();
  if (transaction === undefined) throw new Error(`a statement of a write ran outside its transaction: ${text.slice(0, 60)}`);
  return queryOnTransaction<T>(transaction, text, values);
}
