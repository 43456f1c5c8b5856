import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { QueryResult } from 'pg';

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
 * Plain statements carry no `?`: on a transaction's connection they pass through knex, which may take a `?` for a
 * placeholder of its own (MikroORM's patch of knex skips that for a query without knex bindings; plain knex does not,
 * and no escape survives both). Refused everywhere, so a text that runs outside a transaction runs inside one too.
 * JSON's `?` operator has a function of its own: `jsonb_exists(value, key)`.
 */
export function assertPlainText(text: string): void {
  if (text.includes('?')) throw new Error(`a plain statement has no "?" (use $1, $2… and jsonb_exists for JSON's ? operator): ${text.slice(0, 80)}`);
}

/**
 * A statement on the connection a transaction holds, through knex's public raw query (MikroORM 6 runs its
 * transactions on knex): the text goes to `pg` as written, with the values and a prepared statement's name as the
 * query's `pg` options, so no placeholder is rewritten and no value is formatted into the text.
 */
export async function queryOnTransaction(transaction: Knex.Transaction, text: string, values: readonly unknown[], options: PlainQueryOptions = {}): Promise<QueryResult> {
  assertPlainText(text);
  const name = options.prepared ? preparedName(text) : undefined;
  const config = name ? { values, name } : { values };
  return (await transaction.raw(text).options(config)) as unknown as QueryResult;
}

/**
 * One hand-written statement of a write, on the connection of the transaction `em` holds (issue 19). Unlike
 * `plainRows` it never falls back to a pooled connection: a lock taken or a row written there would commit on its
 * own, outside the write. MikroORM's `execute` would format the values into the text and take the ORM's query path;
 * this is the text and its values on the held connection, prepared when asked.
 */
export async function transactionRows<T>(em: EntityManager, text: string, values: readonly unknown[], options: PlainQueryOptions = {}): Promise<T[]> {
  const transaction = em.getTransactionContext<Knex.Transaction>();
  if (transaction === undefined) throw new Error(`a statement of a write ran outside its transaction: ${text.slice(0, 60)}`);
  return (await queryOnTransaction(transaction, text, values, options)).rows as T[];
}
