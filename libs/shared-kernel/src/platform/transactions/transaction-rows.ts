import type { EntityManager } from '@mikro-orm/postgresql';
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

/** A transaction as MikroORM holds it (knex's): its client hands out the one connection the transaction runs on. */
export interface HeldTransaction {
  client: { acquireConnection(): Promise<{ query(config: { text: string; values: unknown[]; name?: string }): Promise<QueryResult> }> };
}

/**
 * One hand-written statement of a write, on the connection of the transaction `em` holds (issue 19). Unlike
 * `plainRows` it never falls back to a pooled connection: a lock taken or a row written there would commit on its
 * own, outside the write. MikroORM's `execute` would run the same text through its query formatting, knex's runner
 * and tarn's hand-out, about half of the CPU of a write's plain statements; this is `pg` on the held connection,
 * prepared when asked.
 */
export async function transactionRows<T>(em: EntityManager, text: string, values: readonly unknown[], options: PlainQueryOptions = {}): Promise<T[]> {
  const transaction = em.getTransactionContext() as HeldTransaction | undefined;
  if (transaction === undefined) throw new Error(`a statement of a write ran outside its transaction: ${text.slice(0, 60)}`);
  const name = options.prepared ? preparedName(text) : undefined;
  const config = name ? { text, values: values as unknown[], name } : { text, values: values as unknown[] };
  const result = await (await transaction.client.acquireConnection()).query(config);
  return result.rows as T[];
}
