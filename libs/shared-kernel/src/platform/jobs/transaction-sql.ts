import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Transaction } from 'kysely';

/** What pg-boss calls to run its SQL on a connection of the caller's (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs pg-boss's statements on `em`'s connection: inside its transaction when one is open (a job is written by the
 * caller's own transaction, and goes with its rollback), otherwise on the ORM's pool. pg-boss writes PostgreSQL's
 * numbered parameters (`$1`, used more than once) and its texts may hold JSON's `?`: Kysely's raw query and `pg` take
 * both as written, values bound, so nothing is rewritten.
 */
export function transactionSql(em: EntityManager): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const transaction = em.getTransactionContext<Transaction<unknown>>();
      if (transaction) return { rows: (await transaction.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[] };
      const pool = await em.getConnection().getNativeClient();
      return { rows: (await pool.query(text, values)).rows as unknown[] };
    },
  };
}
